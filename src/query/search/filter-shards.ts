/**
 * The filter postings of a kind cut into shards by value (docs/api.md#search-index), so
 * that a `q` query with a filter reads only the shard holding the filter's value.
 */
import { contentCuts, runHolding } from './content-cuts.js';
import type { Postings } from '../semantics/index.js';

/** A run of normalized filter values, in code-unit order, with the ranks holding each. */
export interface FilterShard {
  /** Its first value; `""` for the first shard. */
  start: string;
  values: [value: string, ranks: number[]][];
}

/** Aimed bytes of a shard's encoded postings. */
const TARGET_SHARD_COST = 16_000;

/** Cuts the postings of one filter into shards. */
export function shardPostings(postings: Postings): FilterShard[] {
  const values = [...postings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const runs = contentCuts(
    values,
    ([value]) => value,
    ([value, ranks]) => value.length + 3 * ranks.length,
    TARGET_SHARD_COST,
  );
  return runs.map((run, i) => ({ start: i === 0 ? '' : run[0]![0], values: run }));
}

/** Start of the shard that would hold `value`, or `undefined` when the filter has no values. */
export function shardHoldingValue(starts: readonly string[], value: string): string | undefined {
  return starts[runHolding(starts, value)];
}
