/**
 * The filters (docs/api.md#matching, docs/api.md#query-filters): exact values after normalization, a tag filter's any
 * of several between `|`.
 */
import { FILTER_FIELDS, FILTER_PARAMETERS, type FilterParameter, type Kind } from './kinds.js';
import type { Entity } from './entity.js';
import { normalize } from './text.js';
import { filterKey, NO_INDUSTRY_NAMES, type IndustryNames } from './industry-names.js';
import { filterAlternatives } from './tag-values.js';

/** Filter values of a query or a listing (a listing's of its listing filters alone); absent means "no filter". */
export type FilterValues = Partial<Record<FilterParameter, string>>;

/** Normalized values → ranks (ascending) of the entities that hold them. */
export type Postings = Map<string, number[]>;

/**
 * The values an entity matches a filter by: every value of every field the filter reads,
 * normalized, an industry by the name its industry goes by among `names` (industry-names.ts).
 * An entity without the field has none, so it never matches.
 */
export function filterValues(
  kind: Kind,
  filter: FilterParameter,
  entity: Entity,
  names: IndustryNames = NO_INDUSTRY_NAMES,
): string[] {
  const values = new Set<string>();
  for (const field of FILTER_FIELDS[kind][filter]) {
    const raw = entity[field];
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      const text = filterText(value);
      if (text !== undefined && text.trim() !== '') values.add(filterKey(filter, normalize(text), names));
    }
  }
  return [...values].sort();
}

/** A field's value as a filter reads it: a string as it is, a boolean (`is_verified`) as `true` or `false`. */
export function filterText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : undefined;
}

/**
 * Keeps the ranks every given filter allows: filters combine with AND, and a filter allows
 * the ranks holding its value, or any of a tag filter's alternatives, as it matches (`filterKey` in
 * industry-names.ts, with `names`). `postingsOf(filter, key)` gives those ranks, or `undefined` when no entity
 * holds the value. Order is kept.
 */
export function filterRanks(
  ranks: readonly number[],
  filters: FilterValues,
  postingsOf: (filter: FilterParameter, key: string) => readonly number[] | undefined,
  names: IndustryNames = NO_INDUSTRY_NAMES,
): number[] {
  return FILTER_PARAMETERS.reduce<number[]>(
    (kept, filter) => {
      const value = filters[filter];
      if (value === undefined) return kept;
      const allowed = new Set(matchedKeys(filter, value, names).flatMap((key) => postingsOf(filter, key) ?? []));
      return kept.filter((rank) => allowed.has(rank));
    },
    [...ranks],
  );
}

/** The keys a filter's value matches entities by: its own, or each of a tag filter's alternatives', each once. */
export function matchedKeys(
  filter: FilterParameter,
  value: string,
  names: IndustryNames = NO_INDUSTRY_NAMES,
): string[] {
  return [...new Set(filterAlternatives(filter, value).map((each) => filterKey(filter, normalize(each), names)))];
}

/**
 * `filters` as they match: each value normalized, an industry by the name it goes by, a tag filter's alternatives
 * each so and joined by `|` again (filterAlternatives splits them).
 */
export function matchedFilters(filters: FilterValues, names: IndustryNames): FilterValues {
  const matched: FilterValues = {};
  for (const filter of FILTER_PARAMETERS)
    if (filters[filter] !== undefined) matched[filter] = matchedKeys(filter, filters[filter], names).join('|');
  return matched;
}
