/**
 * Facets (docs/api.md#facets): for each kind and filter, every value the filter matches,
 * with how many entities hold it and the spelling most of them use, so an agent learns
 * the valid values of each filter before it queries (a tag filter's, the tags in both languages). One document
 * per kind and filter that applies to it, and an index of them, linked from the schema: their
 * paths and format, and the reader of a facet document (the build writes them: documents/facets.ts).
 */
import { COLLECTIONS, type FilterParameter, type Kind } from '../semantics/index.js';
import { parseDocument, SiteError } from './site-error.js';
import { API_ROOT } from './urls.js';
import { documentVersion } from './site-documents.js';

/** Layout version of the facet documents (`_meta.format_version`). */
export const FACETS_FORMAT_VERSION = documentVersion('facets');

/** Static path of the facets index. */
export const FACETS_INDEX_PATH = `${API_ROOT}/facets/index.json`;

/** Static path of the facet document of one kind and filter. */
export function facetPath(kind: Kind, filter: FilterParameter): string {
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
  /** The query-form URL of those entities, and the first page of their precomputed listing (`null` for a query filter's: it has none). */
  query: string;
  listing: string | null;
}

/** A facet document as written (documents/facets.ts). */
export interface FacetDocument {
  kind: Kind;
  filter: FilterParameter;
  values: FacetValue[];
  _links: { self: string; index: string; schema: string };
  _meta: { type: 'facets'; schema_version: string; format_version: number; values: number; generated_at: string };
}

/** Parses the facet document at `path`; one of another format version is a {@link SiteError} saying to rebuild. */
export function parseFacetDocument(path: string, text: string): FacetDocument {
  const document = parseDocument<Partial<FacetDocument>>(path, text);
  const version = document._meta?.format_version;
  if (version !== FACETS_FORMAT_VERSION) {
    throw new SiteError(
      `${path} has format_version ${JSON.stringify(version)}; this dataset-site reads version ${FACETS_FORMAT_VERSION}. Rebuild the site.`,
    );
  }
  if (!Array.isArray(document.values)) throw new SiteError(`${path} has no values; rebuild the site`);
  return document as FacetDocument;
}
