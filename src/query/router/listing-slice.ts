/**
 * A window of a listing without `q`, read from the precomputed documents of one kind: the
 * listing pages the window overlaps (PAGE_SIZE entities each), joined and sliced; or, past
 * the pages a site holds (`static_pages.depth`), the leaves the listing's map names
 * (formats/listing-leaves.ts).
 */
import { type FilterValues, COLLECTIONS, type IndustryNames, type Kind } from '../semantics/index.js';
import { type DatasetResponse, type KindSlice, parseListingLeaf, parseListingPage } from '../responses/index.js';
import {
  leafMapPath,
  leafPath,
  leavesOfWindow,
  listingFolder,
  listingPath,
  PAGE_SIZE,
  missingDocument,
  parseLeafMap,
  SiteError,
} from '../formats/index.js';
import type { DocumentReader } from './document-reader.js';
import { readSearchSlice } from './search-slice.js';

/**
 * The entities of one kind matching `filters` (as they match: matchedFilters) in the window [offset, offset + limit), and
 * their total. A missing page 1 means nothing matches (the build writes no file for a
 * combination without matches); an offset past the end reads page 1 for the total.
 */
export async function readListingSlice(
  reader: DocumentReader,
  kind: Kind,
  filters: FilterValues,
  limit: number,
  offset: number,
): Promise<KindSlice> {
  const { industryNames: names, pageDepth } = await reader.site();
  const window: ListingWindow = { reader, kind, filters, limit, offset, names, pageDepth };
  if (pageDepth !== undefined && offset + limit > pageDepth * PAGE_SIZE) {
    const slice = await readLeaves(window);
    // Without a map, the listing has no more pages than the site holds.
    if (slice !== undefined) return slice;
  }
  return readPages(window);
}

// A window of a listing to read, and the industry names its filters match by.
interface ListingWindow {
  reader: DocumentReader;
  kind: Kind;
  filters: FilterValues;
  limit: number;
  offset: number;
  names: IndustryNames;
  /** The pages each listing holds, when the site holds a depth. */
  pageDepth: number | undefined;
}

// The window from the listing pages.
async function readPages({
  reader,
  kind,
  filters,
  limit,
  offset,
  names,
  pageDepth,
}: ListingWindow): Promise<KindSlice> {
  const collection = COLLECTIONS[kind];
  const readPage = async (page: number, required = false): Promise<DatasetResponse | undefined> => {
    const path = listingPath(kind, filters, page);
    const text = required ? await reader.required(path) : await reader.find(path);
    if (text === undefined) return undefined;
    const document = parseListingPage(path, text, kind, filters, page, names);
    reader.stamp(document._meta.generated_at);
    return document;
  };
  const first = Math.floor(offset / PAGE_SIZE) + 1;
  const firstPage = await readPage(first);
  const head = firstPage ?? (first > 1 ? await readPage(1) : undefined);
  if (head === undefined) {
    // The build writes no page of a listing without matches: one the search index finds matches of is missing.
    const { total } = await readSearchSlice(reader, kind, {}, filters, {}, 0, 0);
    if (total > 0) throw missingDocument(listingPath(kind, filters, 1));
    return { entities: [], total: 0 };
  }
  const total = head._meta.totals[collection]!;
  if (firstPage === undefined) {
    // Past the pages held, the window was the leaves' had their map been there.
    const past = pageDepth !== undefined && first > pageDepth;
    if (offset < total)
      throw missingDocument(past ? leafMapPath(listingFolder(kind, filters)) : listingPath(kind, filters, first));
    return { entities: [], total };
  }

  const last = Math.min(Math.ceil(total / PAGE_SIZE), Math.floor((offset + limit - 1) / PAGE_SIZE) + 1);
  const later = await Promise.all(
    Array.from({ length: Math.max(0, last - first) }, (_, i) => readPage(first + 1 + i, true)),
  );
  const entities = [firstPage, ...later].flatMap((page) => page![collection] ?? []);
  const start = offset - (first - 1) * PAGE_SIZE;
  return { entities: entities.slice(start, start + limit), total };
}

// The window from the leaves its map names; `undefined` when the listing has no map.
async function readLeaves({
  reader,
  kind,
  filters,
  limit,
  offset,
  names,
}: ListingWindow): Promise<KindSlice | undefined> {
  const folder = listingFolder(kind, filters);
  const mapPath = leafMapPath(folder);
  const text = await reader.find(mapPath);
  if (text === undefined) return undefined;
  const leaves = parseLeafMap(mapPath, text)[kind];
  if (leaves === undefined) throw new SiteError(`${mapPath} names no leaves of ${COLLECTIONS[kind]}; rebuild the site`);
  const total = leaves.counts.reduce((sum, count) => sum + count, 0);
  const parts = leavesOfWindow(leaves, offset, limit);
  const read = await Promise.all(
    parts.map(async ({ key, count }) => {
      const path = leafPath(folder, kind, key);
      const leaf = parseListingLeaf(path, await reader.required(path), kind, filters, count, names);
      reader.stamp(leaf.generatedAt);
      return leaf.entities;
    }),
  );
  return { entities: read.flatMap((entities, i) => entities.slice(parts[i]!.from, parts[i]!.to)), total };
}
