/**
 * The static paths of the search index's documents (docs/api.md#search-index): its entries,
 * term shards, common lists, ids by slot, the filters' value shards and the exhibitions' days.
 * Every segment made from data is escaped by the formats' encodeSegment, so no term or value
 * can reach outside its folder.
 */
import { API_ROOT, encodeSegment, entityPath } from '../formats/index.js';
import type { Kind, Search, ValueParameter } from '../semantics/index.js';

/**
 * Static path of the index of one kind's search: its entry, which lists its shards. The index
 * of `q` is at `search/{kind}.json` with its documents in `search/{kind}/`, which also holds the
 * ids by slot and the filters' value shards both searches read; the index of `text` is at
 * `search/{kind}/text.json` with its documents in `search/{kind}/text/`.
 */
export function searchIndexPath(kind: Kind, search: Search = 'q'): string {
  return search === 'q' ? `${API_ROOT}/search/${kind}.json` : `${searchFolder(kind, search)}.json`;
}

// The folder of the shards and lists of a kind's search.
function searchFolder(kind: Kind, search: Search): string {
  return search === 'q' ? `${API_ROOT}/search/${kind}` : `${API_ROOT}/search/${kind}/${search}`;
}

/** Static path of the shard of a kind's search index whose first term is `start`. */
export function termShardPath(kind: Kind, start: string, search: Search = 'q'): string {
  return `${searchFolder(kind, search)}/terms/${encodeSegment(start)}.json`;
}

/** Static path of part `part` (entities of slots from `part` × COMMON_PART_SLOTS) of the list of a kind's common query term. */
export function commonPartPath(kind: Kind, term: string, part: number, search: Search = 'q'): string {
  return `${searchFolder(kind, search)}/common/${encodeSegment(term)}/${part}.json`;
}

/** Static path of the ids of a kind's entities of slots from `chunk` × ID_CHUNK_SLOTS. */
export function idChunkPath(kind: Kind, chunk: number): string {
  return `${API_ROOT}/search/${kind}/ids/${chunk}.json`;
}

/** Static path of the ids of a kind's entities of slots from `block` × ID_BLOCK_SLOTS. */
export function idBlockPath(kind: Kind, block: number): string {
  return `${API_ROOT}/search/${kind}/id-blocks/${block}.json`;
}

/**
 * Static path of the immutable copy of the body of digest `digest` of a kind's entity `id`
 * (body-digest.ts): not versioned by generation, as its content names it.
 */
export function bodyCopyPath(kind: Kind, id: string, digest: string): string {
  return bodyCopyPathOf(kind, entityPath(kind, id), digest);
}

/** {@link bodyCopyPath} of the entity whose document is at `documentPath`: named by the same segment. */
export function bodyCopyPathOf(kind: Kind, documentPath: string, digest: string): string {
  const segment = documentPath.slice(documentPath.lastIndexOf('/') + 1, -'.json'.length);
  return `${API_ROOT}/search/${kind}/bodies/${segment}~${digest}.json`;
}

/** Whether `path` is that of a body's copy ({@link bodyCopyPath}). */
export function isBodyCopyPath(path: string): boolean {
  return /^api\/public\/search\/[a-z_]+\/bodies\/[^/]+~[A-Za-z0-9_-]{8}\.json$/.test(path);
}

/** Static path of the exhibitions' days by rank (dates-document.ts). */
export function exhibitionDatesPath(): string {
  return `${API_ROOT}/search/exhibition/dates.json`;
}

/** Static path of the shard of a kind's filter (or relation filter) postings whose first value is `start`. */
export function filterShardPath(kind: Kind, filter: ValueParameter, start: string): string {
  return `${API_ROOT}/search/${kind}/${filter}/${encodeSegment(start)}.json`;
}
