/**
 * The Cloudflare Pages adapter under the real runtime (`wrangler pages dev`, workerd): the
 * contract suite (`_worker.js` answers every case as the oracle does, and `_routes.json`
 * leaves the static documents to the asset server, which gives them the `_headers`), then
 * what only Pages does: the JSON errors for the host's own files, the asset server's misses;
 * and on the sample built to hold one page of each listing, the windows past it, read from
 * the listing's leaves through the asset binding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTempSite, sampleSite } from '../helpers/site.js';
import { expectedAnswers, type Expected, type Target } from '../contract/targets.js';
import { expectError, expectWindows } from '../contract/expect-contract.js';
import { FULL_HOST, contractSuite } from '../contract/host-suite.js';
import { cloudflareTarget } from './hosts.js';
import { API_HEADERS } from '../../src/query/formats/index.js';

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

describe('the Pages worker', () => {
  contractSuite({ ...FULL_HOST, escapes: 'resolved' }, () => ({ target: worker, dir, expected }));

  it.each([
    ['an unknown API path', '/api/public/nowhere', 404, 'not_found'],
    ['the nginx rules', '/nginx.conf', 404, 'not_found'],
    ['the worker', '/_worker.js', 404, 'not_found'],
    ['the routes file', '/_routes.json', 404, 'not_found'],
    ['the headers file', '/_headers', 404, 'not_found'],
    ['the build manifest', '/.dataset-site/manifest.json', 404, 'not_found'],
  ])('answers %s with a JSON error', async (_, url, status, code) => {
    expectError(await worker.request(url), status, code);
  });
});

describe('the asset server', () => {
  // A miss inside a static folder never reaches the worker: Pages serves api/public/404.html,
  // the API's JSON 404, with the headers of _headers (Pages makes a 404 `no-store`).
  it.each(['/api/public/exhibitors/none.json', '/api/public/dataset/exhibitor/city/atlantis/1.json'])(
    'answers the miss %s with the JSON 404',
    async (url) => {
      const answer = await worker.request(url);
      expectError(
        { ...answer, headers: { ...answer.headers, 'cache-control': API_HEADERS['Cache-Control']! } },
        404,
        'not_found',
      );
      expect(answer.headers['cache-control']).toBe('no-store');
    },
  );
});

describe('the Pages worker on a site holding one page of each listing', () => {
  let leafy: Target;
  let leafyExpected: Expected;

  beforeAll(async () => {
    const { out } = await buildTempSite({ pageDepth: 1 });
    [leafy, leafyExpected] = await Promise.all([cloudflareTarget(out), expectedAnswers(out)]);
  });

  afterAll(async () => {
    await leafy?.close?.();
  });

  it('answers windows past the page held, from the leaves, as the oracle does', async () => {
    const windows = [
      [100, 100],
      [150, 500],
      [299, 7],
      [359, 100],
    ] as const;
    await expectWindows(leafy, leafyExpected, ['exhibitor', 'all'], windows);
  });

  it('answers the path of a page past the depth with the 404 page naming the depth', async () => {
    const answer = await leafy.request('/api/public/dataset/exhibitor/2.json');
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).toContain('this site holds the first 1 of each listing');
  });
});
