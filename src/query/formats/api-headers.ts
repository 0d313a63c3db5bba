/** The headers and methods of every API response (docs/api.md#headers): part of the API's format, whoever serves it. */

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

/** The methods the API answers; anything else is a 405 with this as its `Allow` header. */
export const ALLOWED_METHODS = 'GET, HEAD';
