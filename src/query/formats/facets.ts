/**
 * Facets (docs/api.md#facets): for each kind and filter, every value the filter matches,
 * with how many entities hold it and the spelling most of them use, so an agent learns
 * the valid `industry`, `country` and `city` values before it queries. One document per
 * kind and filter that applies to it, and an index of them, linked from the schema.
 */
import type { Dataset } from '../semantics/dataset.js';
import { COLLECTIONS, FILTER_FIELDS, KINDS, kindFilters, type Filter, type Kind } from '../semantics/kinds.js';
import { compareCodePoints, normalize } from '../semantics/text.js';
import { SCHEMA_VERSION } from './schema-version.js';
import { listingPath, SCHEMA_PATH } from './paths.js';
import { parseDocument, SiteError } from './site-error.js';
import { API_ROOT, queryUrl, staticUrl } from './urls.js';

/** Layout version of the facet documents (`_meta.format_version`). */
export const FACETS_FORMAT_VERSION = 1;

/** Static path of the facets index. */
export const FACETS_INDEX_PATH = `${API_ROOT}/facets/index.json`;

/** Static path of the facet document of one kind and filter. */
export function facetPath(kind: Kind, filter: Filter): string {
  return `${API_ROOT}/facets/${COLLECTIONS[kind]}/${filter}.json`;
}

/** One value of a facet. */
export interface FacetValue {
  /** The value as filters compare it (normalized). */
  value: string;
  /** The spelling most entities holding it use (ties: the first in code-point order). */
  label: string;
  /** Entities of the kind holding it. */
  count: number;
  /** The query-form URL of those entities, and the first page of their precomputed listing. */
  query: string;
  listing: string;
}

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
    const label = [...(spellings.get(value) ?? [])].sort(([a, x], [b, y]) => y - x || compareCodePoints(a, b))[0]?.[0] ?? value;
    const query = queryUrl(baseUrl, { type: kind, [filter]: label, limit: 100, offset: 0 });
    values.push({ value, label, count: ranks.length, query, listing: staticUrl(baseUrl, listingPath(kind, { [filter]: value }, 1)) });
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
export function facetDocument(dataset: Dataset, kind: Kind, filter: Filter, baseUrl: string) {
  const values = facetValues(dataset, kind, filter, baseUrl);
  return {
    kind,
    filter,
    values,
    _links: { self: staticUrl(baseUrl, facetPath(kind, filter)), index: staticUrl(baseUrl, FACETS_INDEX_PATH), schema: staticUrl(baseUrl, SCHEMA_PATH) },
    _meta: { type: 'facets', schema_version: SCHEMA_VERSION, format_version: FACETS_FORMAT_VERSION, values: values.length, generated_at: '' },
  };
}

/** A facet document as written. */
export type FacetDocument = ReturnType<typeof facetDocument>;

/** Parses the facet document at `path`; one of another format version is a {@link SiteError} saying to rebuild. */
export function parseFacetDocument(path: string, text: string): FacetDocument {
  const document = parseDocument<Partial<FacetDocument>>(path, text);
  const version = document._meta?.format_version;
  if (version !== FACETS_FORMAT_VERSION) {
    throw new SiteError(`${path} has format_version ${JSON.stringify(version)}; this dataset-site reads version ${FACETS_FORMAT_VERSION}. Rebuild the site.`);
  }
  if (!Array.isArray(document.values)) throw new SiteError(`${path} has no values; rebuild the site`);
  return document as FacetDocument;
}

/** The index of every facet document; `generated_at` left for the writer to stamp. */
export function facetsIndexDocument(baseUrl: string) {
  const facets = KINDS.flatMap((kind) => kindFilters(kind).map((filter) => ({ kind, filter, url: staticUrl(baseUrl, facetPath(kind, filter)) })));
  return {
    facets,
    _links: { self: staticUrl(baseUrl, FACETS_INDEX_PATH), schema: staticUrl(baseUrl, SCHEMA_PATH) },
    _meta: { type: 'facets', schema_version: SCHEMA_VERSION, format_version: FACETS_FORMAT_VERSION, generated_at: '' },
  };
}
