/**
 * Queries are scored over typed arrays (term-scores.ts), not by MiniSearch: every term's
 * score must still be MiniSearch's over the whole index, whether the index is one shard or
 * cut into many, and a common term, which has a list, matches what it matches over the
 * shards and scores nothing (docs/api.md#common-terms); windows of the relevance order are the
 * order's slices. MiniSearch adds the scores of the terms a prefix reaches in an order of
 * its tree's making, we in code-unit order (docs/api.md#relevance, as the oracle does), so
 * a sum may differ from MiniSearch's in its last bits: held to within 1e-13 of it here, and
 * exactly to the oracle by the router's tests (test/query/router/sharded-search.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../../src/query/semantics/index.js';
import { relevanceOrder, relevanceWindow, type ScoredRanks } from '../../../src/query/search/relevance-window.js';
import { queryTerms } from '../../../src/query/search/search.js';
import {
  commonListTerm,
  searchShardsNow,
  shardIndex,
  type ShardedIndex,
} from '../../../src/query/search/term-shards.js';
import { miniSearchOf } from './minisearch-index.js';

// Names from a small vocabulary, so that terms are common, prefixes reach many terms and common terms are cut into pieces.
const WORDS = [
  'co',
  'company',
  'corp',
  'ltd',
  'ltd.',
  'trade',
  'trading',
  'tech',
  'köln',
  'international',
  'intl',
  'in',
  'a',
  'x1',
  '2024',
];
const CJK = ['有限公司', '科技有限公司', '上海', '国际贸易', '公', '汽车展览会', '限公'];

function entities(seed: number, count: number): Entity[] {
  let state = seed;
  const next = (n: number) => Math.floor((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 16) % n;
  const pick = (words: readonly string[], most: number) =>
    Array.from({ length: next(most + 1) }, () => words[next(words.length)]!).join(' ');
  return Array.from(
    { length: count },
    (_, i) =>
      ({
        id: `E${i}`,
        company_cn: pick(CJK, 3),
        company_en: next(9) === 0 ? null : pick(WORDS, 5),
      }) as unknown as Entity,
  );
}

function expectClose(actual: number, expected: number | undefined, what: string): void {
  expect(expected, what).toBeDefined();
  expect(Math.abs(actual - expected!) / expected!, what).toBeLessThan(1e-13);
}

const QUERY_TERMS = [
  'c',
  'co',
  'com',
  'l',
  'lt',
  'ltd',
  't',
  'tr',
  'k',
  'koln',
  'i',
  'in',
  'int',
  'a',
  'x',
  '2',
  '公',
  '有限',
  '公司',
  '限公',
  '上海',
  '汽',
  '展览',
  'zz',
  '不在',
];

// relevanceWindow over every match and over every `every`-th rank equals those slices of `order`.
function expectWindows(matches: ScoredRanks, order: number[], every: number, offset: number, limit: number): void {
  const allowed = (rank: number) => rank % every === 0;
  const kept = order.filter(allowed);
  expect(relevanceWindow(matches, allowed, offset, limit)).toEqual({
    ranks: kept.slice(offset, offset + limit),
    total: kept.length,
  });
  expect(relevanceWindow(matches, undefined, offset, limit)).toEqual({
    ranks: order.slice(offset, offset + limit),
    total: order.length,
  });
}

describe('scores over typed arrays', () => {
  const list = entities(7, 3000);
  const yardstick = miniSearchOf('exhibitor', list);
  const indexes: [string, ShardedIndex][] = [
    ['one shard, no common terms', shardIndex('q', 'exhibitor', list, { targetCost: Infinity, reach: Infinity })],
    ['many shards and lists of common terms', shardIndex('q', 'exhibitor', list, { targetCost: 1500, reach: 500 })],
    ['lists of every term', shardIndex('q', 'exhibitor', list, { targetCost: 1500, reach: 1 })],
  ];

  it('cut the index into many shards and lists of common terms', () => {
    const [index, everyTerm] = [indexes[1]![1], indexes[2]![1]];
    expect(index.starts.length).toBeGreaterThan(4);
    expect(index.common).toEqual(expect.arrayContaining(['c', 'co', 'ltd', '公', '公司', '有限']));
    expect(index.common).not.toContain('koln');
    expect(everyTerm.shards.flatMap((shard) => shard.terms)).toEqual([]);
  });

  it('match the same entities from a list as from the shards, and score, to the bit, only the terms that are not common (property)', () => {
    const [, shards] = indexes[0]!;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...QUERY_TERMS), { minLength: 1, maxLength: 4 }), (terms) => {
        const query = queryTerms('q', terms.join(' '));
        const whole = searchShardsNow(shards, query);
        for (const [name, index] of indexes.slice(1)) {
          const scored = query.filter(({ term }) => commonListTerm(index, term) === undefined);
          const perTerm = scored.map((term) => scoresByRank(searchShardsNow(shards, [term])));
          const expected = new Map(
            [...whole.ranks].map((rank) => [
              rank,
              perTerm.reduce((sum, scores) => sum + scores.get(rank)!, 0) * query.length,
            ]),
          );
          expect(scoresByRank(searchShardsNow(index, query)), name).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  for (const [name, index] of indexes) {
    it(`are MiniSearch's scores of each term that is not common over ${name}, and 0 for a common one`, () => {
      for (const term of QUERY_TERMS) {
        const expected = new Map(yardstick.search(term).map((result) => [result.id as number, result.score]));
        const matches = searchShardsNow(index, queryTerms('q', term));
        expect(matches.ranks.length, term).toBe(expected.size);
        const common = commonListTerm(index, queryTerms('q', term)[0]!.term) !== undefined;
        for (const [rank, score] of scoresByRank(matches))
          if (common) expect(score, `${term} #${rank}`).toBe(0);
          else expectClose(score, expected.get(rank), `${term} #${rank}`);
      }
    });
  }

  it("sum a query's terms as MiniSearch scores them one at a time, times the number of terms (property)", () => {
    const [, index] = indexes[0]!;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...QUERY_TERMS), { minLength: 1, maxLength: 4 }), (terms) => {
        const q = terms.join(' ');
        const distinct = queryTerms('q', q).map(({ term }) => term);
        const perTerm = distinct.map(
          (term) => new Map(yardstick.search(term).map((result) => [result.id as number, result.score])),
        );
        const expected = new Map<number, number>();
        for (const [rank, score] of perTerm[0]!) {
          if (!perTerm.every((scores) => scores.has(rank))) continue;
          expected.set(
            rank,
            perTerm.slice(1).reduce((sum, scores) => sum + scores.get(rank)!, score) * distinct.length,
          );
        }
        const matches = searchShardsNow(index, queryTerms('q', q));
        expect(new Set(matches.ranks)).toEqual(new Set(expected.keys()));
        for (const [rank, score] of scoresByRank(matches)) expectClose(score, expected.get(rank), `${q} #${rank}`);
      }),
      { numRuns: 200 },
    );
  });

  it('give any window of the relevance order, with or without a filter (property)', () => {
    const [, index] = indexes[0]!;
    fc.assert(
      fc.property(
        fc.constantFrom(...QUERY_TERMS, 'co ltd', '有限 公司', 'in tr'),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 1, max: 5 }),
        (q, offset, limit, every) => {
          const matches = searchShardsNow(index, queryTerms('q', q));
          const order = sortedByRelevance(matches);
          expect(relevanceOrder(matches)).toEqual(order);
          expectWindows(matches, order, every, offset, limit);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('give any window of many tied matches, early (heap) or late (quickselect) (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 4000, size: 'max' }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 4 }),
        (classes, offset, limit, every) => {
          // Ranks with gaps, scores from eight values: most matches tie with many others.
          const matches: ScoredRanks = {
            ranks: Int32Array.from(classes, (_, i) => 3 * i + (i % 2)),
            scores: Float64Array.from(classes, (c) => c / 3),
          };
          const order = sortedByRelevance(matches);
          expectWindows(matches, order, every, offset, limit);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('order by score, highest first, equal scores by rank', () => {
    const matches = searchShardsNow(indexes[0]![1], queryTerms('q', 'co'));
    const order = relevanceOrder(matches);
    const scores = scoresByRank(matches);
    expect(new Set(order)).toEqual(new Set(matches.ranks));
    for (let i = 1; i < order.length; i++) {
      const [a, b] = [order[i - 1]!, order[i]!];
      expect(scores.get(a)! > scores.get(b)! || (scores.get(a) === scores.get(b) && a < b)).toBe(true);
    }
  });
});

// Each match's score by its rank.
function scoresByRank(matches: ScoredRanks): Map<number, number> {
  return new Map(Array.from(matches.ranks, (rank, i) => [rank, matches.scores[i]!]));
}

// Every match in relevance order by a sort of them all: the order relevanceWindow must cut windows of.
function sortedByRelevance(matches: ScoredRanks): number[] {
  const scores = scoresByRank(matches);
  return [...matches.ranks].sort((a, b) => scores.get(b)! - scores.get(a)! || a - b);
}
