/**
 * The search index named by slot (docs/api.md#slots), rebuilt in place: after an exhibitor is
 * edited, moved to the top, added or deleted, one after another, the index rewrites only the
 * documents the change reaches, names its entities by the slots they had, answers `q` and
 * `text` as the oracle does and verifies, and is the index a rebuild without the term cache makes
 * (which the rebuild took the unchanged exhibitors' terms from); past the exceptions it keeps, it is the index a cold
 * build makes, byte for byte; and a site whose ids by slot are damaged is told by `verify` and
 * mended by the next build.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/index.js';
import { verifySite } from '../../../src/verify/index.js';
import {
  COMMON_PART_SLOTS,
  parseSearchEntry,
  parseTextEntry,
  ID_BLOCK_SLOTS,
  ID_CHUNK_SLOTS,
  idBlockPath,
  idChunkPath,
  searchIndexPath,
} from '../../../src/query/search/index.js';
import { parseVersionedPath, SLOTS_STATE_PATH, TERM_CACHE_PATH } from '../../../src/query/formats/index.js';
import { KINDS } from '../../../src/query/semantics/index.js';
import { mostExceptions } from '../../../src/query/search/slot-order.js';
import { decodeMembers } from '../../../src/query/search/membership-codec.js';
import { decodeRankArray } from '../../../src/query/search/ranks-codec.js';
import { readIdsBySlot } from '../../../src/site/index.js';
import { expectAnswer } from '../../contract/expect-contract.js';
import { datasetUrls } from '../../contract/queries.js';
import { expectedAnswers, routerTarget } from '../../contract/targets.js';
import {
  buildTempSite,
  changeExhibitors,
  copyFolder,
  siteEntryPath,
  TEST_NOW,
  withoutBodyVersions,
} from '../../helpers/site.js';

const ENTRY = searchIndexPath('exhibitor');

let work: string;
let site: string;
let sources: string;
let builds = 0;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ds-slots-'));
  [site, sources] = [path.join(work, 'site'), path.join(work, 'sources')];
  await copyFolder('sources', sources);
  await build({ sources, out: site, now: TEST_NOW });
});

/** A change to the exhibitors' records, and the id of the exhibitor it changes. */
type Change = (records: Record<string, unknown>[]) => [Record<string, unknown>[], string];

/** The documents of the index a rebuild changed, with their texts before and after (undefined where there was none, or is none). */
type Changed = Map<string, [before: string | undefined, after: string | undefined]>;

// Rebuilds the site in place after `change` to the exhibitors: the index's documents it changed, and the exhibitor's id.
async function rebuildAfter(change: Change): Promise<{ changed: Changed; id: string }> {
  let id = '';
  await changeExhibitors(sources, (records) => {
    const [changed, changedId] = change(records);
    id = changedId;
    return changed;
  });
  const before = await indexTexts(site);
  await build({ sources, out: site, now: new Date(TEST_NOW.getTime() + ++builds * 300_000), allowShrink: true });
  const after = await indexTexts(site);
  const changed: Changed = new Map();
  for (const file of new Set([...before.keys(), ...after.keys()]))
    if (before.get(file) !== after.get(file)) changed.set(file, [before.get(file), after.get(file)]);
  return { changed, id };
}

// Whether a document of the index names the exhibitor of `slot` and `id`: as a slot of the exhibitors' documents, or
// by its id (its ids by slot, the exhibitions' shard of exhibitors).
function names(text: string | undefined, slot: number, id: string): boolean {
  if (text === undefined) return false;
  const document = JSON.parse(text) as {
    kind?: string;
    entities?: string;
    part?: number;
    members?: string;
    own?: string;
    values?: Record<string, string>;
    ids?: string[];
  };
  const exhibitors = document.kind === 'exhibitor';
  if (document.ids !== undefined) return document.ids.includes(id);
  if (document.entities !== undefined) return exhibitors && decodeRankArray(document.entities).includes(slot);
  if (document.members !== undefined) {
    const start = document.part! * COMMON_PART_SLOTS;
    return [document.members, document.own].some(
      (members) => members !== undefined && decodeMembers(members, start, start + COMMON_PART_SLOTS)!.includes(slot),
    );
  }
  return Object.entries(document.values ?? {}).some(
    ([value, slots]) => value === id || (exhibitors && decodeMembers(slots, 0, 2 ** 31)!.includes(slot)),
  );
}

// The exhibitors' slot order as the entry writes it.
async function exhibitorSlots(dir: string) {
  const entry = JSON.parse(await readFile(path.join(dir, await siteEntryPath(dir, 'exhibitor')), 'utf8')) as {
    slots: { count: number; holes: string; placed: string; placed_ranks: string };
  };
  return entry.slots;
}

// The site answers generated queries, `q` and `text` among them, as the oracle does, and verifies.
async function expectExact(dir: string): Promise<void> {
  const expected = await expectedAnswers(dir);
  const target = routerTarget(dir);
  await fc.assert(
    fc.asyncProperty(datasetUrls(expected.oracle.oracle), async (url) => {
      await expectAnswer(await target.request(url), url, target, expected);
    }),
    { numRuns: 60 },
  );
  expect((await verifySite({ dir })).problems).toEqual([]);
}

describe('a search index rebuilt in place, one change after another', () => {
  it.each<[string, Change, { holes: string; placed: number }]>([
    [
      'edited',
      (records) => [[{ ...records[0], intro: 'Now also makes rivets.' }, ...records.slice(1)], String(records[0]!.id)],
      { holes: '', placed: 0 },
    ],
    [
      'moved to the top',
      (records) => [
        [...records.slice(0, 5), { ...records[5], weight: 1e6 }, ...records.slice(6)],
        String(records[5]!.id),
      ],
      { holes: '', placed: 1 },
    ],
    [
      'added',
      (records) => [
        [...records, { ...records[1], id: 'EXR-ADDED', company_en: 'Rivetworks Added Co., Ltd.' }],
        'EXR-ADDED',
      ],
      { holes: '', placed: 2 },
    ],
    ['deleted', (records) => [records.slice(1), String(records[0]!.id)], { holes: 'nonempty', placed: 2 }],
  ])(
    'after an exhibitor is %s rewrites only the documents naming it, and answers exactly',
    async (how, change, slots) => {
      const before = await slotIds(site);
      const { changed, id } = await rebuildAfter(change);
      const after = await slotIds(site);
      // The exhibitor keeps its slot; an arrival takes the slot after the last.
      const slot = (how === 'deleted' ? before : after).indexOf(id);
      if (how === 'added') expect(slot).toBe(before.length);
      else expect(after.indexOf(id)).toBe(how === 'deleted' ? -1 : before.indexOf(id));
      // Beside the entries, which carry the revision and the slots, each document changed names the exhibitor, but
      // for the sample's common lists: their reach follows the count (commonReach), so a term may become common, or no
      // longer be, with an arrival or a departure, its list made or removed and a shard or two taking or giving its terms.
      const entries = [ENTRY, searchIndexPath('exhibitor', 'text')];
      expect([...changed.keys()]).toContain(ENTRY);
      const unnamed = [...changed].filter(
        ([file, [was, is]]) =>
          !entries.includes(file) &&
          !file.startsWith('api/public/search/exhibition') &&
          !names(was, slot, id) &&
          !names(is, slot, id),
      );
      const madeOrRemoved = unnamed.filter(([, [was, is]]) => was === undefined || is === undefined);
      expect(unnamed.length - madeOrRemoved.length, unnamed.map(([file]) => file).join('\n')).toBeLessThanOrEqual(
        how === 'edited' ? 0 : 2,
      );
      expect(madeOrRemoved.every(([file]) => file.includes('/common/'))).toBe(true);
      // A move changes the slots (the `q` entry's, the `text` entry sharing its revision) and the body its slot names
      // (the weight is in it): the chunk and the block of ids of its slot, and the term shards and sparse lists naming
      // it by id, with its body.
      if (how === 'moved to the top') {
        const ids = [
          idChunkPath('exhibitor', Math.floor(slot / ID_CHUNK_SLOTS)),
          idBlockPath('exhibitor', Math.floor(slot / ID_BLOCK_SLOTS)),
        ];
        expect([...changed.keys()]).toEqual(expect.arrayContaining(ids));
        const others = [...changed].filter(([file]) => !entries.includes(file) && !ids.includes(file));
        expect(others.length).toBeGreaterThan(0);
        expect(others.filter(([, [was, is]]) => !(names(was, slot, id) && names(is, slot, id)))).toEqual([]);
      }
      const written = await exhibitorSlots(site);
      expect(written.holes === '' ? '' : 'nonempty').toBe(slots.holes);
      expect(written.placed === '' ? 0 : written.placed.split(',').length).toBe(slots.placed);
      await expectExact(site);
      await expectIndexWithoutTermCache();
    },
  );

  it('is told by verify when its ids by slot are damaged, and written again by the next build from its state', async () => {
    const block = path.join(
      site,
      (await snapshotDocuments(site)).find((file) => file.includes('/exhibitor/id-blocks/0@'))!,
    );
    const file = JSON.parse(await readFile(block, 'utf8')) as { ids: string[] };
    // Of another size: a build checks the text documents on disk by their size (stage-changes.ts).
    file.ids[1] = `${file.ids[0]!}-COPY`;
    await writeFile(block, JSON.stringify(file));
    const { problems } = await verifySite({ dir: site });
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: expect.stringContaining(ENTRY),
        message: expect.stringMatching(
          /^the slots of the search index: slot 1 names "[^"]+-COPY", which is not an entity of the site$/,
        ),
      }),
    );
    const slots = await exhibitorSlots(site);
    await rebuildAfter((records) => [records, '']);
    expect(await exhibitorSlots(site)).toEqual(slots);
    await expectExact(site);
  });

  it('gives slots anew, as a first build gives them, when the state keeping them is damaged', async () => {
    expect((await exhibitorSlots(site)).placed).not.toBe('');
    await writeFile(path.join(site, SLOTS_STATE_PATH), '{"version":1,"index_version":');
    await rebuildAfter((records) => [records, '']);
    expect(await exhibitorSlots(site)).toMatchObject({ holes: '', placed: '', placed_ranks: '' });
    await expectExact(site);
  });

  it('is the index a cold build makes, byte for byte, once it passes the exceptions it keeps', async () => {
    await rebuildAfter((records) => [
      [...records.slice(0, 3), { ...records[3], weight: 1e6 }, ...records.slice(4), { ...records[0], id: 'EXR-NEW' }],
      '',
    ]);
    expect((await exhibitorSlots(site)).placed).not.toBe('');
    // Deleting more exhibitors than the exceptions kept gives every entity its rank as its slot again.
    const count = (await fg('api/public/exhibitors/*.json', { cwd: site })).length;
    await rebuildAfter((records) => [records.slice(mostExceptions(count) + 1), '']);
    expect(await exhibitorSlots(site)).toMatchObject({ holes: '', placed: '', placed_ranks: '' });
    const cold = (await buildTempSite({ sources, now: new Date(TEST_NOW.getTime() + builds * 300_000) })).out;
    const [inPlace, fresh] = await Promise.all([indexTexts(site), indexTexts(cold)]);
    expect([...inPlace.keys()].sort()).toEqual([...fresh.keys()].sort());
    // The same but for the bodies' versions: those of the rebuilds that changed them, where the cold build's are its own.
    const unversioned = (text: string | undefined) => withoutBodyVersions(text!).replace(/"revision":"[^"]*"/, '');
    for (const [file, text] of inPlace) expect(unversioned(text), file).toBe(unversioned(fresh.get(file)));
    await rm(path.dirname(cold), { recursive: true, force: true });
  });

  it('keeps its slots in a scheduled build, which has only the state folder and the dumps of the previous one', async () => {
    // What the rebuild workflow restores (.github/workflows/rebuild.yml) of the site it builds on.
    const restored = path.join(work, 'restored');
    await mkdir(path.join(restored, 'api/public'), { recursive: true });
    for (const folder of ['.dataset-site', 'api/public/dumps'])
      await copyFolder(path.join(site, folder), path.join(restored, folder));
    const move: Change = (records) => [
      [...records.slice(0, 7), { ...records[7], weight: 1e6 }, ...records.slice(8)],
      String(records[7]!.id),
    ];
    await rebuildAfter(move);
    await build({ sources, out: restored, partial: true, now: new Date(TEST_NOW.getTime() + builds * 300_000) });
    expect((await exhibitorSlots(restored)).placed.split(',')).toHaveLength(1);
    const [inPlace, partial] = await Promise.all([indexTexts(site), indexTexts(restored)]);
    expect([...partial.keys()].sort()).toEqual([...inPlace.keys()].sort());
    for (const [file, text] of partial) expect(text, file).toBe(inPlace.get(file));
  });
});

// The index rebuilt in place, which took the terms of the unchanged exhibitors from the term cache, is the one a rebuild
// of the same sources without the cache makes, byte for byte.
async function expectIndexWithoutTermCache(): Promise<void> {
  const copy = path.join(work, `without-term-cache-${builds}`);
  await copyFolder(site, copy);
  await rm(path.join(copy, TERM_CACHE_PATH));
  await build({ sources, out: copy, now: new Date(TEST_NOW.getTime() + builds * 300_000), allowShrink: true });
  const [cached, uncached] = await Promise.all([indexTexts(site), indexTexts(copy)]);
  expect([...cached.keys()].sort()).toEqual([...uncached.keys()].sort());
  for (const [file, text] of cached) expect(text, file).toBe(uncached.get(file));
  await rm(copy, { recursive: true, force: true });
}

// The exhibitors' ids by slot in a site.
async function slotIds(dir: string): Promise<string[]> {
  const ids = await readIdsBySlot(dir, 'exhibitor');
  if (typeof ids === 'string') throw new Error(ids);
  return ids;
}

// The search index's documents of a site, every `generated_at` blanked.
async function indexTexts(dir: string): Promise<Map<string, string>> {
  // The documents the snapshot root names, by their logical paths; an entry's generations of its documents left out.
  const texts = new Map<string, string>();
  for (const file of await snapshotDocuments(dir))
    texts.set(
      parseVersionedPath(file)!.logical,
      JSON.stringify({
        ...(JSON.parse(await readFile(path.join(dir, file), 'utf8')) as object),
        versions: undefined,
        generated_at: undefined,
      }),
    );
  return texts;
}

// The paths of the documents of the search index the site's snapshot root names: its entries and theirs.
async function snapshotDocuments(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const kind of KINDS) {
    const [q, text] = [await siteEntryPath(dir, kind), await siteEntryPath(dir, kind, 'text')];
    const entry = parseSearchEntry(q, await readFile(path.join(dir, q), 'utf8'), kind);
    files.push(q, text, ...entry.versions.documents(entry.slots.slots));
    files.push(...parseTextEntry(text, await readFile(path.join(dir, text), 'utf8'), kind).versions.documents());
  }
  return files;
}
