/**
 * A window of search results in relevance order (docs/api.md#relevance): score highest
 * first, equal scores in rank order. A window of tens of thousands of matches needs only
 * the matches before its end set apart from the rest, and those before its start from those
 * in it, each in time linear in the matches: only the window itself is sorted.
 */

/** Ranks of the matches, ascending, and each one's final score, in the same order. */
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
  const { ranks, scores } = matches;
  // Positions in the matches: ranks ascend with them, so between equal scores the lower position comes first.
  let kept = new Int32Array(ranks.length);
  let total = 0;
  for (let i = 0; i < ranks.length; i++) if (allowed === undefined || allowed(ranks[i]!)) kept[total++] = i;
  kept = kept.subarray(0, total);
  const end = Math.min(total, offset + limit);
  if (offset >= end) return { ranks: [], total };
  selectFirst(kept, scores, 0, total, end);
  selectFirst(kept, scores, 0, end, offset);
  const window = kept.subarray(offset, end).sort((a, b) => (scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b) ? -1 : 1));
  return { ranks: Array.from(window, (position) => ranks[position]!), total };
}

/** Every match in relevance order. */
export function relevanceOrder(matches: ScoredRanks): number[] {
  return relevanceWindow(matches, undefined, 0, matches.ranks.length).ranks;
}

/**
 * Reorders the positions `items[from..to)` so that its first `count` are the first in
 * relevance order (score highest first, then the lower position), in no particular order:
 * quickselect with the median of three as pivot. Comparisons are written out, not passed
 * as a function: this loop is most of the cost of a window deep into 200,000 matches.
 */
function selectFirst(items: Int32Array, scores: Float64Array, from: number, to: number, count: number): void {
  if (count <= from || count >= to) return;
  let [low, high] = [from, to - 1];
  const target = count - 1;
  while (low < high) {
    const pivot = medianOfThree(items[low]!, items[(low + high) >> 1]!, items[high]!, scores);
    const pivotScore = scores[pivot]!;
    let [i, j] = [low, high];
    while (i <= j) {
      for (let item = items[i]!; scores[item]! > pivotScore || (scores[item] === pivotScore && item < pivot); item = items[++i]!);
      for (let item = items[j]!; scores[item]! < pivotScore || (scores[item] === pivotScore && item > pivot); item = items[--j]!);
      if (i <= j) {
        const swap = items[i]!;
        items[i++] = items[j]!;
        items[j--] = swap;
      }
    }
    // Now items[low..j] come before or at the pivot, items[i..high] after or at it.
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else return;
  }
}

function medianOfThree(a: number, b: number, c: number, scores: Float64Array): number {
  const before = (x: number, y: number) => scores[x]! > scores[y]! || (scores[x] === scores[y] && x < y);
  if (before(a, b)) return before(b, c) ? b : before(a, c) ? c : a;
  return before(a, c) ? a : before(b, c) ? c : b;
}
