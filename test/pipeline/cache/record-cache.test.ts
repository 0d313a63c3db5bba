/**
 * The record cache (src/pipeline/cache/record-cache.ts): a rebuild takes the entities whose
 * records did not change from the previous build, and gives exactly the site and the
 * diagnostics a build without the cache gives, whatever changed: a record, an exhibition
 * its exhibitors name, the base URL, the date, a hand-edited dump, the code.
 */
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, type BuildResult, type BuildOptions } from '../../../src/index.js';
import { entityServer } from '../../../src/pipeline/model/index.js';
import { sourceFieldsOf } from '../../../src/pipeline/index.js';
import { KINDS } from '../../../src/query/semantics/index.js';
import { SOURCE_FIELDS } from '../../../src/schema/index.js';
import { hashTree, readSiteJson, TEST_NOW } from '../../helpers/site.js';
import { readDump } from '../../helpers/dumps.js';
import { RECORD_CACHE_PATH, SNAPSHOT_ROOT_PATH, snapshotId, snapshotPath } from '../../../src/query/formats/index.js';
import { verifySite } from '../../../src/verify/index.js';

const LATER = new Date(TEST_NOW.getTime() + 300_000);
const EXHIBITORS = 'exhibitors/part-001.ndjson';

interface Rebuilt {
  cached: BuildResult;
  uncached: BuildResult;
  /** The first build's site, with the cache the second one read. */
  site: string;
}

/**
 * Builds the sample twice into two folders, changes the sources (and, with `tamper`, the
 * first folder's site), then builds both again: one with the record cache, one without.
 */
async function rebuild(
  change: (sources: string) => Promise<void>,
  options: { after?: BuildOptions; tamper?: (site: string) => Promise<void>; versionsLost?: boolean } = {},
): Promise<Rebuilt> {
  const work = await mkdtemp(path.join(tmpdir(), 'ds-record-cache-'));
  const sources = path.join(work, 'sources');
  await cp('sources', sources, { recursive: true });
  const [site, reference] = [path.join(work, 'cached'), path.join(work, 'uncached')];
  for (const out of [site, reference]) await build({ sources, out, now: TEST_NOW });
  await change(sources);
  await options.tamper?.(site);
  await rm(path.join(reference, RECORD_CACHE_PATH));
  const again = { sources, now: LATER, ...options.after };
  const cached = await build({ ...again, out: site });
  const uncached = await build({ ...again, out: reference });
  expect(uncached.reused).toBe(0);
  expect(cached.diagnostics).toEqual(uncached.diagnostics);
  // A kind whose dump is lost loses its bodies' versions too (body-versions.ts): its bodies carry this build's, and the
  // previous snapshot, whose bodies the lost dump held, lacks their copies; this one is whole.
  if (options.versionsLost) {
    const { generation } = (await readSiteJson(site, SNAPSHOT_ROOT_PATH)) as { generation: number };
    for (const { file, message } of (await verifySite({ dir: site })).problems) {
      expect(file).toMatch(/api\/public\/snapshots\/[0-9a-z]+\.json$/);
      expect(file).not.toContain(snapshotPath(snapshotId(generation)));
      expect(message).toMatch(/^this snapshot is not whole: api\/public\/search\/exhibitor\/bodies\//);
    }
  } else expect(await hashTree(site)).toEqual(await hashTree(reference));
  return { cached, uncached, site };
}

async function editLines(file: string, edit: (lines: string[]) => string[]): Promise<void> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  await writeFile(file, edit(lines).join('\n'));
}

async function editRecord(file: string, line: number, edit: (record: Record<string, unknown>) => void): Promise<void> {
  await editLines(file, (lines) =>
    lines.map((text, i) => {
      if (i !== line - 1) return text;
      const record = JSON.parse(text) as Record<string, unknown>;
      edit(record);
      return JSON.stringify(record);
    }),
  );
}

async function editExhibitions(
  sources: string,
  edit: (exhibitions: Record<string, unknown>[]) => Record<string, unknown>[],
): Promise<void> {
  const file = path.join(sources, 'exhibitions.json');
  const document = JSON.parse(await readFile(file, 'utf8')) as { exhibitions: Record<string, unknown>[] };
  await writeFile(file, JSON.stringify({ exhibitions: edit(document.exhibitions) }, null, 2));
}

async function exhibitorsOf(sources: string, exhibitionId: string): Promise<number> {
  const lines = (await readFile(path.join(sources, EXHIBITORS), 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '');
  return lines.filter((line) => (JSON.parse(line).exhibition_ids as unknown[]).includes(exhibitionId)).length;
}

const total = (result: BuildResult) => Object.values(result.entities).reduce((sum, count) => sum + count, 0);
/** How many records of the kinds given had a diagnostic: the cache never holds those. */
const warned = (result: BuildResult, kinds = ['exhibition', 'exhibitor', 'service_provider']) =>
  new Set(
    result.diagnostics
      .filter((diagnostic) => diagnostic.id !== undefined && kinds.includes(diagnostic.kind!))
      .map((diagnostic) => `${diagnostic.kind}/${diagnostic.id}`),
  ).size;

describe('the record cache', () => {
  it('takes every entity but the edited one from the previous build, and gives the same site', async () => {
    const { cached } = await rebuild((sources) =>
      editRecord(path.join(sources, EXHIBITORS), 10, (record) => void (record.company_en = 'Renamed Works Ltd.')),
    );
    expect(cached.reused).toBeGreaterThan(total(cached) * 0.9);
    // All but the edited record and those whose warnings every build gives again.
    expect(cached.reused).toBe(total(cached) - 1 - warned(cached));
  });

  it('makes anew the exhibitors of a renamed exhibition, whose _rag_text names it', async () => {
    let linked = 0;
    const { cached } = await rebuild(async (sources) => {
      linked = await exhibitorsOf(sources, 'EXH-0013');
      await editExhibitions(sources, (exhibitions) =>
        exhibitions.map((exhibition) =>
          exhibition.id === 'EXH-0013' ? { ...exhibition, name_en: 'Renamed Fair' } : exhibition,
        ),
      );
    });
    expect(linked).toBeGreaterThan(10);
    // At most: all but the exhibition, its exhibitors and the warned records (which may be among its exhibitors).
    expect(cached.reused).toBeLessThanOrEqual(total(cached) - 1 - linked);
    expect(cached.reused).toBeGreaterThanOrEqual(total(cached) - 1 - linked - warned(cached));
  });

  it('drops the links to a removed exhibition with the same warnings', async () => {
    const { cached } = await rebuild((sources) =>
      editExhibitions(sources, (exhibitions) => exhibitions.filter((exhibition) => exhibition.id !== 'EXH-0004')),
    );
    expect(cached.diagnostics.filter((diagnostic) => diagnostic.message.includes('EXH-0004')).length).toBeGreaterThan(
      10,
    );
    expect(cached.reused).toBeGreaterThan(0);
  });

  it("gives an unknown field's warning again when the record that had it is gone", async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-record-cache-fields-'));
    const sources = path.join(work, 'sources');
    await cp('sources', sources, { recursive: true });
    for (const line of [3, 7])
      await editRecord(path.join(sources, EXHIBITORS), line, (record) => void (record.fax = '+49 30 1234'));
    const out = path.join(work, 'site');
    const first = await build({ sources, out, now: TEST_NOW });
    expect(
      first.diagnostics.filter((diagnostic) => diagnostic.field === 'fax').map((diagnostic) => diagnostic.line),
    ).toEqual([3]);
    await editLines(path.join(sources, EXHIBITORS), (lines) => lines.filter((_, i) => i !== 2));
    const second = await build({ sources, out, now: LATER });
    expect(
      second.diagnostics.filter((diagnostic) => diagnostic.field === 'fax').map((diagnostic) => diagnostic.line),
    ).toEqual([6]);
  });

  it('is not used for another base URL', async () => {
    const { cached } = await rebuild(async () => {}, { after: { baseUrl: 'https://data.example.org/v2' } });
    expect(cached.reused).toBe(0);
  });

  it('makes anew the exhibitions whose status the date changed', async () => {
    const { cached } = await rebuild(async () => {}, { after: { now: new Date('2027-06-01T00:00:00.000Z') } });
    expect(cached.reused).toBeGreaterThan(0);
    expect(cached.reused).toBeLessThan(total(cached));
  });

  it('is not used for a kind whose dump was edited by hand', async () => {
    const { cached } = await rebuild(async () => {}, {
      tamper: async (site) => appendFile(path.join(site, (await readDump(site, 'exhibitor')).parts[0]!.file), '{}\n'),
      versionsLost: true,
    });
    expect(cached.reused).toBe(
      total(cached) - cached.entities.exhibitor - warned(cached, ['exhibition', 'service_provider']),
    );
  });

  it('is not used for a cache of another served layout', async () => {
    const tamper = async (site: string) => {
      const file = path.join(site, RECORD_CACHE_PATH);
      await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), layout: 1000 })); // not the size it had, which the writer compares
    };
    const { cached } = await rebuild(async () => {}, { tamper });
    expect(cached.reused).toBe(0);
  });

  it('is not used after the code changed', async () => {
    const tamper = async (site: string) => {
      const file = path.join(site, RECORD_CACHE_PATH);
      await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), code: 'an older version' }));
    };
    const { cached } = await rebuild(async () => {}, { tamper });
    expect(cached.reused).toBe(0);
  });
});

describe('the served layout the record cache reads (served-layout.ts)', () => {
  it("gives back every served entity's source fields, in order, from its bytes", async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'ds-served-layout-'));
    await build({ out: site, now: TEST_NOW });
    for (const kind of KINDS) {
      const lines = (await readDump(site, kind)).text.split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(10);
      for (const line of lines) {
        const served = JSON.parse(line) as Record<string, unknown>;
        const fields = Object.fromEntries(Object.entries(served).filter(([key]) => SOURCE_FIELDS[kind].includes(key)));
        const bytes = Buffer.from(`{"other":1}\n${line}\n`);
        expect(JSON.stringify(sourceFieldsOf(bytes.subarray(12, bytes.length - 1)))).toBe(JSON.stringify(fields));
      }
    }
  });

  it('reads a text holding the key of _links as text', () => {
    const serve = entityServer([], 'https://data.example.org', 'AAAA');
    const hostile = '","_links":{"self":"javascript:alert(1)"},"x":"';
    const served = serve('service_provider', { id: 'SP-1', name_en: hostile, intro: ',"_links":' });
    expect(Object.keys(served).slice(-3)).toEqual(['_links', '_rag_text', '_version']);
    const bytes = Buffer.from(JSON.stringify(served));
    expect(sourceFieldsOf(bytes)).toEqual({ id: 'SP-1', name_en: hostile, intro: ',"_links":' });
    expect(sourceFieldsOf(bytes.subarray(0, bytes.indexOf('"_links"') - 1))).toBeUndefined();
  });
});
