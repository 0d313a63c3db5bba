/**
 * The facet documents (docs/api.md#facets) as the build writes them: for each kind and filter
 * that applies to it, every value the filter matches, with how many entities hold it and the
 * spelling most of them use, and the index of them (their paths and format: query/formats/facets.ts).
 */
import {
  type Dataset,
  FILTER_FIELDS,
  KINDS,
  kindFilters,
  type Filter,
  type Kind,
  compareCodePoints,
  normalize,
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
export function facetValues(dataset: Dataset, kind: Kind, filter: Filter, baseUrl: string): readonly FacetValue[] {
  let facets = counted.get(dataset);
  if (facets === undefined) counted.set(dataset, (facets = new Map()));
  const key = `${kind} ${filter} ${baseUrl}`;
  let values = facets.get(key);
  if (values === undefined) facets.set(key, (values = countValues(dataset, kind, filter, baseUrl)));
  return values;
}

function countValues(dataset: Dataset, kind: Kind, filter: Filter, baseUrl: string): FacetValue[] {
  // Entities by spelling first (a site holds few distinct spellings), then each spelling normalized once.
  const entitiesBySpelling = new Map<string, number>();
  const tidy = tidier();
  const held: string[] = [];
  for (const entity of dataset.entities[kind]) {
    held.length = 0;
    for (const field of FILTER_FIELDS[kind][filter]) {
      const raw = entity[field];
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        const spelling = typeof value === 'string' ? tidy(value) : '';
        if (spelling !== '' && !held.includes(spelling)) held.push(spelling);
      }
    }
    for (const spelling of held) entitiesBySpelling.set(spelling, (entitiesBySpelling.get(spelling) ?? 0) + 1);
  }
  const spellings = new Map<string, Map<string, number>>();
  for (const [spelling, count] of entitiesBySpelling) {
    const value = normalize(spelling);
    const counts = spellings.get(value) ?? new Map<string, number>();
    counts.set(spelling, count);
    spellings.set(value, counts);
  }
  const values: FacetValue[] = [];
  for (const [value, ranks] of dataset.postings(kind, filter)) {
    const label =
      [...(spellings.get(value) ?? [])].sort(([a, x], [b, y]) => y - x || compareCodePoints(a, b))[0]?.[0] ?? value;
    const query = queryUrl(baseUrl, { type: kind, [filter]: label, limit: 100, offset: 0 });
    values.push({
      value,
      label,
      count: ranks.length,
      query,
      listing: staticUrl(baseUrl, listingPath(kind, { [filter]: value }, 1)),
    });
  }
  return values.sort((a, b) => b.count - a.count || compareCodePoints(a.value, b.value));
}

// A value as a spelling: trimmed, each run of white space one space; each distinct value worked out once.
function tidier(): (value: string) => string {
  const tidied = new Map<string, string>();
  return (value) => {
    let spelling = tidied.get(value);
    if (spelling === undefined) tidied.set(value, (spelling = value.trim().replace(/\s+/gu, ' ')));
    return spelling;
  };
}

/** The facet document of a kind and filter; `generated_at` left for the writer to stamp. */
export function facetDocument(dataset: Dataset, kind: Kind, filter: Filter, baseUrl: string): FacetDocument {
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
    kindFilters(kind).map((filter) => ({ kind, filter, url: staticUrl(baseUrl, facetPath(kind, filter)) })),
  );
  return {
    facets,
    _links: { self: staticUrl(baseUrl, FACETS_INDEX_PATH), schema: staticUrl(baseUrl, SCHEMA_PATH) },
    _meta: { type: 'facets', schema_version: SCHEMA_VERSION, format_version: FACETS_FORMAT_VERSION, generated_at: '' },
  };
}
