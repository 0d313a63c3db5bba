/** HTTP as clients expect it, held against any host this project answers on: ETag and 304, CORS preflights, compression. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { rawRequest } from '../helpers/http.js';
import type { Target } from './targets.js';

const QUERY = '/api/public/dataset?type=exhibitor&limit=20';

/** Asserts an ETag on 200 answers, a 304 for a client holding it, and that a new content gets a new ETag. */
export async function expectEtags(baseUrl: string): Promise<void> {
  const first = await rawRequest(baseUrl, QUERY);
  expect(first.status).toBe(200);
  const etag = first.headers.etag!;
  expect(etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
  expect(first.headers['access-control-expose-headers']).toBe('ETag, Link');
  const again = await rawRequest(baseUrl, QUERY, { headers: { 'If-None-Match': etag } });
  expect(again.status).toBe(304);
  expect(again.bytes.length).toBe(0);
  expect(again.headers.etag).toBe(etag);
  expect((await rawRequest(baseUrl, QUERY, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  expect((await rawRequest(baseUrl, `${QUERY}&offset=20`)).headers.etag).not.toBe(etag);
}

/** Asserts that a CORS preflight with a custom header is answered 204 with what the browser needs. */
export async function expectPreflight(baseUrl: string): Promise<void> {
  const answer = await rawRequest(baseUrl, QUERY, {
    method: 'OPTIONS',
    headers: {
      Origin: 'https://agent.example',
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'x-agent-id',
    },
  });
  expect(answer.status).toBe(204);
  expect(answer.headers['access-control-allow-origin']).toBe('*');
  expect(answer.headers['access-control-allow-methods']).toBe('GET, HEAD');
  expect(answer.headers['access-control-allow-headers']).toBe('x-agent-id');
  expect(answer.bytes.length).toBe(0);
}

/** Asserts Brotli and gzip answers when asked, equal to the plain one once decoded. */
export async function expectCompression(baseUrl: string): Promise<void> {
  const plain = await rawRequest(baseUrl, QUERY);
  expect(plain.headers['content-encoding']).toBeUndefined();
  for (const [coding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const answer = await rawRequest(baseUrl, QUERY, { headers: { 'Accept-Encoding': coding } });
    expect(answer.headers['content-encoding']).toBe(coding);
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(answer.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(decode(answer.bytes).equals(plain.bytes)).toBe(true);
  }
}

/** Asserts that `target` serves the browse page at the site root, as HTML with its content security policy. */
export async function expectBrowsePage(target: Target): Promise<void> {
  const answer = await target.request('/');
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
}
