/**
 * Cutting a sorted list into runs whose boundaries depend on the items, not on their
 * positions (content-defined chunking): a run starts at an item whose key hashes to a
 * multiple of a divisor, or after a run grew past a ceiling. An item added or removed
 * changes its own run, and at most the runs up to the next hashed start, so a rebuild
 * after a small change rewrites few of the files the runs become.
 */
import { hash53 } from '../semantics/index.js';

/**
 * Cuts `items` (sorted by key) into runs of about `target` cost each: the divisor is the
 * power of two that makes the average run cost `target`, and no run grows past four
 * times `target` unless one item costs that alone. Every item is in exactly one run,
 * in order; no run is empty.
 */
export function contentCuts<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  costOf: (item: T) => number,
  target: number,
): T[][] {
  if (items.length === 0) return [];
  const total = items.reduce((sum, item) => sum + costOf(item), 0);
  const divisor = 2 ** Math.max(0, Math.round(Math.log2((items.length * target) / Math.max(total, 1))));
  const runs: T[][] = [];
  let run: T[] = [];
  let cost = 0;
  for (const item of items) {
    if (run.length > 0 && (hash53(keyOf(item)) % divisor === 0 || cost >= 4 * target)) {
      runs.push(run);
      run = [];
      cost = 0;
    }
    run.push(item);
    cost += costOf(item);
  }
  runs.push(run);
  return runs;
}

/** The position of the run that holds, or would hold, `key`, given each run's first key (ascending, the first `""`); -1 when there are no runs. */
export function runHolding(starts: readonly string[], key: string): number {
  let low = 0;
  let high = starts.length - 1;
  // The last start <= key: starts[0] is "" and so <= every key.
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! <= key) low = middle + 1;
    else high = middle - 1;
  }
  return high;
}
