/** The embedded sample builds into a site that keeps the contract. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSources } from '../../src/pipeline/sources/index.js';
import { modelEntities, validateRecords, entityServer } from '../../src/pipeline/model/index.js';
import { listingPath, staticUrl, trimSlash } from '../../src/query/formats/index.js';
import { type DatasetResponse, answerListingPage } from '../../src/query/responses/index.js';
import { Dataset } from '../../src/query/dataset/index.js';
import {
  type EntitiesByKind,
  type Entity,
  filterValues,
  type FilterValues,
  COLLECTIONS,
  DATASET_TYPES,
  FILTERS,
  KINDS,
  type Kind,
} from '../../src/query/semantics/index.js';
import { buildDictionary } from '../../src/schema/index.js';
import { bodyVersion } from '../../src/query/search/index.js';
import { verifySite } from '../../src/verify/index.js';
import { comparable } from '../contract/expect-contract.js';
import { oracleTarget } from '../contract/targets.js';
import { TEST_NOW, readSiteJson, sampleSite } from '../helpers/site.js';

const BASE_URL = 'http://localhost:8080';
let out: string;
let reference: Dataset;
let sourceIds: Record<Kind, string[]>;

beforeAll(async () => {
  out = sampleSite();
  // The reference is computed from the sources, independently of the files written.
  const loaded = await loadSources(path.resolve('sources'), (file) => file);
  const validated = validateRecords(loaded.records);
  // Every body of a first build carries the version of its generation, which its snapshot root names.
  const { generation } = (await readSiteJson(out, 'api/public/snapshot.json')) as { generation: number };
  const entities = modelEntities(validated.records, TEST_NOW.toISOString().slice(0, 10));
  reference = servedDataset(entities, BASE_URL, bodyVersion(generation));
  sourceIds = { exhibition: [], exhibitor: [], service_provider: [] };
  for (const record of loaded.records) sourceIds[record.kind].push(String((record.value as { id: unknown }).id));
});

async function fullListing(kind: Kind): Promise<Entity[]> {
  const entities: Entity[] = [];
  for (let page = 1; ; page++) {
    const document = await readSiteJson<DatasetResponse>(out, listingPath(kind, {}, page));
    entities.push(...(document[COLLECTIONS[kind]] ?? []));
    if (document._meta.next === null) return entities;
  }
}

describe('the sample site', () => {
  it('passes verify', async () => {
    const result = await verifySite({ dir: out });
    expect(result.problems).toEqual([]);
    expect(result.documents).toBeGreaterThan(1000);
  });

  it.each(KINDS)('lists every %s of the sources exactly once in its full listing', async (kind) => {
    const listed = (await fullListing(kind)).map((entity) => entity.id);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...sourceIds[kind]].sort());
  });

  it('resolves every _links URL to a file whose entity equals the listed one', async () => {
    let links = 0;
    for (const kind of KINDS) {
      for (const entity of await fullListing(kind)) {
        const self = await readSiteJson<Entity>(out, urlToPath(entity._links as Record<string, string>, 'self'));
        expect(self).toEqual(entity);
        for (const [name, value] of Object.entries(entity._links as Record<string, string | string[]>)) {
          for (const url of [value].flat()) {
            expect(existsSync(path.join(out, decodeUrl(url))), `${kind} ${entity.id} ${name} ${url}`).toBe(true);
            links++;
          }
        }
        for (const url of [(entity._links as { exhibitions?: string[] }).exhibitions ?? []].flat()) {
          const exhibition = await readSiteJson<Entity>(out, decodeUrl(url));
          expect(entity.exhibition_ids).toContain(exhibition.id);
        }
      }
    }
    expect(links).toBeGreaterThan(1000);
  });

  it('writes every listing page, and only those, as the reference and the oracle expect (property)', async () => {
    const { oracle } = await oracleTarget(out);
    const values = (filter: (typeof FILTERS)[number]) => [
      ...new Set(
        KINDS.flatMap((kind) => reference.entities[kind].flatMap((entity) => filterValues(kind, filter, entity))),
      ),
    ];
    const variant = (value: string) =>
      fc.constantFrom(value, value.toUpperCase(), `  ${value}  `, value.replace(/ /g, '   '));
    const filterValue = (filter: (typeof FILTERS)[number]) =>
      fc.option(
        fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...values(filter)).chain(variant) },
          { weight: 1, arbitrary: fc.string({ minLength: 1 }) },
        ),
        {
          nil: undefined,
          freq: 1,
        },
      );
    const context = { baseUrl: BASE_URL, generatedAt: '', dictionary: buildDictionary() };
    let pagesCompared = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...DATASET_TYPES),
        fc.record({ industry: filterValue('industry'), country: filterValue('country'), city: filterValue('city') }),
        fc.integer({ min: 1, max: 5 }),
        async (type, chosen, page) => {
          const filters: FilterValues = Object.fromEntries(
            Object.entries(chosen)
              .filter(([, v]) => v !== undefined && v.trim() !== '')
              .map(([k, v]) => [k, v!.trim()]),
          );
          const want = answerListingPage(reference, type, filters, page, context);
          const oracleWant = oracle.listingPage(type, filters, page, (n) =>
            staticUrl(BASE_URL, listingPath(type, filters, n)),
          );
          const file = path.join(out, listingPath(type, filters, page));
          const hasMatches = want._meta.total > 0 || Object.keys(filters).length === 0;
          const inRange = page === 1 || want._meta.count > 0;
          if (!hasMatches || !inRange) {
            expect(existsSync(file), file).toBe(false);
            expect(oracleWant).toBeUndefined();
            return;
          }
          const actual = await readSiteJson<DatasetResponse>(out, listingPath(type, filters, page));
          expect(comparable(actual)).toEqual(oracleWant);
          want._meta.generated_at = actual._meta.generated_at;
          expect(actual).toEqual(want);
          pagesCompared++;
        },
      ),
      { numRuns: 400, seed: 20261122 },
    );
    expect(pagesCompared).toBeGreaterThan(100);
  });

  it('has realistic, bilingual sample data', () => {
    const exhibitions = reference.entities.exhibition;
    expect(exhibitions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(exhibitions.map((e) => e.country)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(exhibitions.map((e) => e.city)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(exhibitions.map((e) => e.status))).toEqual(
      new Set(['upcoming', 'ongoing', 'ended', 'cancelled', 'postponed']),
    );
    expect(reference.entities.exhibitor.length).toBeGreaterThanOrEqual(300);
    expect(reference.entities.service_provider.length).toBeGreaterThanOrEqual(30);
    const cities = new Set(exhibitions.map((e) => e.city));
    for (const city of ["Xi'an", 'São Paulo', 'Frankfurt am Main', 'Köln']) expect(cities).toContain(city);
    expect(exhibitions.some((e) => e.name_cn === null) && exhibitions.some((e) => e.name_en === null)).toBe(true);
  });

  it('writes _rag_text as labelled plain text on every kind', () => {
    for (const kind of KINDS) {
      for (const entity of reference.entities[kind]) {
        const text = entity._rag_text as string;
        expect(text).toMatch(/^[^\n]+: /);
        expect(text).not.toMatch(/<[a-z/]|\bnull\b|\bundefined\b|: (\n|$)/i);
        expect(text.split('\n')[1]).toBe(`ID 编号: ${entity.id}`);
      }
    }
  });

  it("names in an exhibitor's _rag_text the exhibitions it is linked to, in its order", () => {
    const exhibitions = new Map(
      reference.entities.exhibition.map((e) => [e.id, [e.name_cn, e.name_en].filter(Boolean).join(' ')]),
    );
    const linked = reference.entities.exhibitor.filter((e) => (e.exhibition_ids as string[]).length > 0);
    expect(linked.length).toBeGreaterThan(10);
    for (const exhibitor of linked) {
      const line = (exhibitor._rag_text as string).split('\n').find((l) => l.startsWith('Exhibitions 参展展会: '));
      expect(line).toBe(
        `Exhibitions 参展展会: ${(exhibitor.exhibition_ids as string[]).map((id) => exhibitions.get(id)).join('; ')}`,
      );
    }
  });
});

// The dataset of the entities as served, `_links`, `_rag_text` and `_version` with them.
function servedDataset(entities: EntitiesByKind, baseUrl: string, version: string): Dataset {
  const serve = entityServer(entities.exhibition, baseUrl, version);
  return new Dataset({
    exhibition: entities.exhibition.map((entity) => serve('exhibition', entity)),
    exhibitor: entities.exhibitor.map((entity) => serve('exhibitor', entity)),
    service_provider: entities.service_provider.map((entity) => serve('service_provider', entity)),
  });
}

function urlToPath(links: Record<string, string>, name: string): string {
  return decodeUrl(links[name]!);
}

function decodeUrl(url: string): string {
  return decodeURIComponent(url.slice(trimSlash(BASE_URL).length + 1));
}
