/**
 * The facet documents (docs/api.md#facets) as the build writes them: for each kind and filter
 * that applies to it (the query filters' too), every value the filter matches, with how many entities hold it and the
 * spelling most of them use, and the index of them (their paths and format: query/formats/facets.ts).
 */
import { type Dataset } from '../query/dataset/index.js';
import {
  KINDS,
  isFilter,
  kindFilterParameters,
  type FilterParameter,
  type Kind,
  heldValues,
} from '../query/semantics/index.js';
import {
  FACETS_FORMAT_VERSION,
  FACETS_INDEX_PATH,
  facetPath,
  type FacetDocument,
  type FacetValue,
  listingPath,
  SCHEMA_PATH,
  SCHEMA_VERSION,
  queryUrl,
  staticUrl,
} from '../query/formats/index.js';

// A build asks for a facet's values several times (its document, OpenAPI's and llms.txt's examples): counted once a dataset.
const counted = new WeakMap<Dataset, Map<string, readonly FacetValue[]>>();

/** The values of a kind's filter: most entities first, ties in code-point order of the value. Shared by every caller for a dataset: not to be changed. */
export function facetValues(
  dataset: Dataset,
  kind: Kind,
  filter: FilterParameter,
  baseUrl: string,
): readonly FacetValue[] {
  let facets = counted.get(dataset);
  if (facets === undefined) counted.set(dataset, (facets = new Map()));
  const key = `${kind} ${filter} ${baseUrl}`;
  let values = facets.get(key);
  if (values === undefined) facets.set(key, (values = countValues(dataset, kind, filter, baseUrl)));
  return values;
}

function countValues(dataset: Dataset, kind: Kind, filter: FilterParameter, baseUrl: string): FacetValue[] {
  return heldValues(dataset, kind, filter).map(({ value, label, count }) => ({
    value,
    label,
    count,
    query: queryUrl(baseUrl, { type: kind, [filter]: label, limit: 100, offset: 0 }),
    // A query filter has no listing pages (docs/api.md#query-filters).
    listing: isFilter(filter) ? staticUrl(baseUrl, listingPath(kind, { [filter]: value }, 1)) : null,
  }));
}

/** The facet document of a kind and filter; `generated_at` left for the writer to stamp. */
export function facetDocument(dataset: Dataset, kind: Kind, filter: FilterParameter, baseUrl: string): FacetDocument {
  const values = facetValues(dataset, kind, filter, baseUrl);
  return {
    kind,
    filter,
    values: [...values],
    _links: {
      self: staticUrl(baseUrl, facetPath(kind, filter)),
      index: staticUrl(baseUrl, FACETS_INDEX_PATH),
      schema: staticUrl(baseUrl, SCHEMA_PATH),
    },
    _meta: {
      type: 'facets',
      schema_version: SCHEMA_VERSION,
      format_version: FACETS_FORMAT_VERSION,
      values: values.length,
      generated_at: '',
    },
  };
}

/** The index of every facet document; `generated_at` left for the writer to stamp. */
export function facetsIndexDocument(baseUrl: string) {
  const facets = KINDS.flatMap((kind) =>
    kindFilterParameters(kind).map((filter) => ({ kind, filter, url: staticUrl(baseUrl, facetPath(kind, filter)) })),
  );
  return {
    facets,
    _links: { self: staticUrl(baseUrl, FACETS_INDEX_PATH), schema: staticUrl(baseUrl, SCHEMA_PATH) },
    _meta: { type: 'facets', schema_version: SCHEMA_VERSION, format_version: FACETS_FORMAT_VERSION, generated_at: '' },
  };
}
