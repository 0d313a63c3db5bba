/**
 * A site holding the first pages of each listing (`--page-depth`), the rest in leaves
 * (docs/api.md#listing-leaves): every window is answered as the oracle answers it by the
 * router, the preview server and the client SDK, in few documents; the static pages end
 * at the depth with a `next` in the query form and a 404 naming the depth beyond; `verify`
 * checks the leaves; and a rebuild in place after an exhibitor is edited, moved, added or
 * deleted gives the documents of a cold build, rewriting few of the listings' documents.
 */
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/index.js';
import { createRouter, type DocumentStore } from '../../../src/query/router/index.js';
import { fileStore } from '../../../src/serve/index.js';
import { verifySite } from '../../../src/verify/index.js';
import { listingPath } from '../../../src/query/formats/index.js';
import { datasetUrl, type Body } from '../../contract/cases.js';
import { expectAnswer } from '../../contract/expect-contract.js';
import { datasetUrls } from '../../contract/queries.js';
import {
  clientTarget,
  expectedAnswers,
  previewServerTarget,
  routerTarget,
  type Expected,
  type Target,
} from '../../contract/targets.js';
import {
  buildTempSite,
  changeExhibitors,
  copyFolder,
  hashTree,
  TEST_NOW,
  withoutBodyVersions,
} from '../../helpers/site.js';

const DEPTH = 1;
let sources: string;
let dir: string;
let expected: Expected;
let targets: Target[];

beforeAll(async () => {
  sources = 'sources';
  dir = (await buildTempSite({ sources, pageDepth: DEPTH })).out;
  const server = await previewServerTarget(dir);
  targets = [routerTarget(dir), server, clientTarget(server.url)];
  expected = await expectedAnswers(dir);
});

afterAll(async () => {
  await Promise.all((targets ?? []).map((target) => target.close?.()));
});

// Windows across the pages held, the leaves and the end, for each kind, unfiltered and by the largest country.
function windows(): string[] {
  const urls: string[] = [];
  const countries = expected.oracle.oracle
    .ranked('exhibitor')
    .map((entity) => entity.country as string)
    .sort();
  const largest = countries.reduce(
    (best, country) =>
      countries.filter((c) => c === country).length > countries.filter((c) => c === best).length ? country : best,
    countries[0]!,
  );
  for (const type of ['exhibitor', 'service_provider', 'all'])
    for (const filter of [[], [['country', largest]]] as [string, string][][])
      for (const offset of [0, 60, 99, 100, 101, 150, 240, 299, 359, 360, 2600])
        for (const limit of [1, 41, 100, 500])
          urls.push(datasetUrl(['type', type], ...filter, ['limit', String(limit)], ['offset', String(offset)]));
  return urls;
}

describe.each(['router', 'preview server', 'client SDK'])('%s over a site holding one page of each listing', (name) => {
  const target = () => targets.find((candidate) => candidate.name === name)!;

  it('answers every window across the pages held and the leaves as the oracle does', async () => {
    for (const url of windows()) await expectAnswer(await target().request(url), url, target(), expected);
  });
});

describe('the router over a site holding one page of each listing', () => {
  it('answers generated queries as the oracle does (property)', async () => {
    const target = routerTarget(dir);
    await fc.assert(
      fc.asyncProperty(datasetUrls(expected.oracle.oracle), async (url) => {
        await expectAnswer(await target.request(url), url, target, expected);
      }),
      { numRuns: 150 },
    );
  });

  it('reads a deep window in at most 8 documents at limit 100 and 16 at limit 500', async () => {
    const read: string[] = [];
    const files = fileStore(dir);
    const store: DocumentStore = { read: (file) => (read.push(file), files.read(file)) };
    const route = createRouter({ store });
    for (const [limit, most] of [
      [100, 8],
      [500, 16],
    ] as const) {
      for (const offset of [150, 200, 360 - Math.min(limit, 200)]) {
        read.length = 0;
        const answer = await route({
          method: 'GET',
          url: datasetUrl(['type', 'exhibitor'], ['limit', String(limit)], ['offset', String(offset)]),
        });
        expect(answer.status).toBe(200);
        expect((JSON.parse(answer.body) as Body).exhibitors).toHaveLength(Math.min(limit, 360 - offset));
        expect(read.length, read.join('\n')).toBeLessThanOrEqual(most);
        expect(read.some((file) => file.includes('/leaves/'))).toBe(true);
      }
    }
  });

  it('ends the static pages at the depth: the last one links the query form, the next is a 404 naming the depth', async () => {
    const first = JSON.parse(await readFile(path.join(dir, listingPath('exhibitor', {}, 1)), 'utf8')) as Body;
    expect(first._meta.next).toBe(`${first._meta.base_url}/api/public/dataset?type=exhibitor&limit=100&offset=100`);
    const route = createRouter({ store: fileStore(dir) });
    const past = await route({ method: 'GET', url: `/${listingPath('exhibitor', {}, 2)}` });
    expect(past.status).toBe(404);
    expect(JSON.parse(past.body).error.message).toMatch(
      /page 2 is past the static pages: this site holds the first 1 of each listing \(offsets below 100\); the same window is \S+\/api\/public\/dataset\?type=exhibitor&limit=100&offset=100/,
    );
    const notFound = await readFile(path.join(dir, 'api/public/404.html'), 'utf8');
    expect(JSON.parse(notFound).error.message).toContain('this site holds the first 1 of each listing');
    const schema = JSON.parse(await readFile(path.join(dir, 'api/public/schema.json'), 'utf8'));
    expect(schema.static_pages.depth).toBe(DEPTH);
  });

  it('holds no page of all with filters: its path is a 404 naming its kinds’ first pages, the unfiltered all keeps its page', async () => {
    expect(await fg('api/public/dataset/all/*/**/*.json', { cwd: dir })).toEqual([]);
    expect(await fg('api/public/dataset/exhibitor/country/*/1.json', { cwd: dir })).not.toEqual([]);
    await readFile(path.join(dir, listingPath('all', {}, 1)), 'utf8');
    const route = createRouter({ store: fileStore(dir) });
    const filtered = await route({ method: 'GET', url: `/${listingPath('all', { country: 'china' }, 1)}` });
    expect(filtered.status).toBe(404);
    const message = JSON.parse(filtered.body).error.message as string;
    expect(message).toMatch(
      /^a listing of all with filters has none: .*, the first at \S+\/api\/public\/dataset\/exhibition\/country\/china\/1\.json, \S+\/dataset\/exhibitor\/country\/china\/1\.json, \S+\/dataset\/service_provider\/country\/china\/1\.json; the same window is \S+\/api\/public\/dataset\?type=all&country=china&limit=100&offset=0 /,
    );
    const notFound = JSON.parse(await readFile(path.join(dir, 'api/public/404.html'), 'utf8'));
    expect(notFound.error.message).toContain('a listing of all with filters has none');
  });
});

describe('the router over a host that answers a leaf with another document', () => {
  it('answers a site_error naming the leaf, never a window with an entity missing', async () => {
    const files = fileStore(dir);
    const store: DocumentStore = {
      read: async (file) => {
        const text = await files.read(file);
        if (text === undefined || !file.includes('/leaves/exhibitor/')) return text;
        const leaf = JSON.parse(text) as { exhibitors: unknown[] };
        leaf.exhibitors.pop();
        return JSON.stringify(leaf);
      },
    };
    const answer = await createRouter({ store })({
      method: 'GET',
      url: datasetUrl(['type', 'exhibitor'], ['offset', '200']),
    });
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body).error).toMatchObject({
      code: 'site_error',
      message: expect.stringMatching(
        /leaves\/exhibitor\/[0-9a-f]{12}\.json is not the leaf of the exhibitor listing its map names \(it holds \d+ entities, its map says \d+\)/,
      ),
    });
  });
});

describe('verify over a site holding one page of each listing', () => {
  it('finds the site whole', async () => {
    expect((await verifySite({ dir })).problems).toEqual([]);
  });
});

// The listings' documents and the exhibitors' of a site, every `generated_at` blanked (a rebuild stamps only what
// changed), and every body's version (a rebuild's bodies carry those of the builds that last changed them).
async function documents(site: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const file of await fg(['api/public/dataset/**', 'api/public/exhibitors/**'], { cwd: site }))
    texts.set(
      file,
      withoutBodyVersions(await readFile(path.join(site, file), 'utf8')).replace(/"generated_at":"[^"]*"/g, ''),
    );
  return texts;
}

describe('a rebuild in place of a site holding one page of each listing', () => {
  it.each([
    [
      'edited',
      (records: Record<string, unknown>[]) => [{ ...records[0], intro: 'Now also makes rivets.' }, ...records.slice(1)],
    ],
    ['moved to the top', (records: Record<string, unknown>[]) => [{ ...records[0], weight: 1e6 }, ...records.slice(1)]],
    [
      'added',
      (records: Record<string, unknown>[]) => [
        ...records,
        { ...records[1], id: 'EXR-ADDED', company_en: 'Added Co., Ltd.' },
      ],
    ],
    ['deleted', (records: Record<string, unknown>[]) => records.slice(1)],
  ])(
    'after an exhibitor is %s gives the documents of a cold build, rewriting few of the listings',
    async (_, change) => {
      const work = await mkdtemp(path.join(tmpdir(), 'ds-leaves-'));
      const [site, changed] = [path.join(work, 'site'), path.join(work, 'sources')];
      await Promise.all([copyFolder(dir, site), copyFolder(sources, changed)]);
      await changeExhibitors(changed, change);
      const later = new Date(TEST_NOW.getTime() + 300_000);
      const before = await hashTree(site, 'api/public/dataset/**');
      await build({ sources: changed, out: site, now: later, pageDepth: DEPTH });
      const cold = (await buildTempSite({ sources: changed, pageDepth: DEPTH, now: later })).out;
      const [inPlace, fresh] = await Promise.all([documents(site), documents(cold)]);
      expect([...inPlace.keys()].sort()).toEqual([...fresh.keys()].sort());
      for (const [file, text] of inPlace) expect(text, file).toBe(fresh.get(file));
      const after = await hashTree(site, 'api/public/dataset/**');
      const listingsChanged = [...after].filter(([file, hash]) => before.get(file) !== hash);
      // A listing holds the exhibitor in its one page or in one leaf (two when it moved), beside the map.
      expect(listingsChanged.length).toBeLessThan(80);
      expect(listingsChanged.length).toBeLessThan(after.size / 10);
    },
  );
});

describe('verify over a site holding one page of each listing, once a leaf is edited', () => {
  it('names the leaf that lost an entity', async () => {
    const folder = path.join(dir, 'api/public/dataset/exhibitor/leaves/exhibitor');
    const leaf = path.join(folder, (await readdir(folder)).sort()[0]!);
    const text = await readFile(leaf, 'utf8');
    const document = JSON.parse(text) as { exhibitors: unknown[] };
    document.exhibitors.pop();
    await writeFile(leaf, JSON.stringify(document));
    try {
      const { problems } = await verifySite({ dir });
      expect(problems.map((problem) => problem.file)).toContain(leaf);
    } finally {
      await writeFile(leaf, text);
    }
  });
});
