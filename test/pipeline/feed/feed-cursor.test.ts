/**
 * A changes-feed reader after the job recovered from a stale state: the change sets of the
 * runs in between are gone, one set covers them, and the feed's index says from which
 * build on it holds history, so the SDK sends a reader whose cursor is gone to the dumps,
 * and takes one whose cursor the new set counts from on.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/index.js';
import { createClient } from '../../../src/client/index.js';
import {
  CHANGES_INDEX_PATH,
  changesIndexDocument,
  type BuildChanges,
  type ChangesIndexDocument,
  nextFeedStep,
  DUMPS_FOLDER,
} from '../../../src/query/formats/index.js';
import type { Collection } from '../../../src/query/semantics/index.js';
import { serve, type PreviewServer } from '../../../src/serve/index.js';
import { verifySite } from '../../../src/verify/index.js';
import { readSiteJson } from '../../helpers/site.js';

const BASE_URL = 'https://data.example.com';
const servers: PreviewServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

describe('a changes-feed reader after a recovered state', () => {
  it('is sent to the dumps when its cursor is gone, and given the one set that covers the lost runs when that set counts from its cursor', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-feed-cursor-'));
    const sources = JSON.parse(await readFile('test/fixtures/tiny/sources/data.json', 'utf8')) as Record<
      Collection,
      Record<string, unknown>[]
    >;
    const [out, stateOfA] = [path.join(work, 'site'), path.join(work, 'state-of-a')];
    let minutes = 0;
    const rebuild = async (dir: string) => {
      await writeFile(path.join(work, 'data.json'), JSON.stringify(sources));
      await build({
        sources: path.join(work, 'data.json'),
        out: dir,
        baseUrl: BASE_URL,
        now: new Date(Date.UTC(2026, 10, 1, 12, (minutes += 5))),
      });
      return (await readSiteJson<ChangesIndexDocument>(dir, CHANGES_INDEX_PATH)).builds.at(-1)!.build;
    };
    const rename = (id: string, name: string) =>
      void (sources.exhibitors.find((record) => record.id === id)!.company_en = name);

    const a = await rebuild(out);
    // The cache the workflow saved after A; the saves after B and C are lost.
    for (const folder of ['.dataset-site', DUMPS_FOLDER])
      await cp(path.join(out, folder), path.join(stateOfA, folder), { recursive: true });
    rename('X4', 'Lamp Works International');
    const b = await rebuild(out);
    rename('X1', 'Renamed Works');
    const c = await rebuild(out);
    // The next run restores A's state and builds from it: one set covers B and C, and the publish deletes theirs.
    rename('X2', 'Third Works');
    const d = await rebuild(stateOfA);
    expect((await verifySite({ dir: stateOfA })).problems).toEqual([]);

    const index = await readSiteJson<ChangesIndexDocument>(stateOfA, CHANGES_INDEX_PATH);
    expect(index.builds.map((entry) => [entry.build, entry.after])).toEqual([
      [a, null],
      [d, a],
    ]);
    expect(index._meta.history_from).toBe(a);

    const server = await serve({ dir: stateOfA, port: 0 });
    servers.push(server);
    const client = createClient({ baseUrl: server.url, cacheMs: 0 });
    for (const gone of [b, c]) {
      const step = await client.changesSince(gone);
      expect(step).toMatchObject({
        resync: true,
        reason: `the feed holds no history after build ${gone} (it holds it from ${a} on): copy every entity again`,
        latest: d,
      });
      const dumps: Record<string, string> = step.resync ? step.dumps : {};
      expect(Object.keys(dumps).sort()).toEqual(['exhibitions', 'exhibitors', 'service_providers']);
      for (const url of Object.values(dumps))
        expect((await client.request(url.slice(BASE_URL.length))).status).toBe(200);
    }
    const fromA = await client.changesSince(a);
    expect(fromA).toMatchObject({ resync: false, latest: d });
    const sets = fromA.resync ? [] : fromA.changeSets;
    expect(sets.map((set) => [set.build, set.after])).toEqual([[d, a]]);
    expect(sets[0]!.exhibitors.changed.map((entity) => entity.id)).toEqual(['X1', 'X2', 'X4']);
    expect(await client.changesSince(d)).toEqual({ resync: false, changeSets: [], latest: d });
    expect(await client.changesSince(undefined)).toMatchObject({ resync: true, latest: d });
  });

  it('takes a cursor the oldest set counts from on, though that build left the window', () => {
    const empty = { added: [], changed: [], removed: [] };
    const changes = { exhibition: empty, exhibitor: empty, service_provider: empty };
    const builds: BuildChanges[] = ['5', '6', '7'].map((id) => ({
      build: `B${id}`,
      at: '',
      baseline: false,
      after: `B${Number(id) - 1}`,
      changes,
    }));
    const index = changesIndexDocument(builds, BASE_URL, 7);
    expect(index._meta.history_from).toBe('B4');
    expect(nextFeedStep(index, 'B4')).toEqual({ resync: false, builds: ['B5', 'B6', 'B7'], latest: 'B7' });
    expect(nextFeedStep(index, 'B6')).toEqual({ resync: false, builds: ['B7'], latest: 'B7' });
    expect(nextFeedStep(index, 'B3')).toMatchObject({ resync: true, latest: 'B7' });
  });
});
