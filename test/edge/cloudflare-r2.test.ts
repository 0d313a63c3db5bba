/**
 * Cloudflare Workers + R2 under the real runtime: the Worker as `dataset-site init-deploy` configures it, run
 * by `wrangler dev` (workerd, offline) over a local R2 bucket holding the site. The
 * contract suite against the sample; generated queries and deep windows against a generated
 * site of more than 20,000 files, which Cloudflare Pages could not hold, holding one page of
 * each listing and the rest in leaves (`--page-depth 1`).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from '../helpers/cli.js';
import { buildTempSite, sampleSite } from '../helpers/site.js';
import { datasetUrl } from '../contract/cases.js';
import { expectAnswer, expectApiHeaders, expectError, expectWindows } from '../contract/expect-contract.js';
import { FULL_HOST, contractSuite } from '../contract/host-suite.js';
import { datasetUrls } from '../contract/queries.js';
import { expectedAnswers, type Expected, type Target } from '../contract/targets.js';
import { parseWorkerRecord, workerRecordText } from '../../src/edge/worker-record.js';
import { PACKAGE_VERSION } from '../../src/shared/index.js';
import { SITE_FORMAT } from '../../src/query/formats/index.js';
import { readBucketObject } from '../helpers/r2-bucket.js';
import { r2WorkerTarget } from '../hosts/hosts.js';
import { WORKER_RECORD_PATH } from '../../src/query/formats/index.js';

describe('the Worker over R2, on the sample', () => {
  let dir: string;
  let worker: Target & { bucketState: string };
  let expected: Expected;

  beforeAll(async () => {
    dir = sampleSite();
    [worker, expected] = await Promise.all([r2WorkerTarget(dir), expectedAnswers(dir)]);
  }, 180_000);

  afterAll(async () => {
    await worker?.close?.();
  });

  contractSuite({ ...FULL_HOST, escapes: 'resolved' }, () => ({ target: worker, dir, expected }));

  it('answers a query the second time, from the cache, as the first time', async () => {
    const url = datasetUrl(['type', 'exhibitor'], ['q', 'co'], ['limit', '5']);
    const [first, second] = [await worker.request(url), await worker.request(url)];
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expectApiHeaders(second);
  });

  it('records the site formats it reads in its bucket, for publish to check', async () => {
    await worker.request('/api/public/schema');
    // The record is written off the answer's path: it may land a moment later.
    let record: string | undefined;
    for (let tries = 0; record === undefined && tries < 20; tries++) {
      record = await readBucketObject(worker.bucketState, WORKER_RECORD_PATH);
      if (record === undefined) await new Promise((resume) => setTimeout(resume, 250));
    }
    expect(record).toBe(workerRecordText(PACKAGE_VERSION));
    expect(parseWorkerRecord(record!)?.formats).toEqual([SITE_FORMAT]);
  });

  it.each([
    ['a missing document', '/api/public/exhibitors/none.json'],
    ['a filter combination without matches', '/api/public/dataset/exhibitor/city/atlantis/1.json'],
    ['the nginx rules', '/nginx.conf'],
    ['the build manifest', '/.dataset-site/manifest.json'],
  ])('answers %s with the JSON 404', async (_, url) => {
    expectError(await worker.request(url), 404, 'not_found');
  });
});

describe('the Worker over R2, on a site of more than 20,000 files holding one page of each listing', () => {
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
      '9000',
      '--providers',
      '120',
      '--seed',
      '5',
      '--out',
      sources,
    ]);
    expect(generated.code, generated.stderr).toBe(0);
    dir = (await buildTempSite({ sources, pageDepth: 1 })).out;
    [worker, expected] = await Promise.all([r2WorkerTarget(dir), expectedAnswers(dir)]);
  }, 600_000);

  afterAll(async () => {
    await worker?.close?.();
  });

  it('holds more files than Cloudflare Pages takes', async () => {
    expect((await fg('**/*', { cwd: dir, dot: true, onlyFiles: true })).length).toBeGreaterThan(20_000);
  });

  it('answers windows past the page held, from the leaves, as the oracle does', async () => {
    const windows = [
      [100, 100],
      [150, 500],
      [3001, 100],
      [8950, 100],
      [8999, 500],
    ] as const;
    await expectWindows(worker, expected, ['exhibitor', 'all'], windows);
    expectError(await worker.request('/api/public/dataset/exhibitor/2.json'), 404, 'not_found');
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
