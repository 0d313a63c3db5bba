/**
 * The Cloudflare Pages adapter under the real runtime (`wrangler pages dev`, workerd):
 * `_worker.js` answers every contract case as the oracle and the reference do, and `_routes.json`
 * leaves the static documents to the asset server, which gives them the `_headers`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleSite } from '../helpers/site.js';
import { CONTRACT_CASES, ESCAPES, datasetUrl } from '../contract/cases.js';
import { expectedAnswers, type Expected, type Target } from '../contract/targets.js';
import { STATIC_DOCUMENTS, expectApiHeaders, expectError, expectContractAnswer, expectStaticDocument } from '../contract/expect-contract.js';
import { cloudflareTarget } from './hosts.js';
import { expectBrowsePage, expectEtags, expectPreflight } from '../contract/expect-http.js';
import { API_HEADERS } from '../../src/query/router/http.js';

let dir: string;
let worker: Target;
let expected: Expected;

beforeAll(async () => {
  dir = sampleSite();
  [worker, expected] = await Promise.all([cloudflareTarget(dir), expectedAnswers(dir)]);
});

afterAll(async () => {
  await worker?.close?.();
});

describe('the worker', () => {
  it.each(CONTRACT_CASES.map((c) => [c.name, c] as const))('answers %s as expected', async (_, contractCase) => {
    await expectContractAnswer(worker, expected, contractCase);
  });

  it.each([
    ['a dataset answer', datasetUrl(['type', 'exhibitor'], ['limit', '100']), 200],
    ['a q answer', datasetUrl(['q', '汽车']), 200],
    ['the schema', '/api/public/schema', 200],
    ['the static schema', '/api/public/schema.json', 200],
  ])('answers %s with the CONTRACT headers', async (_, url, status) => {
    const answer = await worker.request(url);
    expect(answer.status).toBe(status);
    expectApiHeaders(answer);
  });

  it.each([
    ['a refused query', datasetUrl(['limit', '0']), 400, 'invalid_parameter'],
    ['an unknown API path', '/api/public/nowhere', 404, 'not_found'],
    ['the nginx rules', '/nginx.conf', 404, 'not_found'],
    ['the worker', '/_worker.js', 404, 'not_found'],
    ['the routes file', '/_routes.json', 404, 'not_found'],
    ['the headers file', '/_headers', 404, 'not_found'],
    ['the build manifest', '/.dataset-site/manifest.json', 404, 'not_found'],
  ])('answers %s with a JSON error', async (_, url, status, code) => {
    expectError(await worker.request(url), status, code);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('refuses %s with 405, Allow and a JSON body', async (method) => {
    const answer = await worker.request('/api/public/dataset', method);
    expectError(answer, 405, 'method_not_allowed');
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('serves the browse page at the site root, with its policy', () => expectBrowsePage(worker));

  it('gives every 200 an ETag and answers a client holding it with 304', () => expectEtags(worker.url!));
  it('answers a CORS preflight with 204', () => expectPreflight(worker.url!));

  it('answers HEAD like GET without a body', async () => {
    const url = datasetUrl(['type', 'exhibition'], ['limit', '3']);
    const [get, head] = [await worker.request(url), await worker.request(url, 'HEAD')];
    expect(head.status).toBe(200);
    expect(head.body).toBeUndefined();
    expectApiHeaders(head);
    expect(get.body).toMatchObject({ _meta: { count: 3 } });
  });
});

describe('the asset server', () => {
  it.each(STATIC_DOCUMENTS)('serves %s exactly as built, with the headers of _headers', async (_, url) => {
    await expectStaticDocument(worker, dir, url);
  });

  // A miss inside a static folder never reaches the worker: Pages serves api/public/404.html,
  // the API's JSON 404, with the headers of _headers (Pages makes a 404 `no-store`).
  it.each(['/api/public/exhibitors/none.json', '/api/public/dataset/exhibitor/city/atlantis/1.json'])('answers the miss %s with the JSON 404', async (url) => {
    const answer = await worker.request(url);
    expectError({ ...answer, headers: { ...answer.headers, 'cache-control': API_HEADERS['Cache-Control']! } }, 404, 'not_found');
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

// The runtime resolves `..`, `\` and `//` before routing, so some of these reach the
// public schema document itself; none may reach anything else, nor fail on the server.
it.each(ESCAPES)('serves nothing but a public document for %s', async (url) => {
  const answer = await worker.request(url);
  if (answer.status === 200) expect(answer.body).toEqual(JSON.parse(await readFile(path.join(dir, 'api/public/schema.json'), 'utf8')));
  else expectError(answer, 404, 'not_found');
});
