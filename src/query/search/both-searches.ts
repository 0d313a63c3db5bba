/**
 * `q` and `text` together (docs/api.md#text): an entity matches when it matches every search
 * given, and scores the sum of their scores, `q`'s first; and the alternatives of a `text`
 * (`solar panel|太阳能电池板`, docs/api.md#alternatives, cut by the semantics' alternativesOf):
 * an entity matches when it matches any, and scores its best. The reference and the router both
 * combine their searches here.
 */
import type { SearchMatches } from './term-shards.js';
import { intersectRanks } from './relevance-window.js';

/** The matches of any of the alternatives' `matches` (at least one): every rank of one, scored the best of its scores. */
export function anyMatches(matches: readonly SearchMatches[]): SearchMatches {
  return matches.reduce(eitherMatches);
}

/** The matches of all the given searches' `matches` (at least one), in the order of {@link givenSearches}. */
export function allMatches(matches: readonly SearchMatches[]): SearchMatches {
  return matches.reduce(bothMatches);
}

// The ranks in both (ascending), each scored the first's score plus the second's, and whichever shards name them.
function bothMatches(first: SearchMatches, second: SearchMatches): SearchMatches {
  return {
    ...intersectRanks(first.ranks, second.ranks, (i, j) => first.scores[i]! + second.scores[j]!),
    namedBy: first.namedBy ?? second.namedBy,
  };
}

// The ranks in either (ascending), each scored the higher of its scores, and the shards of both when both name them.
function eitherMatches(first: SearchMatches, second: SearchMatches): SearchMatches {
  const ranks = new Int32Array(first.ranks.length + second.ranks.length);
  const scores = new Float64Array(ranks.length);
  let count = 0;
  for (let i = 0, j = 0; i < first.ranks.length || j < second.ranks.length; count++) {
    const rank = i < first.ranks.length ? first.ranks[i]! : Infinity;
    const other = j < second.ranks.length ? second.ranks[j]! : Infinity;
    if (rank < other) {
      ranks[count] = rank;
      scores[count] = first.scores[i++]!;
    } else if (rank > other) {
      ranks[count] = other;
      scores[count] = second.scores[j++]!;
    } else {
      ranks[count] = rank;
      scores[count] = Math.max(first.scores[i++]!, second.scores[j++]!);
    }
  }
  return {
    ranks: ranks.subarray(0, count),
    scores: scores.subarray(0, count),
    namedBy: first.namedBy && second.namedBy ? [...first.namedBy, ...second.namedBy] : undefined,
  };
}
