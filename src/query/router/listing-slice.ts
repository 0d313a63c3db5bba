/**
 * The bodies a window of a listing without a search may take from the precomputed documents
 * of one kind: the listing pages the window overlaps (PAGE_SIZE entities each), or, past the
 * pages a site holds (`static_pages.depth`), the leaves the listing's map names
 * (formats/listing-leaves.ts). They are public documents, which a host serves as they are now:
 * the window itself (its entities, their order and its total) is the snapshot's search index's,
 * and a body found here stands in for an entity's own document only where its version is the
 * one the snapshot names (snapshot-bodies.ts), so a page of another build, or none, costs reads
 * and never a wrong answer.
 */
import { type FilterValues, COLLECTIONS, type Entity, type Kind } from '../semantics/index.js';
import { parseListingLeaf, parseListingPage } from '../responses/index.js';
import {
  leafMapPath,
  leafPath,
  leavesOfWindow,
  listingFolder,
  listingPath,
  PAGE_SIZE,
  parseLeafMap,
} from '../formats/index.js';
import type { DocumentReader } from './document-reader.js';

/**
 * The JSON text of each entity, by id, that the listing documents of `kind` matching `filters` (as they match:
 * matchedFilters) hold for the window [offset, offset + limit): the pages it overlaps, or the leaves past the pages
 * the site holds. A document the host does not have is left out; a damaged one is a SiteError.
 */
export async function listingBodies(
  reader: DocumentReader,
  kind: Kind,
  filters: FilterValues,
  limit: number,
  offset: number,
): Promise<Map<string, string>> {
  const { industryNames: names, pageDepth } = await reader.site();
  const bodies = new Map<string, string>();
  const add = (entities: readonly Entity[], generatedAt: unknown) => {
    reader.stamp(generatedAt);
    for (const entity of entities) bodies.set(entity.id, JSON.stringify(entity));
  };
  const folder = listingFolder(kind, filters);
  const pastPages = pageDepth !== undefined && offset + limit > pageDepth * PAGE_SIZE;
  const mapText = pastPages ? await reader.find(leafMapPath(folder)) : undefined;
  if (mapText !== undefined) {
    const leaves = parseLeafMap(leafMapPath(folder), mapText)[kind];
    await Promise.all(
      (leaves === undefined ? [] : leavesOfWindow(leaves, offset, limit)).map(async ({ key, count }) => {
        const path = leafPath(folder, kind, key);
        const text = await reader.find(path);
        if (text === undefined) return;
        const leaf = parseListingLeaf(path, text, kind, filters, count, names);
        add(leaf.entities, leaf.generatedAt);
      }),
    );
    return bodies;
  }
  const first = Math.floor(offset / PAGE_SIZE) + 1;
  const last = Math.floor((offset + Math.max(1, limit) - 1) / PAGE_SIZE) + 1;
  await Promise.all(
    Array.from({ length: last - first + 1 }, async (_, i) => {
      const path = listingPath(kind, filters, first + i);
      const text = await reader.find(path);
      if (text === undefined) return;
      const page = parseListingPage(path, text, kind, filters, first + i, names);
      add(page[COLLECTIONS[kind]] ?? [], page._meta.generated_at);
    }),
  );
  return bodies;
}
