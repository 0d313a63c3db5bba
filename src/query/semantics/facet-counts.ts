/**
 * Facets of a query (docs/api.md#query-facets): for each field named in `facets`, how many of
 * the query's matches hold each of its values, the values most held first. What a query asks
 * (`facets`, `facet_size`) and how the counts are cut; where the postings come from is the
 * caller's (the reference Dataset's, or the search index's value shards).
 */
import { COLLECTIONS, kindFilterParameters, type DatasetType, type FilterParameter } from './kinds.js';
import { compareCodePoints } from './text.js';
import { commaSeparated } from './alternatives.js';

/** Values per faceted field when `facet_size` is not given. */
export const DEFAULT_FACET_SIZE = 10;
/** Most values per faceted field a query may ask for (`facet_size`); more is refused. */
export const MAX_FACET_SIZE = 100;

/** One value of a field among a query's matches: its display name (as the facet documents label it) and how many hold it. */
export interface FacetCount {
  value: string;
  count: number;
}

/** `_meta.facets`: per field asked, in the order asked, its values most held first. */
export type FacetCounts = Partial<Record<FilterParameter, FacetCount[]>>;

/** What a query asks to facet, as parsed: the fields, each once, in the order given, and the size given, if any. */
export interface FacetsAsked {
  facets?: FilterParameter[];
  facet_size?: number;
}

/**
 * Parses the `facets` and `facet_size` of a query of `type`: the fields between commas, trimmed, each once (none: as if
 * absent), each a filter of the one kind asked (a listing or a query filter); `facet_size` decimal digits from 1 to {@link MAX_FACET_SIZE}, with
 * `facets` only. A CSV answer has no `_meta` to hold them. Gives the parameter refused and why, when one is.
 */
export function parseFacets(
  facets: string | undefined,
  size: string | undefined,
  type: DatasetType,
  csv: boolean,
): FacetsAsked | { parameter: 'facets' | 'facet_size'; message: string } {
  const fields = commaSeparated(facets);
  const asked: FacetsAsked = {};
  if (fields.length > 0) {
    if (type === 'all')
      return {
        parameter: 'facets',
        message:
          'facets counts the values of one kind: give type=exhibition, type=exhibitor or type=service_provider (type is all)',
      };
    if (csv)
      return { parameter: 'facets', message: "facets are counted in a JSON answer's _meta; format=csv has none" };
    const known = kindFilterParameters(type);
    const unknown = fields.filter((field) => !(known as readonly string[]).includes(field));
    if (unknown.length > 0)
      return {
        parameter: 'facets',
        message: `facets takes fields ${COLLECTIONS[type]} are filtered by: ${known.join(', ')}; got ${unknown.map((field) => JSON.stringify(field)).join(', ')}`,
      };
    asked.facets = fields as FilterParameter[];
  }
  if (size === undefined) return asked;
  const trimmed = size.trim();
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : 0;
  if (n < 1 || n > MAX_FACET_SIZE)
    return {
      parameter: 'facet_size',
      message: `facet_size must be a whole number from 1 to ${MAX_FACET_SIZE}; got ${JSON.stringify(size)}`,
    };
  if (asked.facets === undefined)
    return { parameter: 'facet_size', message: 'facet_size applies with facets; give facets=FIELD,… too' };
  asked.facet_size = n;
  return asked;
}

/**
 * The `size` values of a field held by most matches, with their counts: `postings` gives each value (as filters compare
 * it) and the ranks holding it, `matched` whether a rank is a match. Values no match holds are left out; ties go by
 * value in code-point order, as in the facet documents.
 */
export function countFacet(
  postings: Iterable<readonly [value: string, ranks: ArrayLike<number>]>,
  matched: (rank: number) => boolean,
  size: number,
): FacetCount[] {
  const counts: FacetCount[] = [];
  for (const [value, ranks] of postings) {
    let count = 0;
    for (let i = 0; i < ranks.length; i++) if (matched(ranks[i]!)) count++;
    if (count > 0) counts.push({ value, count });
  }
  return counts.sort((a, b) => b.count - a.count || compareCodePoints(a.value, b.value)).slice(0, size);
}

/** Whether a rank of a kind of `entities` ranks is among `matches` (ranks, any order): what {@link countFacet} counts. */
export function matchedRanks(matches: ArrayLike<number>, entities: number): (rank: number) => boolean {
  const held = new Uint8Array(entities);
  for (let i = 0; i < matches.length; i++) held[matches[i]!] = 1;
  return (rank) => held[rank] === 1;
}

/** The counts of {@link countFacet} with each value by its display name, `labelOf` gives it (the value itself when none). */
export function labelFacet(
  counts: readonly FacetCount[],
  labelOf: (value: string) => string | undefined,
): FacetCount[] {
  return counts.map(({ value, count }) => ({ value: labelOf(value) ?? value, count }));
}
