/** The headers and methods of every API response (docs/api.md#headers): part of the API's format, whoever serves it. */
import { isImmutablePath } from './snapshots.js';

/**
 * Headers of every API response, errors included (docs/api.md#headers). The router sets them;
 * host adapters (Netlify `_headers`, nginx, the Cloudflare worker) and publish take them from here.
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Cache-Control': 'public, max-age=300',
  'Content-Type': 'application/json; charset=utf-8',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Link',
  'X-Content-Type-Options': 'nosniff',
});

/**
 * `Cache-Control` of a document named by its generation or snapshot (the search index's, the
 * snapshots'): kept a year and never revalidated, as a name is never written with other bytes
 * (docs/api.md#headers). Every other answer is kept `max-age=300`, the cycle of rebuilds.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The headers of the static document at site path `path`: {@link API_HEADERS}, kept for good when it is immutable. */
export function documentHeaders(path: string): Readonly<Record<string, string>> {
  return isImmutablePath(path) ? { ...API_HEADERS, 'Cache-Control': IMMUTABLE_CACHE_CONTROL } : API_HEADERS;
}

/** The methods the API answers; anything else is a 405 with this as its `Allow` header. */
export const ALLOWED_METHODS = 'GET, HEAD';
