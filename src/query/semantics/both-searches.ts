/**
 * `q` and `text` together (docs/api.md#text): an entity matches when it matches both, and
 * scores the sum of its two scores, `q`'s first.
 */
import type { SearchMatches } from './term-shards.js';

/** The matches of both searches: the ranks in both (ascending), each scored `q`'s score plus `text`'s, and whichever shards name their ids. */
export function bothMatches(q: SearchMatches, text: SearchMatches): SearchMatches {
  const most = Math.min(q.ranks.length, text.ranks.length);
  const ranks = new Int32Array(most);
  const scores = new Float64Array(most);
  let count = 0;
  for (let i = 0, j = 0; i < q.ranks.length && j < text.ranks.length;) {
    const rank = q.ranks[i]!;
    const other = text.ranks[j]!;
    if (rank < other) i++;
    else if (rank > other) j++;
    else {
      ranks[count] = rank;
      scores[count++] = q.scores[i++]! + text.scores[j++]!;
    }
  }
  return { ranks: ranks.subarray(0, count), scores: scores.subarray(0, count), idShards: q.idShards ?? text.idShards };
}
