/**
 * A term of many postings cut into pieces (term-shards.ts): the pieces of a common term
 * spread over several shards, a query merges them into the answer of one whole index, and
 * a change to one entity rewrites the one piece holding it, not every piece of the term.
 */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../src/query/semantics/entity.js';
import { relevanceOrder } from '../../src/query/semantics/relevance-window.js';
import { searchShardsNow, shardIndex, type TermShard } from '../../src/query/semantics/term-shards.js';

// Exhibitors whose names all hold `公司` and `ltd`, `count` of them, the one at `renamed` (if any) renamed, a word longer.
// Shards are aimed at 2 kB of postings (16 kB on a site), so that a few thousand names make many pieces.
const TARGET = 2000;
function exhibitors(count: number, renamed = -1): Entity[] {
  return Array.from(
    { length: count },
    (_, i) =>
      ({ id: `EX-${i}`, company_cn: `上海${i % 97}号公司`, company_en: i === renamed ? `Renamed Maker ${i} Ltd` : `Maker ${i} Ltd` }) as unknown as Entity,
  );
}

// The shards holding a piece of `term`, by start, with their JSON.
function piecesOf(shards: readonly TermShard[], term: string): Map<string, string> {
  return new Map(shards.filter((shard) => shard.terms.some(([held]) => held === term)).map((shard) => [shard.start, JSON.stringify(shard)]));
}

describe('a common term cut into pieces', () => {
  it('spreads over several shards and answers as one whole index does', () => {
    const entities = exhibitors(6000);
    const sharded = shardIndex('exhibitor', entities, TARGET);
    const whole = shardIndex('exhibitor', entities, Infinity);
    expect(piecesOf(sharded.shards, 'ltd').size).toBeGreaterThan(4);
    expect(sharded.starts.filter((start) => start.startsWith('ltd\u0000')).length).toBeGreaterThan(3);
    for (const q of ['ltd', 'lt', 'l', '公司', '号公司', 'maker ltd', 'ltd 公司', 'maker 1234'])
      expect(relevanceOrder(searchShardsNow(sharded, q)), q).toEqual(relevanceOrder(searchShardsNow(whole, q)));
  });

  it('rewrites only the piece holding a changed entity', () => {
    const before = piecesOf(shardIndex('exhibitor', exhibitors(6000), TARGET).shards, 'ltd');
    const after = piecesOf(shardIndex('exhibitor', exhibitors(6000, 3210), TARGET).shards, 'ltd');
    expect([...after.keys()]).toEqual([...before.keys()]);
    expect([...after].filter(([start, json]) => before.get(start) !== json)).toHaveLength(1);
  });
});
