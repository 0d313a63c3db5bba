/**
 * The static paths of the search index's documents (docs/api.md#search-index): its entries,
 * term shards, common lists, ids by slot, the filters' value shards and the exhibitions' days.
 * Every segment made from data is escaped by the formats' encodeSegment, so no term or value
 * can reach outside its folder.
 */
import { API_ROOT, encodeSegment } from '../formats/index.js';
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

/** Static path of the exhibitions' days by rank (dates-document.ts). */
export function exhibitionDatesPath(): string {
  return `${API_ROOT}/search/exhibition/dates.json`;
}

/** Static path of the shard of a kind's filter (or relation filter) postings whose first value is `start`. */
export function filterShardPath(kind: Kind, filter: ValueParameter, start: string): string {
  return `${API_ROOT}/search/${kind}/${filter}/${encodeSegment(start)}.json`;
}
