/**
 * `_meta.unmatched` of a dataset answer (docs/api.md#unmatched): each filter value that no
 * entity of the kinds asked holds, with the facet documents listing the values there are
 * and the closest of them. Only an answer with no match can hold one, so the reference
 * and the router work it out only then.
 */
import {
  CLOSEST_KEPT,
  COLLECTIONS,
  FILTER_PARAMETERS,
  closestValues,
  filterAlternatives,
  kindFilterParameters,
  kindsOf,
  matchedKeys,
  type Collection,
  type DatasetType,
  type FilterParameter,
  type FilterValues,
  type HeldValue,
  type Kind,
  type IndustryNames,
} from '../semantics/index.js';
import { facetPath, staticUrl } from '../formats/index.js';

/** A filter value no entity of the kinds asked holds. */
export interface UnmatchedFilter {
  /** The filter parameter (`industry`, `country`, `city`, `status`, or a query filter: `product`…). */
  parameter: FilterParameter;
  /** Its value as given, trimmed. */
  value: string;
  /** The URL of the facet document of each kind asked, by collection: every value the filter matches. */
  facets: Partial<Record<Collection, string>>;
  /** The labels of the closest values there are, at most five, closest first; empty when none is close. */
  closest: string[];
}

/** The kinds of a type a filter reads, in kind order. */
export function filteredKinds(type: DatasetType, filter: FilterParameter): Kind[] {
  return kindsOf(type).filter((kind) => kindFilterParameters(kind).includes(filter));
}

/**
 * The filters of an answer whose value no entity of the type's kinds holds (a tag filter's: none of its
 * alternatives), in filter order (industry, country, city, status, then the query filters); `heldOf` gives the values
 * a kind's filter matches (a facet document's `values`), an industry by the name it goes by among `names`. The
 * closest values of a tag filter's are those of each alternative in turn, each once.
 */
export function unmatchedFilters(
  type: DatasetType,
  filters: FilterValues,
  heldOf: (kind: Kind, filter: FilterParameter) => readonly HeldValue[],
  baseUrl: string,
  names: IndustryNames,
): UnmatchedFilter[] {
  const unmatched: UnmatchedFilter[] = [];
  for (const filter of FILTER_PARAMETERS) {
    const value = filters[filter];
    if (value === undefined) continue;
    const kinds = filteredKinds(type, filter);
    const held = kinds.map((kind) => heldOf(kind, filter));
    const keys = matchedKeys(filter, value, names);
    if (held.some((values) => values.some((held) => keys.includes(held.value)))) continue;
    const facets: Partial<Record<Collection, string>> = {};
    for (const kind of kinds) facets[COLLECTIONS[kind]] = staticUrl(baseUrl, facetPath(kind, filter));
    const closest = filterAlternatives(filter, value).flatMap((each) => closestValues(each, held));
    unmatched.push({ parameter: filter, value, facets, closest: [...new Set(closest)].slice(0, CLOSEST_KEPT) });
  }
  return unmatched;
}
