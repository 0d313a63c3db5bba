/** The HTTP side of the router: the request and answer it handles (their headers are the format's, formats/api-headers.ts). */

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
