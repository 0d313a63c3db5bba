/**
 * The scores of `q`, term by term (docs/api.md#relevance): MiniSearch 7's BM25+ over the
 * shards a term reaches, computed over typed arrays in MiniSearch's order of operations and
 * summed in the order docs/api.md#relevance gives (the oracle's; test/query/semantics holds them to
 * the oracle exactly and to MiniSearch's own within 1e-13) at a fraction of its cost: a term
 * of tens of thousands of postings is scored without an object per posting.
 */
import { reachedRange, type QueryTerm } from './search.js';
import type { SearchShard } from './search-shard.js';

/** The statistics every score needs: the entities of the kind, the average lengths of their two fields, and the fields' weights. */
export interface ScoringStatistics {
  count: number;
  averageLengths: readonly [cn: number, en: number];
  /** Each field's score is multiplied by its weight (searches.ts); `q`'s are 1, which changes no bit. */
  weights: readonly [cn: number, en: number];
}

/** Entities matching the terms scored so far: their ranks, ascending (may be a common list's own array, kept by a cache: never written), and the summed score of each, in the same order. */
export interface TermScores {
  ranks: Int32Array;
  scores: Float64Array;
}

// MiniSearch 7's defaults: BM25+ parameters and the weight of a prefix match.
const [K, B, D] = [1.2, 0.7, 0.5];
const PREFIX_WEIGHT = 0.375;

/** BM25+ of a term occurring `tf` times in a field of `length` terms, held by `matching` of `count` entities (MiniSearch's operation order). */
export function bm25(tf: number, matching: number, count: number, length: number, averageLength: number): number {
  const inverseFrequency = Math.log(1 + (count - matching + 0.5) / (matching + 0.5));
  return inverseFrequency * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * length) / averageLength)));
}

/** The weight of the name term `reached` for the query term `term`: 1 for the term itself, less for a longer term it begins. */
export function prefixWeight(term: string, reached: string): number {
  if (reached === term) return 1;
  return (PREFIX_WEIGHT * reached.length) / (reached.length + 0.3 * (reached.length - term.length));
}

/**
 * Scores one query term over the shards it reaches, for the entities matching every term
 * before it (`kept`; undefined for the first term), and adds their earlier scores: the
 * entities matching all terms so far, each scored as MiniSearch sums them (per name term in
 * code-unit order, `cn` then `en`; the term's sum then added to the earlier terms').
 */
export function scoreTerm(
  statistics: ScoringStatistics,
  shards: readonly SearchShard[],
  query: QueryTerm,
  kept: TermScores | undefined,
): TermScores {
  const { term, prefix } = query;
  // A term of the shards reaches fewer than COMMON_REACH postings: a map by rank, in the order scores are added.
  const scores = new Map<number, number>();
  // Shards are in code-unit order and each holds a name term once: so are the terms reached.
  for (const shard of shards) {
    const [first, end] = reachedRange(shard.terms, term, prefix);
    for (let index = first; index < end; index++) {
      const termWeight = prefixWeight(term, shard.terms[index]!);
      for (const field of [0, 1] as const) {
        const weight = termWeight * statistics.weights[field];
        const postings = shard.postings[index]![field];
        const matching = postings.length / 2;
        const average = statistics.averageLengths[field];
        for (let i = 0; i < postings.length; i += 2) {
          const position = postings[i]!;
          const rank = shard.ranks[position]!;
          if (kept !== undefined && positionOf(kept.ranks, rank) < 0) continue;
          const score =
            weight * bm25(postings[i + 1]!, matching, statistics.count, shard.lengths[2 * position + field]!, average);
          const before = scores.get(rank);
          scores.set(rank, before === undefined ? score : before + score);
        }
      }
    }
  }
  const ranks = Int32Array.from(scores.keys()).sort();
  const summed = new Float64Array(ranks.length);
  // Every rank here is among the kept ones (checked above), and both ascend: the kept one's position only moves on.
  for (let i = 0, at = 0; i < ranks.length; i++) {
    const rank = ranks[i]!;
    if (kept === undefined) summed[i] = scores.get(rank)!;
    else {
      while (kept.ranks[at]! < rank) at++;
      summed[i] = kept.scores[at]! + scores.get(rank)!;
    }
  }
  return { ranks, scores: summed };
}

// Where `rank` is in the ascending `ranks`, or -1.
function positionOf(ranks: Int32Array, rank: number): number {
  let low = 0;
  let high = ranks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ranks[middle]! < rank) low = middle + 1;
    else high = middle;
  }
  return ranks[low] === rank ? low : -1;
}
