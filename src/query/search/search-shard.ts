/**
 * A shard of terms as a query scores it (docs/api.md#search-index): flat typed arrays, its
 * postings naming entities by their position in the shard, so that scoring a term of tens of
 * thousands of postings reads numbers out of arrays and allocates nothing per posting.
 */

/** A shard of terms read for queries. */
export interface SearchShard {
  /** Its first term; `""` for the first shard. */
  start: string;
  /** The ranks (ascending) of the entities its terms reach, */
  ranks: Int32Array;
  /** their ids, */
  ids: readonly string[];
  /** the digests of their bodies in the snapshot, back to back (body-version.ts), */
  bodies: string;
  /** and the lengths in terms of their `cn` and `en` names, two numbers an entity. */
  lengths: Int32Array;
  /** Its terms in code-unit order, each once. */
  terms: readonly string[];
  /** Per term, its `cn` and `en` postings flat: position in {@link ranks}, term frequency, … */
  postings: readonly (readonly [cn: Int32Array, en: Int32Array])[];
  /** About the bytes the shard holds in memory, for the bounds of the caches that keep shards. */
  bytes: number;
}

// What a JavaScript string costs beyond its characters, and a typed array beyond its elements: rough, for bounds only.
const STRING_OVERHEAD = 32;
const ARRAY_OVERHEAD = 64;

/** A shard of terms read for queries, from its parts as decoded; postings name entities by position. */
export function searchShard(
  start: string,
  ranks: Int32Array,
  ids: readonly string[],
  bodies: string,
  lengths: Int32Array,
  terms: readonly string[],
  postings: SearchShard['postings'],
): SearchShard {
  let bytes = ranks.byteLength + lengths.byteLength + 3 * ARRAY_OVERHEAD;
  for (const id of ids) bytes += STRING_OVERHEAD + 2 * id.length;
  bytes += STRING_OVERHEAD + bodies.length;
  for (const term of terms) bytes += STRING_OVERHEAD + 2 * term.length;
  for (const [cn, en] of postings) bytes += cn.byteLength + en.byteLength + 2 * ARRAY_OVERHEAD;
  return { start, ranks, ids, bodies, lengths, terms, postings, bytes };
}
