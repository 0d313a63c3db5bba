/**
 * Snapshots (docs/api.md#snapshots): a rebuild writes its search index documents at new names
 * and keeps the previous snapshot's for the retention, the root changing last; an answer is
 * read from one snapshot, whichever copy of each path a host serves, and `_meta.next` names
 * its snapshot, so paging across a rebuild gives that snapshot's matches, each once; a snapshot
 * past its retention is a 410.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/index.js';
import { createRouter, type DocumentStore } from '../../../src/query/router/index.js';
import { SNAPSHOT_ROOT_PATH, parseSnapshot, snapshotPath } from '../../../src/query/formats/index.js';
import { fileStore } from '../../../src/serve/index.js';
import { verifySite } from '../../../src/verify/index.js';
import { datasetUrl } from '../../contract/cases.js';
import { changeExhibitors, copyFolder, TEST_NOW } from '../../helpers/site.js';
import { comparable } from '../../contract/expect-contract.js';

const LATER = new Date(TEST_NOW.getTime() + 5 * 60_000);
let sources: string;
let site: string;
let before: string;
let idsBefore: string;

// Arrivals, moves, edits and departures: every document of the index changes names, and the bodies of the entities
// moved and edited change.
function arrivalsAndMoves(records: Record<string, unknown>[]): Record<string, unknown>[] {
  const arrivals = records.slice(0, 12).map((record, i) => ({ ...record, id: `EXR-NEW-${i}`, weight: 95 - i }));
  const changed = records
    .filter((_, i) => i % 17 !== 8)
    .map((record, i) =>
      i % 7 === 3
        ? { ...record, weight: 99 - (i % 50) }
        : i % 5 === 1
          ? { ...record, intro_en: `${String(record.intro_en ?? '')} Edited.` }
          : record,
    );
  return [...changed, ...arrivals];
}

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ds-snapshots-'));
  sources = path.join(dir, 'sources');
  site = path.join(dir, 'site');
  before = path.join(dir, 'before');
  await copyFolder('sources', sources);
  await build({ sources, out: site, now: TEST_NOW });
  idsBefore = parseSnapshot(SNAPSHOT_ROOT_PATH, await readFile(path.join(site, SNAPSHOT_ROOT_PATH), 'utf8')).id;
  await copyFolder(site, before);
  await changeExhibitors(sources, arrivalsAndMoves);
  await build({ sources, out: site, now: LATER });
}, 120_000);

const QUERIES = [
  datasetUrl(['type', 'exhibitor'], ['q', 'co'], ['limit', '30']),
  datasetUrl(['type', 'exhibitor'], ['text', 'solar'], ['limit', '20']),
  datasetUrl(['type', 'exhibitor'], ['text', 'parts'], ['country', 'China']),
  datasetUrl(['type', 'all'], ['q', 'star']),
  datasetUrl(['type', 'exhibitor'], ['exhibition', 'EXH-0028'], ['limit', '10']),
  datasetUrl(['type', 'exhibition'], ['from', '2026-01-01'], ['sort', 'start_date'], ['limit', '5']),
  datasetUrl(['type', 'exhibitor'], ['q', 'co'], ['text', 'machinery'], ['fields', 'company_en,city']),
  datasetUrl(['type', 'exhibitor'], ['country', 'China'], ['limit', '40'], ['offset', '30']),
  datasetUrl(['type', 'exhibitor'], ['limit', '100'], ['offset', '150']),
  datasetUrl(['type', 'all'], ['limit', '30'], ['offset', '5']),
];

async function answer(store: DocumentStore, url: string) {
  const { status, headers, body } = await createRouter({ store })({ method: 'GET', url });
  return { status, headers, body: JSON.parse(body) as Record<string, unknown> };
}

describe('a rebuild', () => {
  it('keeps the snapshot it replaced whole, the root naming the new one', async () => {
    const root = parseSnapshot(SNAPSHOT_ROOT_PATH, await readFile(path.join(site, SNAPSHOT_ROOT_PATH), 'utf8'));
    expect(root.id).not.toBe(idsBefore);
    await expect(readFile(path.join(site, snapshotPath(idsBefore)), 'utf8')).resolves.toContain(idsBefore);
    const { problems } = await verifySite({ dir: site });
    expect(problems).toEqual([]);
  });
});

describe('a host serving each path from one of two builds', () => {
  // The matches, their order, the window's _meta and the entities' bodies, as one snapshot served them: an entity's
  // public document of the other build is stood in for by the copy of its body (an old one kept, a new one written).
  it('answers every query with exactly one build’s answer, bodies included, through the router', async () => {
    const [old, current] = [fileStore(before), fileStore(site)];
    const want = await Promise.all(
      QUERIES.map(async (url) => [
        comparable((await answer(old, url)).body),
        comparable((await answer(current, url)).body),
      ]),
    );
    // The queries reach entities whose bodies the rebuild changed.
    expect(want.filter(([a, b]) => JSON.stringify(a) !== JSON.stringify(b)).length).toBeGreaterThan(4);
    // Five mixes: each path from one build or the other, as an edge whose copies expire one by one serves them (a path
    // it holds no copy of, from the origin, which has the new build).
    for (let seed = 1; seed <= 5; seed++) {
      const mixed: DocumentStore = {
        read: async (file) =>
          (hashOf(`${seed} ${file}`) % 2 === 0 ? await old.read(file) : undefined) ?? current.read(file),
      };
      for (const [i, url] of QUERIES.entries()) {
        const got = await answer(mixed, url);
        expect(got.status, url).toBe(200);
        expect([want[i]![0], want[i]![1]], url).toContainEqual(comparable(got.body));
      }
    }
  });
});

describe('paging across a rebuild', () => {
  it('gives the matches of the snapshot of the first page, each once, while it is retained', async () => {
    const old = fileStore(before);
    const url = datasetUrl(['type', 'exhibitor'], ['q', 'co'], ['limit', '25']);
    const first = await answer(old, url);
    const expected = await allEntities(old, url);
    // The first page before the rebuild, the rest after it, following next.
    const entities = [...(first.body.exhibitors as { id: string }[])];
    let next = (first.body._meta as { next: string | null }).next;
    expect(next).toContain(`&snapshot=${idsBefore}`);
    const current = fileStore(site);
    while (next !== null) {
      const page = await answer(current, next.replace(/^https?:\/\/[^/]+/, ''));
      expect(page.status).toBe(200);
      entities.push(...(page.body.exhibitors as { id: string }[]));
      next = (page.body._meta as { next: string | null }).next;
    }
    // Each match once, with the body the first page's snapshot served.
    expect(entities).toEqual(expected);
    expect(new Set(entities.map((entity) => entity.id)).size).toBe(entities.length);
  });

  it('is a 410 naming the snapshot once it is past its retention', async () => {
    const { status, body } = await answer(
      fileStore(site),
      datasetUrl(['type', 'exhibitor'], ['limit', '5'], ['snapshot', 'zz9']),
    );
    expect(status).toBe(410);
    expect(body.error).toMatchObject({ code: 'snapshot_expired', message: expect.stringContaining('snapshot zz9') });
  });
});

describe('the retention', () => {
  it('deletes the documents only replaced snapshots name, and the bodies’ copies, once they are past it, and verify finds a retained snapshot missing one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ds-retention-'));
    const copy = path.join(dir, 'site');
    await copyFolder(site, copy);
    // A document only the replaced snapshot names, removed by hand: verify names the snapshot it leaves incomplete.
    const oldEntry = JSON.parse(await readFile(path.join(before, SNAPSHOT_ROOT_PATH), 'utf8')) as {
      search: { exhibitor: { q: number } };
    };
    const oldPath = `api/public/search/exhibitor@${oldEntry.search.exhibitor.q.toString(36)}.json`;
    const newRoot = parseSnapshot(SNAPSHOT_ROOT_PATH, await readFile(path.join(site, SNAPSHOT_ROOT_PATH), 'utf8'));
    expect(newRoot.search.exhibitor.q).not.toBe(oldEntry.search.exhibitor.q);
    // The copy of the body of an entity that left, which only the replaced snapshot names, removed by hand.
    const copies = await fg('api/public/search/exhibitor/bodies/*.json', { cwd: copy });
    const departed = copies.find(
      (file) => !existsSync(path.join(site, `api/public/exhibitors/${path.basename(file).replace(/~.*$/, '')}.json`)),
    )!;
    expect(departed).toBeDefined();
    await rm(path.join(copy, departed));
    expect((await verifySite({ dir: copy })).problems.map((problem) => problem.message)).toContainEqual(
      `this snapshot is not whole: ${departed} is missing`,
    );
    await rm(path.join(copy, oldPath));
    expect((await verifySite({ dir: copy })).problems.map((problem) => problem.message)).toContainEqual(
      `this snapshot is not whole: ${oldPath} is missing`,
    );
    // Past the retention, the next build deletes what only the replaced snapshot named.
    await copyFolder(sources, path.join(dir, 'sources'));
    await build({ sources: path.join(dir, 'sources'), out: copy, now: new Date(LATER.getTime() + 61 * 60_000) });
    await expect(readFile(path.join(copy, snapshotPath(idsBefore)))).rejects.toThrow();
    expect(await fg('api/public/search/*/bodies/*.json', { cwd: copy })).toEqual([]);
    const after = await verifySite({ dir: copy });
    expect(after.problems).toEqual([]);
  });
});

// Every entity of every window of `url`'s answer, following next from the first.
async function allEntities(store: DocumentStore, url: string): Promise<{ id: string }[]> {
  const entities: { id: string }[] = [];
  let next: string | null = url;
  while (next !== null) {
    const page = await answer(store, next.replace(/^https?:\/\/[^/]+/, ''));
    entities.push(...(page.body.exhibitors as { id: string }[]));
    next = (page.body._meta as { next: string | null }).next;
  }
  return entities;
}

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash;
}
