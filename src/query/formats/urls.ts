/**
 * The URLs of a site (docs/api.md#query-form): the static URL of a document and the
 * query-form URL of a query, both under the site's base URL.
 */
import {
  FILTER_PARAMETERS,
  RELATION_PARAMETERS,
  SCHEDULE_PARAMETERS,
  SEARCHES,
  type DatasetQuery,
} from '../semantics/index.js';

/** Folder of the whole API inside the site. */
export const API_ROOT = 'api/public';
/** Path of the query form of the dataset endpoint. */
export const DATASET_ROUTE = `${API_ROOT}/dataset`;
/** Path of the query form of the schema endpoint. */
export const SCHEMA_ROUTE = `${API_ROOT}/schema`;
/** Path of the MCP endpoint (Streamable HTTP, src/mcp/http.ts) on hosts that run it. */
export const MCP_ROUTE = 'mcp';

/** Absolute URL of a static path under the base URL, each segment percent-encoded. */
export function staticUrl(baseUrl: string, path: string): string {
  return `${trimSlash(baseUrl)}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Canonical query-form URL of a query (docs/api.md#pagination): parameters in a fixed
 * order, `limit` and `offset` always.
 */
export function queryUrl(baseUrl: string, query: DatasetQuery): string {
  const parts = [`type=${query.type}`];
  for (const name of [...SEARCHES, ...FILTER_PARAMETERS, ...RELATION_PARAMETERS, ...SCHEDULE_PARAMETERS] as const) {
    const value = query[name];
    if (value !== undefined) parts.push(`${name}=${encodeURIComponent(value)}`);
  }
  if (query.fields !== undefined) parts.push(`fields=${encodeURIComponent(query.fields.join(','))}`);
  if (query.format !== undefined) parts.push(`format=${query.format}`);
  if (query.meta !== undefined) parts.push(`meta=${query.meta}`);
  if (query.facets !== undefined) parts.push(`facets=${encodeURIComponent(query.facets.join(','))}`);
  if (query.facet_size !== undefined) parts.push(`facet_size=${query.facet_size}`);
  parts.push(`limit=${query.limit}`, `offset=${query.offset}`);
  if (query.snapshot !== undefined) parts.push(`snapshot=${query.snapshot}`);
  return `${trimSlash(baseUrl)}/${DATASET_ROUTE}?${parts.join('&')}`;
}

/** The base URL without trailing slashes. */
export function trimSlash(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}
