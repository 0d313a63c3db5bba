/**
 * Cloudflare Workers + R2 under the real runtime: the site's `r2-worker/` as built, run
 * by `wrangler dev` (workerd, offline) over a local R2 bucket holding the site. The
 * contract suite against the sample; generated queries against a generated site of more
 * than 20,000 files, which Cloudflare Pages could not hold.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from '../helpers/cli.js';
import { buildTempSite, sampleSite } from '../helpers/site.js';
import { CONTRACT_CASES, ESCAPES, datasetUrl } from '../contract/cases.js';
import { STATIC_DOCUMENTS, expectAnswer, expectApiHeaders, expectContractAnswer, expectError, expectStaticDocument } from '../contract/expect-contract.js';
import { datasetUrls } from '../contract/queries.js';
import { expectedAnswers, type Expected, type Target } from '../contract/targets.js';
import { r2WorkerTarget } from './hosts.js';
import { expectBrowsePage, expectEtags, expectPreflight } from '../contract/expect-http.js';

describe('the Worker over R2, on the sample', () => {
  let dir: string;
  let worker: Target;
  let expected: Expected;

  let workerUrl: string;

  beforeAll(async () => {
    dir = sampleSite();
    [worker, expected] = await Promise.all([r2WorkerTarget(dir), expectedAnswers(dir)]);
    workerUrl = worker.url!;
  }, 180_000);

  afterAll(async () => {
    await worker?.close?.();
  });

  it.each(CONTRACT_CASES.map((c) => [c.name, c] as const))('answers %s as expected', async (_, contractCase) => {
    await expectContractAnswer(worker, expected, contractCase);
  });

  it.each([...STATIC_DOCUMENTS, ['the schema', '/api/public/schema.json'] as const])(
    'serves %s from the bucket as built, with the API headers',
    async (_, url) => {
      await expectStaticDocument(worker, dir, url);
    },
  );

  it('answers a query the second time, from the cache, as the first time', async () => {
    const url = datasetUrl(['type', 'exhibitor'], ['q', 'co'], ['limit', '5']);
    const [first, second] = [await worker.request(url), await worker.request(url)];
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expectApiHeaders(second);
  });

  it.each([
    ['a missing document', '/api/public/exhibitors/none.json'],
    ['a filter combination without matches', '/api/public/dataset/exhibitor/city/atlantis/1.json'],
    ['the Worker itself', '/r2-worker/worker.js'],
    ['its configuration', '/r2-worker/wrangler.toml'],
    ['the build manifest', '/.dataset-site/manifest.json'],
  ])('answers %s with the JSON 404', async (_, url) => {
    expectError(await worker.request(url), 404, 'not_found');
  });

  it.each(['POST', 'PUT', 'DELETE'])('refuses %s with 405 and Allow', async (method) => {
    const answer = await worker.request('/api/public/dataset', method);
    expectError(answer, 405, 'method_not_allowed');
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('serves the browse page at the site root, with its policy', () => expectBrowsePage(worker));

  it('gives every 200 an ETag and answers a client holding it with 304', () => expectEtags(workerUrl));
  it('answers a CORS preflight with 204', () => expectPreflight(workerUrl));

  it('answers HEAD like GET without a body', async () => {
    const head = await worker.request(datasetUrl(['type', 'exhibition'], ['limit', '3']), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBeUndefined();
    expectApiHeaders(head);
  });

  // The runtime resolves `..`, `\` and `//` before routing: nothing but a public document may come back.
  it.each(ESCAPES)('serves nothing but a public document for %s', async (url) => {
    const answer = await worker.request(url);
    if (answer.status === 200) expect(answer.body).toEqual(JSON.parse(await readFile(path.join(dir, 'api/public/schema.json'), 'utf8')));
    else expectError(answer, 404, 'not_found');
  });
});

describe('the Worker over R2, on a site of more than 20,000 files', () => {
  let dir: string;
  let worker: Target;
  let expected: Expected;

  beforeAll(async () => {
    const sources = path.join(await mkdtemp(path.join(tmpdir(), 'ds-r2-sources-')), 'sources');
    const generated = await runNode([
      'node_modules/tsx/dist/cli.mjs',
      'scripts/generate.ts',
      '--exhibitions',
      '200',
      '--exhibitors',
      '6000',
      '--providers',
      '120',
      '--seed',
      '5',
      '--out',
      sources,
    ]);
    expect(generated.code, generated.stderr).toBe(0);
    dir = (await buildTempSite({ sources })).out;
    [worker, expected] = await Promise.all([r2WorkerTarget(dir), expectedAnswers(dir)]);
  }, 600_000);

  afterAll(async () => {
    await worker?.close?.();
  });

  it('holds more files than Cloudflare Pages takes', async () => {
    expect((await fg('**/*', { cwd: dir, dot: true, onlyFiles: true })).length).toBeGreaterThan(20_000);
  });

  it('answers generated queries as the oracle does (property)', async () => {
    await fc.assert(
      fc.asyncProperty(datasetUrls(expected.oracle.oracle), async (url) => {
        await expectAnswer(await worker.request(url), url, worker, expected);
      }),
      { numRuns: 150 },
    );
  }, 300_000);
});
