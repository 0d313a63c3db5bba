/** The filters `industry`, `country` and `city` (docs/api.md#matching): exact values after normalization. */
import { FILTER_FIELDS, FILTERS, type Filter, type Kind } from './kinds.js';
import type { Entity } from './entity.js';
import { normalize } from './text.js';
import { filterKey, NO_INDUSTRY_NAMES, type IndustryNames } from './industry-names.js';

/** Filter values of a query or a listing; absent means "no filter". */
export type FilterValues = Partial<Record<Filter, string>>;

/** Normalized values → ranks (ascending) of the entities that hold them. */
export type Postings = Map<string, number[]>;

/**
 * The values an entity matches a filter by: every value of every field the filter reads,
 * normalized, an industry by the name its industry goes by among `names` (industry-names.ts).
 * An entity without the field has none, so it never matches.
 */
export function filterValues(
  kind: Kind,
  filter: Filter,
  entity: Entity,
  names: IndustryNames = NO_INDUSTRY_NAMES,
): string[] {
  const values = new Set<string>();
  for (const field of FILTER_FIELDS[kind][filter]) {
    const raw = entity[field];
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value === 'string' && value.trim() !== '') values.add(filterKey(filter, normalize(value), names));
    }
  }
  return [...values].sort();
}

/**
 * Keeps the ranks every given filter allows: filters combine with AND, and a filter allows
 * the ranks holding its value as it matches (`filterKey` in industry-names.ts, with `names`).
 * `postingsOf(filter, key)` gives those ranks, or `undefined` when no entity holds the value.
 * Order is kept.
 */
export function filterRanks(
  ranks: readonly number[],
  filters: FilterValues,
  postingsOf: (filter: Filter, key: string) => readonly number[] | undefined,
  names: IndustryNames = NO_INDUSTRY_NAMES,
): number[] {
  return FILTERS.reduce<number[]>(
    (kept, filter) => {
      const value = filters[filter];
      if (value === undefined) return kept;
      const allowed = new Set(postingsOf(filter, filterKey(filter, normalize(value), names)) ?? []);
      return kept.filter((rank) => allowed.has(rank));
    },
    [...ranks],
  );
}

/** `filters` as they match: each value normalized, an industry by the name its industry goes by. */
export function matchedFilters(filters: FilterValues, names: IndustryNames): FilterValues {
  const matched: FilterValues = {};
  for (const filter of FILTERS)
    if (filters[filter] !== undefined) matched[filter] = filterKey(filter, normalize(filters[filter]), names);
  return matched;
}
