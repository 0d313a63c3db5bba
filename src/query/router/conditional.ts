/**
 * HTTP as clients expect it (docs/api.md#headers): an `ETag` made from the content of
 * every 200 answer, `304 Not Modified` when the client already holds it (`If-None-Match`),
 * and CORS preflights (`OPTIONS` with `Access-Control-Request-Method`) answered `204`, so a
 * browser `fetch` with its own headers may read the API from any origin.
 */
import { hash53 } from '../semantics/index.js';
import type { RouterRequest, RouterResponse } from './http.js';
import { ALLOWED_METHODS, API_HEADERS } from '../formats/index.js';

/** Seconds a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE = 86_400;

/** The strong ETag of a body: a 53-bit hash of its text (or bytes) and its length. */
export function etagOf(body: string | Uint8Array): string {
  return `"${hash53(body).toString(36)}-${body.length.toString(36)}"`;
}

/** Whether a request is a CORS preflight. */
export function isPreflight(request: RouterRequest): boolean {
  return request.method === 'OPTIONS' && header(request, 'access-control-request-method') !== undefined;
}

/** The answer to a CORS preflight: 204, the methods the API answers, the headers asked for. */
export function preflightResponse(request: RouterRequest): RouterResponse {
  const asked = header(request, 'access-control-request-headers');
  return {
    status: 204,
    headers: {
      ...API_HEADERS,
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      ...(asked === undefined ? {} : { 'Access-Control-Allow-Headers': asked }),
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE),
      Vary: 'Access-Control-Request-Headers',
    },
    body: '',
  };
}

/** A 200 answer with its ETag, or a bodiless 304 when `If-None-Match` names it (or is `*`). */
export function withEtag(request: RouterRequest, answer: RouterResponse): RouterResponse {
  if (answer.status !== 200) return answer;
  const etag = etagOf(answer.bytes ?? answer.body);
  const headers = { ...answer.headers, ETag: etag };
  const held = header(request, 'if-none-match');
  const matches =
    held !== undefined &&
    (held.trim() === '*' || held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
  return matches ? { status: 304, headers, body: '' } : { ...answer, headers };
}

function header(request: RouterRequest, name: string): string | undefined {
  return request.headers?.[name];
}
