/**
 * A window of search results in relevance order (docs/api.md#relevance): score highest
 * first, equal scores in rank order. A window of tens of thousands of matches needs only
 * the matches before its end set apart from the rest, and those before its start from those
 * in it, each in time linear in the matches: only the window itself is sorted. A window
 * ending early among many matches sets them apart in one pass, through a heap of the best
 * so far; one ending late, by quickselect.
 */

/** Ranks of the matches, ascending, and each one's final score, in the same order. */
export interface ScoredRanks {
  ranks: Int32Array;
  scores: Float64Array;
}

/**
 * The ranks in both ascending `first` and `second`, ascending, each scored `score(i, j)` from
 * its positions in them: the entities matching two searches or two terms, in one pass.
 */
export function intersectRanks(
  first: Int32Array,
  second: Int32Array,
  score: (i: number, j: number) => number,
): ScoredRanks {
  const most = Math.min(first.length, second.length);
  const ranks = new Int32Array(most);
  const scores = new Float64Array(most);
  let count = 0;
  for (let i = 0, j = 0; i < first.length && j < second.length;) {
    const rank = first[i]!;
    const other = second[j]!;
    if (rank < other) i++;
    else if (rank > other) j++;
    else {
      ranks[count] = rank;
      scores[count++] = score(i++, j++);
    }
  }
  return { ranks: ranks.subarray(0, count), scores: scores.subarray(0, count) };
}

/** The matches `allowed` keeps (all when undefined) in relevance order, from `offset`, at most `limit`, and how many it keeps in all. */
export function relevanceWindow(
  matches: ScoredRanks,
  allowed: ((rank: number) => boolean) | undefined,
  offset: number,
  limit: number,
): { ranks: number[]; total: number } {
  const { ranks, scores } = matches;
  const wanted = offset + limit;
  const { first, total } =
    wanted * HEAP_SHARE <= ranks.length
      ? bestByHeap(matches, allowed, wanted)
      : bestBySelection(matches, allowed, wanted);
  const end = first.length;
  if (offset >= end) return { ranks: [], total };
  selectFirst(first, scores, 0, end, offset);
  const window = first.subarray(offset, end).sort((a, b) => (before(a, b, scores) ? -1 : 1));
  return { ranks: Array.from(window, (position) => ranks[position]!), total };
}

/**
 * A window ends early enough for the heap when its end is at most this fraction of the
 * matches: then most matches are compared once, with the heap's worst, and few go in
 * (about `wanted * ln(matches / wanted)`), where quickselect passes over them all several
 * times. Over 200,000 matches of few distinct scores the heap takes 0.6–1 ms to a window
 * ending at 20–500 where quickselect takes 4.6, and they cross at an end of about a 40th.
 */
const HEAP_SHARE = 64;

// The positions (in the matches) of the first `wanted` that `allowed` keeps, in relevance order among them but
// in no particular order here, and how many it keeps in all. Positions ascend with ranks, so between equal
// scores the lower position comes first.
type Best = { first: Int32Array; total: number };

// One pass keeping the best `wanted` so far in a heap, its worst on top: a later match of a score equal to the
// worst comes after it, so only a higher score goes in.
function bestByHeap(matches: ScoredRanks, allowed: ((rank: number) => boolean) | undefined, wanted: number): Best {
  const { ranks, scores } = matches;
  const heap = new Int32Array(wanted);
  let size = 0;
  let total = 0;
  for (let position = 0; position < ranks.length; position++) {
    if (allowed !== undefined && !allowed(ranks[position]!)) continue;
    total++;
    if (size < wanted) {
      // Up from the end while it is better than its parent.
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!before(heap[parent]!, position, scores)) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = position;
    } else if (scores[position]! > scores[heap[0]!]!) {
      // In place of the worst, then down while a child is worse.
      let at = 0;
      for (;;) {
        let child = 2 * at + 1;
        if (child >= size) break;
        if (child + 1 < size && before(heap[child]!, heap[child + 1]!, scores)) child++;
        if (!before(position, heap[child]!, scores)) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = position;
    }
  }
  return { first: heap.subarray(0, size), total };
}

// The matches `allowed` keeps, with the first `wanted` of them set apart by quickselect.
function bestBySelection(matches: ScoredRanks, allowed: ((rank: number) => boolean) | undefined, wanted: number): Best {
  const { ranks, scores } = matches;
  const kept = new Int32Array(ranks.length);
  let total = 0;
  for (let i = 0; i < ranks.length; i++) if (allowed === undefined || allowed(ranks[i]!)) kept[total++] = i;
  const end = Math.min(total, wanted);
  selectFirst(kept, scores, 0, total, end);
  return { first: kept.subarray(0, end), total };
}

// Whether the match at position `a` comes before the one at `b` in relevance order.
function before(a: number, b: number, scores: Float64Array): boolean {
  return scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
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
      for (
        let item = items[i]!;
        scores[item]! > pivotScore || (scores[item] === pivotScore && item < pivot);
        item = items[++i]!
      );
      for (
        let item = items[j]!;
        scores[item]! < pivotScore || (scores[item] === pivotScore && item > pivot);
        item = items[--j]!
      );
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
  if (before(a, b, scores)) return before(b, c, scores) ? b : before(a, c, scores) ? c : a;
  return before(a, c, scores) ? a : before(b, c, scores) ? c : b;
}
