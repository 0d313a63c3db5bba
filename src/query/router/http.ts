/** The HTTP side of the router: the request and answer it handles and the headers of every API response (docs/api.md#headers). */

/**
 * Headers of every API response, errors included (docs/api.md#headers). The router sets them;
 * host adapters (Netlify `_headers`, nginx, the Cloudflare worker) take them from here.
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Cache-Control': 'public, max-age=300',
  'Content-Type': 'application/json; charset=utf-8',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag',
  'X-Content-Type-Options': 'nosniff',
});

/** The methods the API answers; anything else is a 405 with this as its `Allow` header. */
export const ALLOWED_METHODS = 'GET, HEAD';

/** A request as the router sees it. */
export interface RouterRequest {
  /** HTTP method, upper case. */
  method: string;
  /** Path and query string exactly as sent, not normalized (`/api/public/dataset?type=all`). */
  url: string;
  /** Request headers by lower-case name; only `if-none-match` and the CORS preflight's are read. @default none */
  headers?: Readonly<Record<string, string | undefined>>;
}

/** An answer: status, headers and the text of the body (empty for `HEAD`). */
export interface RouterResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** A binary body (a gzipped dump) instead of `body`, which is then empty. */
  bytes?: Uint8Array;
}
