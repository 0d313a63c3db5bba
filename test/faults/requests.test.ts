/**
 * Hostile requests (docs/hostile-inputs.md): whatever a client sends, the router answers
 * in the API's JSON shape with its headers, never a 5xx and never a throw; and what Node's
 * parser refuses before the router (a made-up method, a 100 kB URL or header) gets the
 * same JSON error from the preview server.
 */
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMP_CONTENT_TYPES, ROOT_FILES, API_HEADERS } from '../../src/query/formats/index.js';
import { createRouter } from '../../src/query/router/index.js';
import { fileStore, serve, type PreviewServer } from '../../src/serve/index.js';
import { sampleSite } from '../helpers/site.js';

const PARAMETERS = [
  'type',
  'q',
  'text',
  'industry',
  'country',
  'city',
  'status',
  'from',
  'to',
  'sort',
  'limit',
  'offset',
];

/** Paths and query strings as a hostile client writes them: any characters, escapes good and bad, known parameters with junk. */
const hostileUrl = (() => {
  const text = fc.string({ unit: 'binary', maxLength: 40 });
  const escape = fc.constantFrom(
    '%',
    '%2',
    '%zz',
    '%00',
    '%2e%2e',
    '%2f',
    '%5c',
    '%c0%ae',
    '%ff',
    '..',
    '.',
    '//',
    '\\',
    '?',
    '#',
    '&',
    '=',
  );
  const piece = fc.oneof(
    text,
    escape,
    fc.constantFrom('api', 'public', 'dataset', 'schema', 'schema.json', 'exhibitors', 'search', '1.json'),
  );
  const path = fc.array(piece, { maxLength: 6 }).map((pieces) => `/${pieces.join('/')}`);
  const pair = fc
    .tuple(
      fc.oneof(fc.constantFrom(...PARAMETERS), text),
      fc.oneof(
        text,
        fc.constantFrom('0', '-1', '1e3', '500', '501', 'all', '', 'exhibition', '2026-02-30', '-start_date'),
      ),
    )
    .map(([name, value]) => `${name}=${value}`);
  const query = fc.array(fc.oneof(pair, text), { maxLength: 6 }).map((pairs) => pairs.join('&'));
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constant('/api/public/dataset'), query).map(([p, q]) => `${p}?${q}`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(path, fc.option(query, { nil: undefined }))
        .map(([p, q]) => (q === undefined ? p : `${p}?${q}`)),
    },
  );
})();

describe('the router, over arbitrary requests (property)', () => {
  it('never answers 5xx or throws, and always answers the JSON shape with the API headers', async () => {
    const route = createRouter({
      store: fileStore(sampleSite()),
      onError: (error) => {
        throw error;
      },
    });
    await fc.assert(
      fc.asyncProperty(
        hostileUrl,
        fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE', 'FOO', 'get'),
        async (url, method) => {
          const answer = await route({ method, url });
          expect(answer.status).toBeLessThan(500);
          // The root files (the browse page, llms.txt, the dumps) are the only answers of another type.
          const { 'Content-Type': type, ...others } = API_HEADERS;
          expect(answer.headers).toMatchObject(others);
          if (method === 'HEAD') {
            expect(answer.body).toBe('');
            return;
          }
          if (answer.headers['Content-Type'] !== type) {
            expect(answer.status).toBe(200);
            expect([...Object.values(ROOT_FILES), ...Object.values(DUMP_CONTENT_TYPES)]).toContain(
              answer.headers['Content-Type'],
            );
            return;
          }
          const body = JSON.parse(answer.body);
          if (answer.status === 200) expect(body).toHaveProperty('_meta');
          else
            expect(body).toMatchObject({
              error: { status: answer.status, code: expect.any(String), message: expect.any(String) },
              _meta: { schema_version: '1.0' },
            });
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('the preview server, with requests its HTTP parser refuses', () => {
  let server: PreviewServer;
  beforeAll(async () => {
    server = await serve({ dir: sampleSite(), port: 0 });
  });
  afterAll(() => server?.close());

  it.each([
    ['a made-up method', 'FOO /api/public/dataset HTTP/1.1\r\nHost: x\r\n\r\n', 405, 'method_not_allowed'],
    [
      'a 100 kB URL',
      `GET /api/public/dataset?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      414,
      'uri_too_long',
    ],
    ['a 20 kB URL', `GET /api/public/dataset?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'uri_too_long'],
    [
      'a 16.5 kB URL in pieces of 1 kB, its end in the piece over the limit',
      `GET /api/public/dataset?q=${'a'.repeat(16_500)} HTTP/1.1\r\nHost: x\r\n\r\n`.match(/[^]{1,1000}/g)!,
      414,
      'uri_too_long',
    ],
    [
      'a 20 kB header',
      `GET /api/public/dataset HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    [
      'a 100 kB header',
      `GET /api/public/dataset HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(100_000)}\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    ['bytes that are not HTTP', 'GET / HTTP/1.1\r\nHost x\r\n\r\n', 400, 'bad_request'],
  ])('answers %s with the JSON error and the API headers', async (_, request, status, code) => {
    const [head, body] = (await sendRaw(server, request)).split('\r\n\r\n');
    const [statusLine, ...headerLines] = head!.split('\r\n');
    expect(statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    const headers = Object.fromEntries(headerLines.map((line) => line.split(': ')));
    expect(headers).toMatchObject(API_HEADERS);
    if (status === 405) expect(headers.Allow).toBe('GET, HEAD');
    expect(JSON.parse(body!)).toMatchObject({
      error: { status, code },
      _meta: { schema_version: '1.0', base_url: 'http://localhost:8080' },
    });
  });
  it.each([
    ['q', 'q is at most 200 characters'],
    ['text', 'text is at most 200 characters'],
    ['country', 'country takes a short value'],
  ])('names %s in the 414 for its long value', async (name, says) => {
    const request = `GET /api/public/dataset?type=exhibitor&${name}=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`;
    const body = JSON.parse((await sendRaw(server, request)).split('\r\n\r\n')[1]!);
    expect(body.error).toMatchObject({ status: 414, code: 'uri_too_long' });
    expect(body.error.message).toBe(`the URL is too long: the value of ${name} runs past the limit; ${says}`);
  });
});

/** The raw answer of the preview server to `request`, its pieces written apart so that the server reads each as a chunk of its own. */
async function sendRaw(server: PreviewServer, request: string | string[]): Promise<string> {
  const { port } = new URL(server.url);
  const send = async (socket: net.Socket) => {
    for (const piece of [request].flat()) {
      socket.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    socket.end();
  };
  return new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = net.connect(Number(port), '127.0.0.1', () => void send(socket));
    socket
      .setEncoding('utf8')
      .on('data', (chunk: string) => (text += chunk))
      .on('end', () => resolve(text))
      .on('error', reject);
  });
}
