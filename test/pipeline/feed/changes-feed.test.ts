/**
 * The changes feed (docs/api.md#changes): a one-record change is listed as exactly that id,
 * a rebuild without changes adds nothing, old change sets leave the window, and an
 * ingester syncing from the feed across builds with adds, edits and deletes ends with
 * exactly the site's entities.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/index.js';
import {
  CHANGES_INDEX_PATH,
  type ChangeSetDocument,
  type ChangesIndexDocument,
  API_ROOT,
} from '../../../src/query/formats/index.js';
import { COLLECTIONS, KINDS, type Collection } from '../../../src/query/semantics/index.js';
import { readSite } from '../../../src/site/index.js';
import { verifySite } from '../../../src/verify/index.js';
import { hashTree, readSiteJson } from '../../helpers/site.js';

const BASE_URL = 'https://data.example.com';
type Sources = Record<Collection, Record<string, unknown>[]>;

/** A tiny site's sources in a new folder, and a build of them at a given day. */
async function tinySite() {
  const work = await mkdtemp(path.join(tmpdir(), 'ds-feed-'));
  const sources: Sources = JSON.parse(await readFile('test/fixtures/tiny/sources/data.json', 'utf8'));
  const out = path.join(work, 'site');
  let day = 0;
  return {
    sources,
    out,
    async build(): Promise<void> {
      await writeFile(path.join(work, 'data.json'), JSON.stringify(sources));
      // A build a day after the one before, at noon: past the window after 7 of them.
      await build({
        sources: path.join(work, 'data.json'),
        out,
        baseUrl: BASE_URL,
        allowShrink: true,
        // A day apart, each build would drop what the one before kept of the snapshot it replaced: kept none.
        retentionMinutes: 0,
        now: new Date(Date.UTC(2026, 10, 1 + day++, 12)),
      });
    },
  };
}

const fileOf = (url: string) => decodeURIComponent(url.slice(BASE_URL.length + 1));

describe('the changes feed', () => {
  it('starts with a baseline, lists exactly the one changed record, and adds nothing when nothing changed', async () => {
    const site = await tinySite();
    await site.build();
    let index = await readSiteJson<ChangesIndexDocument>(site.out, CHANGES_INDEX_PATH);
    expect(index.builds.map((build) => build.baseline)).toEqual([true]);

    site.sources.exhibitors.find((record) => record.id === 'X4')!.company_en = 'Lamp Works International';
    await site.build();
    index = await readSiteJson<ChangesIndexDocument>(site.out, CHANGES_INDEX_PATH);
    expect(index.builds).toHaveLength(2);
    const latest = await readSiteJson<ChangeSetDocument>(site.out, fileOf(index._links.latest!));
    expect(latest.exhibitors).toEqual({
      added: [],
      changed: [{ id: 'X4', url: `${BASE_URL}/${API_ROOT}/exhibitors/X4.json` }],
      removed: [],
    });
    expect(latest.exhibitions).toEqual({ added: [], changed: [], removed: [] });
    expect(latest.service_providers).toEqual({ added: [], changed: [], removed: [] });
    const first = await readSiteJson<ChangeSetDocument>(site.out, fileOf(index.builds[0]!.url));
    expect([first._links.previous, first._links.next, latest._links.previous, latest._links.next]).toEqual([
      null,
      index._links.latest,
      index.builds[0]!.url,
      null,
    ]);
    expect((await verifySite({ dir: site.out })).problems).toEqual([]);

    const before = await hashTree(site.out);
    await site.build();
    expect(await hashTree(site.out)).toEqual(before);
  });

  it('keeps the change sets of the window, and always the latest', async () => {
    const site = await tinySite();
    for (let i = 0; i < 10; i++) {
      site.sources.exhibitors[0]!.weight = i;
      await site.build();
    }
    const index = await readSiteJson<ChangesIndexDocument>(site.out, CHANGES_INDEX_PATH);
    // Builds on days 0..9 at noon; at day 9 the window of 7 days reaches back to day 2.
    expect(index.builds.map((build) => build.at.slice(0, 10))).toEqual([
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
      '2026-11-09',
      '2026-11-10',
    ]);
    expect((await verifySite({ dir: site.out })).problems).toEqual([]);
  });

  it('lets an ingester that keeps a cursor end with exactly the entities of the site, across adds, edits and deletes', async () => {
    const site = await tinySite();
    await site.build();
    // The ingester starts from a full copy and the latest build as its cursor.
    const copy = new Map<string, unknown>();
    const entitiesOf = async () => {
      const dataset = (await readSite(site.out)).dataset;
      return new Map(
        KINDS.flatMap((kind) =>
          dataset.entities[kind].map((entity) => [`${COLLECTIONS[kind]}/${entity.id}`, entity] as const),
        ),
      );
    };
    for (const [key, entity] of await entitiesOf()) copy.set(key, entity);
    let cursor = (await readSiteJson<ChangesIndexDocument>(site.out, CHANGES_INDEX_PATH)).builds.at(-1)!.build;
    let fetched = 0;

    const edits: ((sources: Sources) => void)[] = [
      (s) => s.exhibitors.push({ id: 'X5', company_en: 'New Lamps', weight: 2 }),
      (s) => ((s.exhibitions[0]!.name_en = 'Auto Shanghai 2026'), s.exhibitors.splice(0, 1)),
      (s) => s.service_providers.push({ id: 'P9', name_en: 'Fresh Freight', cover_regions: ['China'] }),
      (s) => ((s.exhibitors.find((x) => x.id === 'X5')!.weight = 7), s.service_providers.splice(0, 1)),
      (s) => s.exhibitors.splice(0, s.exhibitors.length - 1),
    ];
    for (const edit of edits) {
      edit(site.sources);
      await site.build();
      const index = await readSiteJson<ChangesIndexDocument>(site.out, CHANGES_INDEX_PATH);
      const after = index.builds.findIndex((build) => build.build === cursor);
      expect(after, 'the cursor is still in the window').toBeGreaterThanOrEqual(0);
      for (const build of index.builds.slice(after + 1)) {
        const set = await readSiteJson<ChangeSetDocument>(site.out, fileOf(build.url));
        for (const collection of Object.values(COLLECTIONS)) {
          for (const { id, url } of [...set[collection].added, ...set[collection].changed]) {
            copy.set(`${collection}/${id}`, await readSiteJson(site.out, fileOf(url)));
            fetched++;
          }
          for (const id of set[collection].removed) copy.delete(`${collection}/${id}`);
        }
        cursor = set.build;
      }
    }
    expect(copy).toEqual(await entitiesOf());
    // What changed, and only that: X5 added; E1 renamed, and X2, linked to it, whose _rag_text
    // names it; P9 added; X5 edited; nothing to fetch for the deletions.
    expect(fetched).toBe(5);
  });
});
