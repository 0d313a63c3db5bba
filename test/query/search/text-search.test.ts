/**
 * `text` (docs/api.md#text) on a generated site large enough for many shards and lists of
 * common terms: cutting the index changes no answer, the router answers as the independent
 * oracle and the reference do (common intro words, CJK runs, plurals, filters, deep windows,
 * with `q`), every holder of a product tag is found by that tag, and the build writes the
 * index byte for byte alike twice.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import pluralize from 'pluralize';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTextEntry } from '../../../src/query/search/index.js';
import type { Dataset } from '../../../src/query/dataset/index.js';
import { relevanceOrder } from '../../../src/query/search/relevance-window.js';
import { queryTerms } from '../../../src/query/search/search.js';
import { searchShardsNow, shardIndex } from '../../../src/query/search/term-shards.js';
import { readSite } from '../../../src/site/index.js';
import { buildTempSite, generatedSources, hashTree, siteEntryPath } from '../../helpers/site.js';
import { datasetUrl } from '../../contract/cases.js';
import { expectAnswer } from '../../contract/expect-contract.js';
import { expectedAnswers, routerTarget, type Expected, type Target } from '../../contract/targets.js';

let sources: string;
let dir: string;
let dataset: Dataset;
let expected: Expected;
let router: Target;
let words: string[];

beforeAll(async () => {
  sources = await generatedSources({ exhibitions: 60, exhibitors: 3000, providers: 60, seed: 5 });
  dir = (await buildTempSite({ sources })).out;
  dataset = (await readSite(dir)).dataset;
  [expected, router] = [await expectedAnswers(dir), routerTarget(dir)];
  const texts = dataset.entities.exhibitor
    .flatMap((entity) => [entity.intro, entity.product_tags, entity.exhibit_history].flat())
    .filter((t) => typeof t === 'string');
  words = [
    ...new Set((texts as string[]).flatMap((text) => text.split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length > 1)),
  ].sort();
}, 120_000);

/** `text` values as agents write them: words of the descriptions in the plural and singular, prefixes, CJK runs, several words. */
function texts(): fc.Arbitrary<string> {
  const latin = words.filter((word) => /^[a-z]/i.test(word));
  const cjk = words.filter((word) => /^\p{Script=Han}/u.test(word));
  const word = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...latin) },
    { weight: 1, arbitrary: fc.constantFrom(...latin).map((w) => `${w}s`) },
    { weight: 1, arbitrary: fc.constantFrom(...latin).map((w) => w.slice(0, 3 + (w.length % 3))) },
    {
      weight: 2,
      arbitrary: fc
        .record({ run: fc.constantFrom(...cjk), start: fc.nat(), length: fc.integer({ min: 1, max: 4 }) })
        .map(({ run, start, length }) =>
          [...run]
            .slice(start % [...run].length)
            .slice(0, length)
            .join(''),
        ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'products',
        'make',
        'founded',
        'exports',
        '有限公司',
        '产品',
        'co',
        'ltd',
        'solar panels',
        'tractor',
      ),
    },
  );
  return fc.array(word, { minLength: 1, maxLength: 2 }).map((terms) => terms.join(' '));
}

describe('text', () => {
  it('has an index of its own, cut into shards and lists of common terms, its keywords weighing twice', async () => {
    const entry = parseTextEntry(
      'entry',
      await readFile(path.join(dir, await siteEntryPath(dir, 'exhibitor', 'text')), 'utf8'),
      'exhibitor',
    );
    expect(entry.index.starts.length).toBeGreaterThan(8);
    expect(entry.index.count).toBe(3000);
    expect(entry.index.weights).toEqual([2, 1]);
    expect(entry.index.common).toEqual(expect.arrayContaining(['product', '有限']));
  });

  it('answers every text as one shard holding the whole index does (property)', () => {
    const sharded = dataset.searchIndex('exhibitor', 'text');
    const whole = shardIndex('text', 'exhibitor', dataset.entities.exhibitor, { targetCost: Infinity });
    expect(whole.shards).toHaveLength(1);
    fc.assert(
      fc.property(texts(), (text) => {
        expect(relevanceOrder(searchShardsNow(sharded, queryTerms('text', text)))).toEqual(
          relevanceOrder(searchShardsNow(whole, queryTerms('text', text))),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('gives the router the answers of the oracle and the reference: with q, filters and any window, every kind (property)', async () => {
    const countries = [
      ...new Set(
        dataset.entities.exhibitor
          .map((entity) => entity.country)
          .filter((value): value is string => typeof value === 'string'),
      ),
    ];
    const found: number[] = [];
    await fc.assert(
      fc.asyncProperty(
        texts(),
        fc.option(fc.constantFrom('co', '有限', 'international', 'a'), { nil: undefined, freq: 2 }),
        fc.option(fc.constantFrom(...countries), { nil: undefined, freq: 2 }),
        fc.constantFrom('exhibitor', 'all', 'service_provider', 'exhibition'),
        fc.record({
          limit: fc.integer({ min: 1, max: 500 }),
          offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3100 })),
        }),
        async (text, q, country, type, { limit, offset }) => {
          const url = datasetUrl(
            ['type', type],
            ...(q ? [['q', q] as [string, string]] : []),
            ['text', text],
            ...(country ? [['country', country] as [string, string]] : []),
            ['limit', String(limit)],
            ['offset', String(offset)],
          );
          const answer = await router.request(url);
          await expectAnswer(answer, url, router, expected);
          found.push((answer.body as { _meta: { total: number } })._meta.total);
        },
      ),
      { numRuns: 250 },
    );
    // Not vacuous: many answers find something, some of them thousands.
    expect(found.filter((total) => total > 0).length).toBeGreaterThan(found.length / 5);
    expect(Math.max(...found)).toBeGreaterThan(1000);
  }, 180_000);

  it('finds every holder of a product tag by that tag, in either language, plural or singular', () => {
    const holders = new Map<string, Set<number>>();
    dataset.entities.exhibitor.forEach((entity, rank) => {
      for (const tag of [entity.product_tags].flat())
        if (typeof tag === 'string' && tag.trim() !== '') holders.set(tag, (holders.get(tag) ?? new Set()).add(rank));
    });
    expect(holders.size).toBeGreaterThan(50);
    for (const [tag, ranks] of holders) {
      const found = new Set(dataset.match('exhibitor', {}, { text: tag }));
      for (const rank of ranks) expect(found.has(rank), `${tag} finds #${rank}`).toBe(true);
      const singular = tag.replace(/[a-z]+/gi, (word) => pluralize.singular(word));
      if (singular !== tag)
        for (const rank of ranks)
          expect(
            new Set(dataset.match('exhibitor', {}, { text: singular })).has(rank),
            `${singular} finds #${rank}`,
          ).toBe(true);
    }
  });

  it('is written byte for byte alike by a second build of the same sources', async () => {
    const again = (await buildTempSite({ sources })).out;
    const [first, second] = await Promise.all([
      hashTree(path.join(dir, 'api/public/search')),
      hashTree(path.join(again, 'api/public/search')),
    ]);
    expect(second).toEqual(first);
    expect([...first.keys()].filter((file) => file.includes('/text/')).length).toBeGreaterThan(100);
  }, 120_000);
});
