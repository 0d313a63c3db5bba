/**
 * `verify --changed`, the scheduled job's check: it reads what the last build changed,
 * what links to it and what it links to, and a rotating share of the rest, so a
 * corruption in a written document or in one it links to is caught at once, and one
 * anywhere else within a period of runs.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import {
  CHANGED_DOCUMENTS_PATH,
  DUMPS_FOLDER,
  ROTATION_STATE_PATH,
  entityPath,
  relationPath,
} from '../../src/query/formats/index.js';
import type { Entity } from '../../src/query/semantics/index.js';
import { listSiteFiles, serializeChangedDocuments } from '../../src/site/index.js';
import { rotationSlot } from '../../src/verify/selection.js';
import { verifySite } from '../../src/verify/verify.js';
import { readDump } from '../helpers/dumps.js';
import { TEST_NOW } from '../helpers/site.js';

const CHANGED_ID = 'EXR-000001';

/** The sample built, then built again with one exhibitor renamed. */
async function rebuiltSample(): Promise<string> {
  const work = await mkdtemp(path.join(tmpdir(), 'ds-changed-'));
  const sources = path.join(work, 'sources');
  await cp('sources', sources, { recursive: true });
  const out = path.join(work, 'site');
  await build({ sources, out, now: TEST_NOW });
  const part = path.join(sources, 'exhibitors/part-001.ndjson');
  const text = await readFile(part, 'utf8');
  await writeFile(part, text.replace(/"company_en":"[^"]*"/, '"company_en":"Renamed Renewables Ltd."'));
  expect(text).toContain(`"id":"${CHANGED_ID}"`);
  await build({ sources, out, now: new Date(TEST_NOW.getTime() + 5 * 60_000) });
  return out;
}

const damage = async (site: string, file: string) => {
  const full = path.join(site, file);
  await writeFile(full, (await readFile(full, 'utf8')).replace(/"id":"/, '"id":"X'));
};

const dumpLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Entity & { _links: { self: string } });

const named = (problems: { file?: string }[], site: string) =>
  problems.map((problem) => path.relative(site, problem.file!));

describe('verify --changed', () => {
  let site: string;
  beforeAll(async () => {
    site = await rebuiltSample();
  }, 60_000);

  it('passes the rebuilt site, reading a small part of it', async () => {
    const result = await verifySite({ dir: site, changed: true, rotation: 1000 });
    expect(result.problems).toEqual([]);
    expect(result.read).toBeGreaterThan(0);
    expect(result.read).toBeLessThan(result.documents / 5);
  });

  it('catches a corruption in a written document and in a document it links to, and not (this run) one elsewhere', async () => {
    const changed = entityPath('exhibitor', CHANGED_ID);
    const entity = JSON.parse(await readFile(path.join(site, changed), 'utf8')) as {
      _links: { exhibitions: string[] };
    };
    const linked = decodeURIComponent(new URL(entity._links.exhibitions[0]!).pathname.slice(1));
    // A page of another exhibition's exhibitors: it neither lists the changed exhibitor nor links to what changed.
    const linkedExhibitions = new Set(entity._links.exhibitions);
    const other = dumpLines((await readDump(site, 'exhibition')).text).find(
      (exhibition) => !linkedExhibitions.has(exhibition._links.self),
    );
    const elsewhere = relationPath(other!, 'exhibitors', 1);
    // The next run takes share 2 of 1000 (the test above took the first): none of them is read for being in it.
    for (const file of [changed, linked, elsewhere]) expect(rotationSlot(file, 1000)).not.toBe(1);
    for (const file of [changed, linked, elsewhere]) await damage(site, file);

    const result = await verifySite({ dir: site, changed: true, rotation: 1000 });
    expect(named(result.problems, site)).toEqual(expect.arrayContaining([changed, linked]));
    expect(named(result.problems, site)).not.toContain(elsewhere);
    // The full check finds it.
    expect(named((await verifySite({ dir: site })).problems, site)).toContain(elsewhere);
  });
});

describe('the rotation of verify --changed', () => {
  it('reads every document within its period, whatever changed', async () => {
    const site = await rebuiltSample();
    const period = 4;
    // Every entity document and page damaged: each run catches some, the period's runs catch them all.
    const damaged = listSiteFiles(site).filter((file) =>
      /^api\/public\/(exhibitors|exhibitions|service_providers|dataset|regions)\/.+\.json$/.test(file),
    );
    for (const file of damaged) await damage(site, file);

    const caught = new Set<string>();
    for (let run = 0; run < period; run++) {
      const found = named((await verifySite({ dir: site, changed: true, rotation: period })).problems, site);
      expect(found.length).toBeLessThan(damaged.length);
      for (const file of found) caught.add(file);
    }
    expect(damaged.filter((file) => !caught.has(file))).toEqual([]);
  }, 60_000);

  it('goes on across builds that write a new folder, as every run of the workflow does', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-rotation-'));
    const site = path.join(work, 'site');
    await build({ out: site, now: TEST_NOW });
    await verifySite({ dir: site, changed: true, rotation: 4 });
    await verifySite({ dir: site, changed: true, rotation: 4 });
    // The next run restores the build's own folder and the dumps alone, as rebuild.yml does; its build writes a new folder.
    const restored = path.join(work, 'restored');
    await cp(path.join(site, '.dataset-site'), path.join(restored, '.dataset-site'), { recursive: true });
    await cp(path.join(site, DUMPS_FOLDER), path.join(restored, DUMPS_FOLDER), { recursive: true });
    await build({ out: restored, now: new Date(TEST_NOW.getTime() + 5 * 60_000) });
    const messages: string[] = [];
    await verifySite({ dir: restored, changed: true, rotation: 4, onProgress: (message) => messages.push(message) });
    expect(messages.join('\n')).toContain('rotation share 3 of 4');
  }, 60_000);

  it('reads the share its state names, one written before versions alike, and starts again at a later version', async () => {
    const site = path.join(await mkdtemp(path.join(tmpdir(), 'ds-rotation-state-')), 'site');
    await build({ out: site, now: TEST_NOW });
    const shareOf = async (state: string) => {
      // The last build changed nothing (after a first build, verify reads every document, and no share).
      await writeFile(
        path.join(site, CHANGED_DOCUMENTS_PATH),
        serializeChangedDocuments({ everything: false, changed: [], removed: [] }),
      );
      await writeFile(path.join(site, ROTATION_STATE_PATH), state);
      const messages: string[] = [];
      await verifySite({ dir: site, changed: true, rotation: 4, onProgress: (message) => messages.push(message) });
      return /rotation share (\d+) of 4/.exec(messages.join('\n'))?.[1];
    };
    expect(await shareOf('{"version":1,"next":2}')).toBe('3');
    expect(await shareOf('{"next":1}')).toBe('2');
    expect(await shareOf('{"version":2,"next":2}')).toBe('1');
    expect(await shareOf('{"next":')).toBe('1');
    expect(JSON.parse(await readFile(path.join(site, ROTATION_STATE_PATH), 'utf8'))).toEqual({ version: 1, next: 1 });
  }, 60_000);

  it('gives every path one slot below the period', () => {
    const files = ['api/public/schema.json', 'api/public/exhibitors/EXR-000001.json', 'api/public/dataset/all/1.json'];
    for (const period of [1, 7, 288])
      for (const file of files)
        expect(rotationSlot(file, period)).toSatisfy(
          (slot: number) => Number.isInteger(slot) && slot >= 0 && slot < period,
        );
  });
});
