/**
 * Remote sources (docs/api.md#sources) from a local HTTP server the test starts: one
 * document or a manifest of several give the same site as the same local files; a slow,
 * too large, failing or broken source fails the build with a clear message naming the
 * URL, and the previous site stays as it was.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../../src/index.js';
import { failedBuild } from '../../helpers/failed-build.js';
import { hashTree, TEST_NOW } from '../../helpers/site.js';

const TINY = JSON.parse(await readFile('test/fixtures/tiny/sources/data.json', 'utf8')) as Record<
  string,
  Record<string, unknown>[]
>;
const ndjson = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n';
const FAST: BuildOptions['fetch'] = { retryDelayMs: 10 };

let server: Server;
let base: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  const documents: Record<string, string> = {
    '/data.json': JSON.stringify(TINY),
    '/manifest.json': JSON.stringify({
      sources: ['parts/exhibitions.json', 'exhibitors/all.ndjson', `${'/service_providers/all.ndjson'}`],
    }),
    '/parts/exhibitions.json': JSON.stringify({ exhibitions: TINY.exhibitions }),
    '/exhibitors/all.ndjson': ndjson(TINY.exhibitors!),
    '/service_providers/all.ndjson': ndjson(TINY.service_providers!),
    '/bad.json': '{"exhibitions": [',
    '/huge.json': JSON.stringify({ exhibitions: [], padding: 'x'.repeat(5000) }),
  };
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    hits.set(url, (hits.get(url) ?? 0) + 1);
    if (url === '/slow.json') return; // never answers
    if (url === '/failing.json') return void response.writeHead(503).end('try later');
    if (url === '/to-file.json') return void response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (url === '/flaky.json')
      return void (hits.get(url) === 1 ? response.writeHead(502).end() : response.end(JSON.stringify(TINY)));
    const text = documents[url];
    if (text === undefined) return void response.writeHead(404).end('no such document');
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function buildFrom(sources: string, fetch: BuildOptions['fetch'] = FAST): Promise<string> {
  const out = path.join(await mkdtemp(path.join(tmpdir(), 'ds-remote-')), 'site');
  await build({ sources, out, now: TEST_NOW, fetch });
  return out;
}

function failure(sources: string, fetch: BuildOptions['fetch']): Promise<{ message: string; out: string }> {
  return failedBuild({ sources, fetch });
}

describe('remote sources', () => {
  it('give the same site as the same local files, from one document or from a manifest', async () => {
    const local = await hashTree(await buildFrom('test/fixtures/tiny/sources'));
    expect(await hashTree(await buildFrom(`${base}/data.json`))).toEqual(local);
    expect(await hashTree(await buildFrom(`${base}/manifest.json`))).toEqual(local);
  });

  it('are retried with backoff after a 5xx', async () => {
    expect(await hashTree(await buildFrom(`${base}/flaky.json`))).toEqual(
      await hashTree(await buildFrom('test/fixtures/tiny/sources')),
    );
    expect(hits.get('/flaky.json')).toBe(2);
  });

  it.each([
    [
      'slow past the timeout',
      '/slow.json',
      { timeoutMs: 300, retries: 0 },
      /cannot fetch the sources http:\/\/127\.0\.0\.1:\d+\/slow\.json: no complete answer within 0\.3 s; nothing was written/,
    ],
    ['too large', '/huge.json', { maxBytes: 1000 }, /huge\.json: the document is larger than 1000 bytes/],
    [
      'failing every time',
      '/failing.json',
      { retries: 2, retryDelayMs: 10 },
      /failing\.json: the server answered 503 Service Unavailable \(3 attempts\)/,
    ],
    ['missing', '/none.json', FAST, /none\.json: the server answered 404 Not Found; nothing was written/],
    ['broken JSON', '/bad.json', FAST, /http:\/\/127\.0\.0\.1:\d+\/bad\.json:1: not valid JSON/],
  ])('fail the build when %s, naming the URL', async (_, url, fetch, message) => {
    expect((await failure(`${base}${url}`, fetch)).message).toMatch(message);
  });

  it('never print a password in a URL, and fail at once on what a retry cannot mend', async () => {
    const started = performance.now();
    const withPassword = await failure(`http://user:pa55word@127.0.0.1:${new URL(base).port}/data.json`, {
      retries: 3,
      retryDelayMs: 1000,
    });
    expect(withPassword.message).toMatch(
      /^cannot fetch the sources http:\/\/\*\*\*@127\.0\.0\.1:\d+\/data\.json: a source URL may not hold a user name or password; .*; nothing was written/,
    );
    expect(withPassword.message).not.toContain('pa55word');
    expect(withPassword.message).not.toContain('attempts');
    const toFile = await failure(`${base}/to-file.json`, { retries: 3, retryDelayMs: 1000 });
    expect(toFile.message).toMatch(/to-file\.json: .*; nothing was written/);
    expect(toFile.message).not.toContain('attempts');
    expect(hits.get('/to-file.json')).toBe(1);
    // Three retries a second apart would take 7 s each: both refusals are at once.
    expect(performance.now() - started).toBeLessThan(4000);
  });

  it('refuse an unreachable server in one line', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await failure(`http://127.0.0.1:${port}/data.json`, { retries: 1, retryDelayMs: 10 })).message).toMatch(
      /data\.json: ECONNREFUSED \(2 attempts\)/,
    );
  });
});
