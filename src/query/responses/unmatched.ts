/**
 * `_meta.unmatched` of a dataset answer (docs/api.md#unmatched): each filter value that no
 * entity of the kinds asked holds, with the facet documents listing the values there are
 * and the closest of them. Only an answer with no match can hold one, so the reference
 * and the router work it out only then.
 */
import {
  COLLECTIONS,
  FILTERS,
  closestValues,
  kindFilters,
  kindsOf,
  normalize,
  type Collection,
  type DatasetType,
  type Filter,
  type FilterValues,
  type HeldValue,
  type Kind,
  filterKey,
  type IndustryNames,
} from '../semantics/index.js';
import { facetPath, staticUrl } from '../formats/index.js';

/** A filter value no entity of the kinds asked holds. */
export interface UnmatchedFilter {
  /** The filter parameter (`industry`, `country`, `city`, `status`). */
  parameter: Filter;
  /** Its value as given, trimmed. */
  value: string;
  /** The URL of the facet document of each kind asked, by collection: every value the filter matches. */
  facets: Partial<Record<Collection, string>>;
  /** The labels of the closest values there are, at most five, closest first; empty when none is close. */
  closest: string[];
}

/** The kinds of a type a filter reads, in kind order. */
export function filteredKinds(type: DatasetType, filter: Filter): Kind[] {
  return kindsOf(type).filter((kind) => kindFilters(kind).includes(filter));
}

/**
 * The filters of an answer whose value no entity of the type's kinds holds, in filter order
 * (industry, country, city, status); `heldOf` gives the values a kind's filter matches
 * (a facet document's `values`), an industry by the name it goes by among `names`.
 */
export function unmatchedFilters(
  type: DatasetType,
  filters: FilterValues,
  heldOf: (kind: Kind, filter: Filter) => readonly HeldValue[],
  baseUrl: string,
  names: IndustryNames,
): UnmatchedFilter[] {
  const unmatched: UnmatchedFilter[] = [];
  for (const filter of FILTERS) {
    const value = filters[filter];
    if (value === undefined) continue;
    const kinds = filteredKinds(type, filter);
    const held = kinds.map((kind) => heldOf(kind, filter));
    const key = filterKey(filter, normalize(value), names);
    if (held.some((values) => values.some((held) => held.value === key))) continue;
    const facets: Partial<Record<Collection, string>> = {};
    for (const kind of kinds) facets[COLLECTIONS[kind]] = staticUrl(baseUrl, facetPath(kind, filter));
    unmatched.push({ parameter: filter, value, facets, closest: closestValues(value, held) });
  }
  return unmatched;
}
