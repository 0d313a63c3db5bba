/**
 * A window of search results in relevance order (docs/api.md#relevance): score highest
 * first, equal scores in rank order. A window near the top of tens of thousands of matches
 * needs only the best `offset + limit` of them in order, found in time linear in the
 * matches, then sorted: the rest are counted, never sorted.
 */

/** Ranks of the matches and each one's final score, by rank. */
export interface ScoredRanks {
  ranks: Int32Array;
  scores: Float64Array;
}

/** The matches `allowed` keeps (all when undefined) in relevance order, from `offset`, at most `limit`, and how many it keeps in all. */
export function relevanceWindow(
  matches: ScoredRanks,
  allowed: ((rank: number) => boolean) | undefined,
  offset: number,
  limit: number,
): { ranks: number[]; total: number } {
  const kept = allowed === undefined ? matches.ranks.slice() : matches.ranks.filter(allowed);
  const end = Math.min(kept.length, offset + limit);
  if (offset >= end) return { ranks: [], total: kept.length };
  const { scores } = matches;
  const before = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
  const compare = (a: number, b: number) => (before(a, b) ? -1 : 1);
  // Past a quarter of the matches, sorting them all costs about what selecting the first first would.
  const selected = end * 4 < kept.length;
  if (selected) selectFirst(kept, end, before);
  const best = selected ? kept.subarray(0, end).sort(compare) : kept.sort(compare).subarray(0, end);
  return { ranks: Array.from(best.subarray(offset)), total: kept.length };
}

/** Every match in relevance order. */
export function relevanceOrder(matches: ScoredRanks): number[] {
  return relevanceWindow(matches, undefined, 0, matches.ranks.length).ranks;
}

/**
 * Reorders `items` so that its first `count` are the `count` first by `before` (a strict
 * total order), in no particular order: quickselect with the median of three as pivot.
 */
function selectFirst(items: Int32Array, count: number, before: (a: number, b: number) => boolean): void {
  let [low, high] = [0, items.length - 1];
  while (low < high) {
    const pivot = medianOfThree(items[low]!, items[(low + high) >> 1]!, items[high]!, before);
    let [i, j] = [low, high];
    while (i <= j) {
      while (before(items[i]!, pivot)) i++;
      while (before(pivot, items[j]!)) j--;
      if (i <= j) {
        [items[i], items[j]] = [items[j]!, items[i]!];
        i++;
        j--;
      }
    }
    // Now items[low..j] come before or at the pivot, items[i..high] after or at it.
    if (count - 1 <= j) high = j;
    else if (count - 1 >= i) low = i;
    else return;
  }
}

function medianOfThree(a: number, b: number, c: number, before: (a: number, b: number) => boolean): number {
  if (before(a, b)) return before(b, c) ? b : before(a, c) ? c : a;
  return before(a, c) ? a : before(b, c) ? c : b;
}
