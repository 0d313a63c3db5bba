/**
 * `q` and `text` together (docs/api.md#text): an entity matches when it matches every search
 * given, and scores the sum of their scores, `q`'s first. The reference and the router both
 * combine their searches here.
 */
import { SEARCHES, type Search, type SearchTexts } from './searches.js';
import type { SearchMatches } from './term-shards.js';

/** The searches a query gives, in the order their scores are added: each with its value. */
export function givenSearches(searches: SearchTexts): [Search, string][] {
  return SEARCHES.flatMap((search): [Search, string][] =>
    searches[search] === undefined ? [] : [[search, searches[search]!]],
  );
}

/** The matches of all the given searches' `matches` (at least one), in the order of {@link givenSearches}. */
export function allMatches(matches: readonly SearchMatches[]): SearchMatches {
  return matches.reduce(bothMatches);
}

// The ranks in both (ascending), each scored the first's score plus the second's, and whichever shards name their ids.
function bothMatches(first: SearchMatches, second: SearchMatches): SearchMatches {
  const most = Math.min(first.ranks.length, second.ranks.length);
  const ranks = new Int32Array(most);
  const scores = new Float64Array(most);
  let count = 0;
  for (let i = 0, j = 0; i < first.ranks.length && j < second.ranks.length;) {
    const rank = first.ranks[i]!;
    const other = second.ranks[j]!;
    if (rank < other) i++;
    else if (rank > other) j++;
    else {
      ranks[count] = rank;
      scores[count++] = first.scores[i++]! + second.scores[j++]!;
    }
  }
  return {
    ranks: ranks.subarray(0, count),
    scores: scores.subarray(0, count),
    idShards: first.idShards ?? second.idShards,
  };
}
