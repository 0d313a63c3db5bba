/**
 * The contract suite (host-suite.ts) against the targets in Node (the in-memory reference,
 * the router over the files, the preview server over HTTP, the client SDK against it), each
 * held to the independent oracle of test/oracle; a property check of the router and the
 * reference against the oracle over generated queries; the router's own errors.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_PATH, API_HEADERS } from '../../src/query/formats/index.js';
import { SEARCH_INDEX_VERSION } from '../../src/query/search/index.js';
import { createRouter, type DocumentStore } from '../../src/query/router/index.js';
import { fileStore } from '../../src/serve/index.js';
import { expectAnswer, expectApiHeaders } from './expect-contract.js';
import { FULL_HOST, contractSuite, type HostTraits } from './host-suite.js';
import { CLI, runCli } from '../helpers/cli.js';
import { sampleSite, siteEntryPath, TEST_NOW } from '../helpers/site.js';
import { datasetUrl, type Body } from './cases.js';
import { datasetUrls } from './queries.js';
import { queryFilterUrls } from './query-filter-queries.js';
import { expectedAnswers, httpRequest, routerTarget, startTargets, type Expected, type Target } from './targets.js';

let dir: string;
let targets: Target[];
let expected: Expected;

beforeAll(async () => {
  dir = sampleSite();
  [targets, expected] = await Promise.all([startTargets(dir), expectedAnswers(dir)]);
});

afterAll(async () => {
  await Promise.all((targets ?? []).map((target) => target.close?.()));
});

function byName(name: string): Target {
  return targets.find((target) => target.name === name)!;
}

// The targets of this file, and what sets each apart; the hosts on nginx and workerd run the same suite in test/hosts/.
const TARGETS: Record<string, HostTraits> = {
  reference: { serves: 'query form', methods: false, escapes: 'refused', http: false },
  router: { serves: 'site', methods: true, escapes: 'refused', http: false },
  'preview server': FULL_HOST,
  'client SDK': { serves: 'site', methods: false, escapes: 'refused', http: false },
};

for (const [name, traits] of Object.entries(TARGETS)) {
  describe(name, () => {
    contractSuite(traits, () => ({ target: byName(name), dir, expected }));
  });
}

describe.each(['router', 'preview server', 'client SDK'])('%s', (name) => {
  it('answers a missing document with the JSON 404 and the API headers', async () => {
    const answer = await byName(name).request('/api/public/exhibitors/none.json');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: { code: 'not_found' } });
    expectApiHeaders(answer);
  });
});

describe('the router and the reference', () => {
  it.each(['router', 'reference'])('%s answers generated queries as the oracle does (property)', async (name) => {
    const target = name === 'router' ? routerTarget(dir) : expected.reference;
    await fc.assert(
      fc.asyncProperty(datasetUrls(expected.oracle.oracle), async (url) => {
        await expectAnswer(await target.request(url), url, target, expected);
      }),
      { numRuns: 400 },
    );
  });
  it.each(['router', 'reference'])(
    '%s answers generated queries of exhibitions by date as the oracle does (property)',
    async (name) => {
      const target = name === 'router' ? routerTarget(dir) : expected.reference;
      await fc.assert(
        fc.asyncProperty(datasetUrls(expected.oracle.oracle, true), async (url) => {
          await expectAnswer(await target.request(url), url, target, expected);
        }),
        { numRuns: 200 },
      );
    },
  );
  it.each(['router', 'reference'])(
    '%s answers generated queries by the query filters as the oracle does (property)',
    async (name) => {
      const target = name === 'router' ? routerTarget(dir) : expected.reference;
      await fc.assert(
        fc.asyncProperty(queryFilterUrls(expected.oracle.oracle), async (url) => {
          await expectAnswer(await target.request(url), url, target, expected);
        }),
        { numRuns: 300 },
      );
    },
  );
});

describe('the router', () => {
  it('stamps an answer with the latest generated_at of the documents it read', async () => {
    const later = '2030-01-01T00:00:00.000Z';
    const route = createRouter({
      store: editedStore(await siteEntryPath(sampleSite(), 'exhibition'), (text) =>
        text.replace(/"generated_at":"[^"]*"/, `"generated_at":"${later}"`),
      ),
    });
    const stamp = async (url: string) =>
      (JSON.parse((await route({ method: 'GET', url })).body) as Body)._meta.generated_at;
    expect(await stamp(datasetUrl(['type', 'exhibition'], ['q', '汽车']))).toBe(later);
    expect(await stamp(datasetUrl(['type', 'exhibitor'], ['q', '汽车']))).toBe(TEST_NOW.toISOString());
    // A listing's window is the search index's too (docs/api.md#snapshots).
    expect(await stamp(datasetUrl(['type', 'exhibition']))).toBe(later);
    expect(await stamp(datasetUrl(['type', 'exhibitor']))).toBe(TEST_NOW.toISOString());
  });

  it('answers a search index of an unknown version with a 500 that says to rebuild, a listing too', async () => {
    const route = createRouter({
      store: editedStore(await siteEntryPath(sampleSite(), 'exhibitor'), (text) =>
        text.replace(`"version":${SEARCH_INDEX_VERSION}`, '"version":99'),
      ),
    });
    const url = datasetUrl(['type', 'exhibitor'], ['q', 'co']);
    const answer = await route({ method: 'GET', url });
    expect(answer.status).toBe(500);
    expect(answer.headers).toEqual(API_HEADERS);
    expect(JSON.parse(answer.body).error).toMatchObject({
      status: 500,
      code: 'site_error',
      message: expect.stringMatching(/version 99.*Rebuild the site/),
    });
    // Every window is read from the snapshot's search index, a listing's too; another kind's still answers.
    expect((await route({ method: 'GET', url: datasetUrl(['type', 'exhibitor']) })).status).toBe(500);
    expect((await route({ method: 'GET', url: datasetUrl(['type', 'exhibition']) })).status).toBe(200);
  });

  it('answers a folder that is not a built site with a 500 JSON error', async () => {
    const route = createRouter({ store: editedStore(SCHEMA_PATH, () => undefined) });
    const answer = await route({ method: 'GET', url: '/api/public/dataset' });
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body).error.message).toContain(`${SCHEMA_PATH} is missing`);
  });

  it('answers a failing store with a 500 and reports the error, with no stack in the body', async () => {
    const errors: unknown[] = [];
    const route = createRouter({
      store: { read: () => Promise.reject(new Error('disk on fire')) },
      onError: (error) => errors.push(error),
    });
    const answer = await route({ method: 'GET', url: '/api/public/schema' });
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body).error.message).toBe('internal error: disk on fire');
    expect(answer.body).not.toContain(' at ');
    expect(errors).toHaveLength(1);
  });
});

describe('dataset-site serve', () => {
  it('prints its URL, serves the site and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--dir', dir, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const url = await new Promise<string>((resolve) =>
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        const printed = /http:\/\/127\.0\.0\.1:\d+/.exec(text);
        if (printed) resolve(printed[0]);
      }),
    );
    expect((await httpRequest(url, '/api/public/schema')).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('exits 2 on a bad port and 1 on a folder that is not a built site', async () => {
    expect((await runCli(['serve', '--dir', dir, '--port', 'eighty'])).code).toBe(2);
    const notSite = await runCli(['serve', '--dir', path.join(dir, 'api')]);
    expect(notSite.code).toBe(1);
    expect(notSite.stderr).toContain('is not a built site');
  });
});

/** The site's file store with the document at `path` edited (`undefined`: removed). */
function editedStore(path: string, edit: (text: string) => string | undefined): DocumentStore {
  const files = fileStore(dir);
  return { read: async (read) => (read === path ? edit((await files.read(read))!) : files.read(read)) };
}
