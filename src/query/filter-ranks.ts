import { FILTERS, type Filter } from './kinds.js';
import type { FilterValues } from './paths.js';
import { normalize } from './text.js';

/**
 * Keeps the ranks every given filter allows: filters combine with AND, and a filter allows
 * the ranks holding `normalize(value)` (CONTRACT §3). `postingsOf(filter, normalized)`
 * gives those ranks, or `undefined` when no entity holds the value. Order is kept.
 */
export function filterRanks(
  ranks: readonly number[],
  filters: FilterValues,
  postingsOf: (filter: Filter, normalized: string) => readonly number[] | undefined,
): number[] {
  return FILTERS.reduce<number[]>((kept, filter) => {
    const value = filters[filter];
    if (value === undefined) return kept;
    const allowed = new Set(postingsOf(filter, normalize(value)) ?? []);
    return kept.filter((rank) => allowed.has(rank));
  }, [...ranks]);
}
