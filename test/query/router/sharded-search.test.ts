/**
 * The search index read by the shard, on a generated site large enough for many shards:
 * cutting the index changes no answer (against one shard), and the router reading
 * shards answers `q` queries, with filters and any window, as the reference and the
 * independent oracle do.
 */
import {
  queryTerms,
  relevanceOrder,
  searchShardsNow,
  shardIndex,
  searchIndexPath,
  parseSearchEntry,
} from '../../../src/query/search/index.js';
import { Dataset } from '../../../src/query/dataset/index.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSite } from '../../../src/site/index.js';
import fg from 'fast-glob';
import { createRouter } from '../../../src/query/router/router.js';
import type { DocumentStore } from '../../../src/query/router/store.js';
import { fileStore } from '../../../src/serve/index.js';
import { buildTempSite, generatedSources, siteEntryPath } from '../../helpers/site.js';
import { datasetUrl } from '../../contract/cases.js';
import { comparable as bodyComparable, expectAnswer } from '../../contract/expect-contract.js';
import { expectedAnswers, routerTarget, type Expected, type Target } from '../../contract/targets.js';

let dir: string;
let dataset: Dataset;
let expected: Expected;
let router: Target;
let names: string[];

beforeAll(async () => {
  const sources = await generatedSources({ exhibitions: 60, exhibitors: 4000, providers: 60, seed: 11 });
  dir = (await buildTempSite({ sources })).out;
  dataset = (await readSite(dir)).dataset;
  [expected, router] = [await expectedAnswers(dir), routerTarget(dir)];
  names = dataset.entities.exhibitor
    .flatMap((entity) => [entity.company_cn, entity.company_en])
    .filter((name): name is string => typeof name === 'string');
}, 120_000);

/** Query strings as agents type them: prefixes of every length of the names' words, CJK runs, several terms. */
function queries(): fc.Arbitrary<string> {
  const words = [...new Set(names.flatMap((name) => name.split(/[\s,.()]+/)).filter((word) => word !== ''))];
  const prefix = fc
    .record({ word: fc.constantFrom(...words), length: fc.integer({ min: 1, max: 12 }) })
    .map(({ word, length }) => [...word].slice(0, length).join(''));
  const term = fc.oneof(
    prefix,
    prefix.map((text) => text.toUpperCase()),
    fc.constantFrom('co', 'c', 'a', '公', '有限', '公司'),
  );
  return fc.array(term, { minLength: 1, maxLength: 3 }).map((terms) => terms.join(' '));
}

describe('a search index in shards', () => {
  it('is cut into many term shards, filter shards and lists of common terms, each read by its name', async () => {
    const entry = parseSearchEntry(
      'entry',
      await readFile(path.join(dir, await siteEntryPath(dir, 'exhibitor')), 'utf8'),
      'exhibitor',
    );
    expect(entry.index.starts.length).toBeGreaterThan(8);
    expect(entry.index.count).toBe(4000);
    // The commonest terms (`公司`, `co`) have lists of their own, which the properties below read back.
    expect(entry.index.common).toEqual(expect.arrayContaining(['co', '公司', '有限']));
  });

  it('answers every query as one shard holding the whole index does (property)', () => {
    const sharded = dataset.searchIndex('exhibitor');
    const whole = shardIndex('q', 'exhibitor', dataset.entities.exhibitor, { targetCost: Infinity });
    expect(whole.shards).toHaveLength(1);
    expect(sharded.shards.length).toBeGreaterThan(8);
    fc.assert(
      fc.property(queries(), (q) => {
        expect(relevanceOrder(searchShardsNow(sharded, queryTerms('q', q)))).toEqual(
          relevanceOrder(searchShardsNow(whole, queryTerms('q', q))),
        );
      }),
      { numRuns: 1500 },
    );
  });

  it('gives the router the answers of the oracle and the reference, with filters and any window (property)', async () => {
    const values = (field: 'country' | 'city') => [
      ...new Set(
        dataset.entities.exhibitor
          .map((entity) => entity[field])
          .filter((value): value is string => typeof value === 'string'),
      ),
    ];
    const filter = fc.option(
      fc.oneof(
        fc.constantFrom(...values('country')).map((v) => ['country', v] as const),
        fc.constantFrom(...values('city')).map((v) => ['city', v] as const),
      ),
      { nil: undefined },
    );
    const window = fc.record({
      limit: fc.integer({ min: 1, max: 500 }),
      offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 4100 })),
    });
    await fc.assert(
      fc.asyncProperty(queries(), filter, window, async (q, pair, { limit, offset }) => {
        const url = datasetUrl(
          ['type', 'exhibitor'],
          ['q', q],
          ...(pair ? [[pair[0], pair[1]] as [string, string]] : []),
          ['limit', String(limit)],
          ['offset', String(offset)],
        );
        await expectAnswer(await router.request(url), url, router, expected);
        expect(comparable(await router.request(url))).toEqual(comparable(await expected.reference.request(url)));
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('answers the mixed set of common and ordinary terms as the oracle does: pairs, triples, filters, deep windows, every kind', async () => {
    const common = [
      'c',
      'co',
      'a',
      'in',
      'l',
      'ltd',
      '公',
      '公司',
      '有限',
      '限公',
      '有限公',
      '有限公司',
      'co ltd',
      '有限 公司',
      'co ltd 有限',
      'co international',
    ];
    const country = dataset.entities.exhibitor.find((entity) => typeof entity.country === 'string')!.country as string;
    let compared = 0;
    for (const q of common) {
      for (const type of ['exhibitor', 'all'])
        for (const [offset, limit] of [
          [0, 100],
          [1000, 500],
          [3000, 500],
        ] as const)
          for (const filter of [[], [['country', country]]] as [string, string][][]) {
            const url = datasetUrl(
              ['type', type],
              ['q', q],
              ...filter,
              ['limit', String(limit)],
              ['offset', String(offset)],
            );
            await expectAnswer(await router.request(url), url, router, expected);
            compared++;
          }
    }
    expect(compared).toBe(common.length * 12);
    // The common terms really are common here: thousands of matches, answered from their lists.
    const entry = parseSearchEntry(
      'entry',
      await readFile(path.join(dir, await siteEntryPath(dir, 'exhibitor')), 'utf8'),
      'exhibitor',
    );
    expect(entry.index.common).toEqual(
      expect.arrayContaining(['c', 'co', 'a', 'l', 'ltd', '公', '公司', '有限', '限公']),
    );
    const total = (
      (await router.request(datasetUrl(['type', 'exhibitor'], ['q', '有限 公司'], ['limit', '1']))).body as {
        _meta: { total: number };
      }
    )._meta.total;
    expect(total).toBeGreaterThan(2000);
  }, 120_000);

  it('reads the entry and a few shards for a cold query, a small part of the index', async () => {
    const files = fileStore(dir);
    const read = new Map<string, number>();
    const store: DocumentStore = {
      read: async (sitePath) => {
        const text = await files.read(sitePath);
        read.set(sitePath, text?.length ?? 0);
        return text;
      },
    };
    const answer = await createRouter({ store })({
      method: 'GET',
      url: datasetUrl(['type', 'exhibitor'], ['q', 'international']),
    });
    expect(answer.status).toBe(200);
    const searchFolder = `${searchIndexPath('exhibitor').replace(/\.json$/, '')}/`;
    const shardsRead = [...read.keys()].filter((file) => file.startsWith(searchFolder));
    const indexSize = (await fg(`${searchFolder}**`, { cwd: dir, stats: true })).reduce(
      (sum, entry) => sum + entry.stats!.size,
      0,
    );
    const sizeRead = shardsRead.reduce((sum, file) => sum + read.get(file)!, 0);
    expect(shardsRead.length).toBeLessThanOrEqual(2);
    expect(sizeRead).toBeLessThan(indexSize / 10);
  });
});

describe('an answer of one build', () => {
  // A store over the built site whose `text` entry of exhibitors, at the generation the snapshot names, is of another revision.
  const storeWithStaleText = async (): Promise<DocumentStore> => {
    const files = fileStore(dir);
    const textPath = await siteEntryPath(dir, 'exhibitor', 'text');
    return {
      read: async (sitePath) => {
        const text = await files.read(sitePath);
        if (sitePath !== textPath) return text;
        const entry = JSON.parse(text!) as { revision: string };
        return JSON.stringify({ ...entry, revision: `${entry.revision}x` });
      },
    };
  };
  const ask = (store: DocumentStore) =>
    createRouter({ store })({ method: 'GET', url: datasetUrl(['type', 'exhibitor'], ['text', 'products']) });

  it('carries one revision in the q and text entries of a kind', async () => {
    const [q, text] = await Promise.all(
      [siteEntryPath(dir, 'exhibitor'), siteEntryPath(dir, 'exhibitor', 'text')].map(
        async (file) =>
          (JSON.parse(await readFile(path.join(dir, await file), 'utf8')) as { revision: string }).revision,
      ),
    );
    expect(text).toBe(q);
  });

  it('refuses entries of two revisions that one snapshot names, naming both', async () => {
    const answer = await ask(await storeWithStaleText());
    expect(answer.status).toBe(500);
    expect(answer.body).toContain(
      `${searchIndexPath('exhibitor')} and ${searchIndexPath('exhibitor', 'text')} of snapshot `,
    );
    expect(answer.body).toContain('rebuild the site');
  });
});

// An answer without its generated_at, its next and prev naming no snapshot (the contract suite's comparable).
function comparable(answer: { status: number; body?: unknown }): unknown {
  return { status: answer.status, body: bodyComparable(answer.body) };
}
