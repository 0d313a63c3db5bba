/**
 * A window of a listing without `q`, read from the precomputed listing pages of one kind
 * (PAGE_SIZE entities each): the pages the window overlaps are joined and sliced.
 */
import { type FilterValues, COLLECTIONS, type Kind } from '../semantics/index.js';
import { type DatasetResponse, type KindSlice, parseListingPage } from '../responses/index.js';
import { listingPath, PAGE_SIZE } from '../formats/index.js';
import type { DocumentReader } from './document-reader.js';

/**
 * The entities of one kind matching `filters` (as they match: matchedFilters) in the window [offset, offset + limit), and
 * their total from `_meta.totals`. A missing page 1 means nothing matches (the build
 * writes no file for a combination without matches); an offset past the end reads page 1
 * for the total.
 */
export async function readListingSlice(
  reader: DocumentReader,
  kind: Kind,
  filters: FilterValues,
  limit: number,
  offset: number,
): Promise<KindSlice> {
  const collection = COLLECTIONS[kind];
  const readPage = async (page: number, required = false): Promise<DatasetResponse | undefined> => {
    const path = listingPath(kind, filters, page);
    const text = required ? await reader.required(path) : await reader.store.read(path);
    if (text === undefined) return undefined;
    const document = parseListingPage(path, text, kind, filters, page, (await reader.site()).industryNames);
    reader.stamp(document._meta.generated_at);
    return document;
  };
  const first = Math.floor(offset / PAGE_SIZE) + 1;
  const firstPage = await readPage(first);
  const head = firstPage ?? (first > 1 ? await readPage(1) : undefined);
  if (head === undefined) return { entities: [], total: 0 };
  const total = head._meta.totals[collection]!;
  if (firstPage === undefined) return { entities: [], total };

  const last = Math.min(Math.ceil(total / PAGE_SIZE), Math.floor((offset + limit - 1) / PAGE_SIZE) + 1);
  const later = await Promise.all(
    Array.from({ length: Math.max(0, last - first) }, (_, i) => readPage(first + 1 + i, true)),
  );
  const entities = [firstPage, ...later].flatMap((page) => page![collection] ?? []);
  const start = offset - (first - 1) * PAGE_SIZE;
  return { entities: entities.slice(start, start + limit), total };
}
