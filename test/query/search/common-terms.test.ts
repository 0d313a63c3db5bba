/**
 * Common query terms listed ahead (common-terms.ts, common-lists.ts): the build's
 * lists are the same every time, read back into the very sets they were made from in either
 * form of the membership codec, and a change to one entity rewrites one part of each list
 * holding it, not the lists.
 */
import { describe, expect, it } from 'vitest';
import {
  COMMON_PART_SLOTS,
  ID_BLOCK_SLOTS,
  ID_CHUNK_SLOTS,
  commonParts,
  parseCommonPart,
  parseIds,
  renderCommonLists,
  renderIds,
  commonPartPath,
  idBlockPath,
  idChunkPath,
  renderTermShards,
  rankSlots,
  withBodies,
} from '../../../src/query/search/index.js';
import type { Entity } from '../../../src/query/semantics/index.js';
import { shardIndex } from '../../../src/query/search/term-shards.js';

// Exhibitors whose names hold the commonest terms, over two parts of ranks; the one at `renamed` (if any) Trading for Tech or Tech for Trading.
function exhibitors(count: number, renamed = -1): Entity[] {
  return Array.from(
    { length: count },
    (_, i) =>
      ({
        id: `EX-${i}`,
        company_cn: `上海${i % 97}号${i % 3 === 0 ? '科技' : ''}有限公司`,
        company_en: `Maker ${i % 50} ${(i % 2 === 1) !== (i === renamed) ? 'Trading' : 'Tech'} Co Ltd`,
      }) as unknown as Entity,
  );
}

const COUNT = COMMON_PART_SLOTS + 3000;

describe('the lists of common query terms', () => {
  const index = shardIndex('q', 'exhibitor', exhibitors(COUNT));
  // A first build's slots: each entity's rank.
  const { slotOfRank } = rankSlots(index.ids);
  // A body version for each slot, as the build gives the chunks of ids.
  const bodyOfSlot = (slot: number) => slot.toString(36).padStart(4, '0');
  // Rendered as text (the form renderers give unless told otherwise).
  const documentsOf = (lists = index.lists, ids = index.ids) =>
    new Map(
      [
        ...renderCommonLists('q', 'exhibitor', lists, COUNT, slotOfRank).map((part) => withBodies(part, bodyOfSlot)),
        ...Object.values(renderIds('exhibitor', ids, bodyOfSlot)).flat(),
      ].map((document) => [document.path, String(document.content)]),
    );

  it('are made for the commonest terms, and are the same every time', () => {
    expect(index.common).toEqual(
      expect.arrayContaining(['c', 'co', 'ltd', 'l', 'maker', '公司', '有限', '公', 'tech', 'trading']),
    );
    const again = shardIndex('q', 'exhibitor', exhibitors(COUNT));
    expect(renderTermShards('q', 'exhibitor', again, slotOfRank, COUNT).documents).toEqual(
      renderTermShards('q', 'exhibitor', index, slotOfRank, COUNT).documents,
    );
  });

  it('read back into the sets they were made from, a part for each range of ranks, and the ids by rank', () => {
    const documents = documentsOf();
    expect(commonParts(COUNT)).toBe(2);
    // Every fifth list (the dense ones are bitsets of 131,072 ranks a part, slow to compare whole).
    for (const list of index.lists.filter((_, i) => i % 5 === 0)) {
      const parts = [0, 1].map((part) =>
        parseCommonPart(
          'part',
          documents.get(commonPartPath('exhibitor', list.term, part))!,
          'exhibitor',
          list.term,
          part,
        ),
      );
      expect(parts.map((part) => part.first)).toEqual([list.first, list.first]);
      expect(Int32Array.from(parts.flatMap((part) => [...part.slots]))).toEqual(list.ranks);
      // A sparse list names its members and their bodies (slots are ranks here).
      const ids = parts.flatMap((part) => part.ids ?? []);
      expect(ids).toEqual(list.ids ?? []);
      expect(parts.map((part) => part.bodies ?? '').join('')).toBe(
        Array.from(list.ids ? list.ranks : [], bodyOfSlot).join(''),
      );
    }
    expect(index.lists.some((list, i) => i % 5 === 0 && list.ids !== undefined)).toBe(true);
    expect(parseIds('ids', documents.get(idChunkPath('exhibitor', 3))!, ID_CHUNK_SLOTS)).toEqual({
      ids: index.ids.slice(48, 64),
      bodies: Array.from({ length: 16 }, (_, i) => bodyOfSlot(48 + i)).join(''),
    });
    expect(parseIds('ids', documents.get(idBlockPath('exhibitor', 2))!, ID_BLOCK_SLOTS).ids).toEqual(
      index.ids.slice(2048, 3072),
    );
    // The last chunk and block hold the ranks left.
    const [lastChunk, lastBlock] = [Math.floor((COUNT - 1) / ID_CHUNK_SLOTS), Math.floor((COUNT - 1) / ID_BLOCK_SLOTS)];
    expect(parseIds('ids', documents.get(idChunkPath('exhibitor', lastChunk))!, ID_CHUNK_SLOTS).ids).toEqual(
      index.ids.slice(lastChunk * ID_CHUNK_SLOTS),
    );
    expect(parseIds('ids', documents.get(idBlockPath('exhibitor', lastBlock))!, ID_BLOCK_SLOTS).ids).toEqual(
      index.ids.slice(lastBlock * ID_BLOCK_SLOTS),
    );
    expect(() => parseIds('ids', documents.get(idBlockPath('exhibitor', 2))!, ID_CHUNK_SLOTS)).toThrow(
      'ids has a malformed ids; rebuild the site',
    );
    const chunk = JSON.parse(documents.get(idChunkPath('exhibitor', 3))!) as { bodies: string };
    const shortBodies = JSON.stringify({ ...chunk, bodies: chunk.bodies.slice(1) });
    expect(() => parseIds('ids', shortBodies, ID_CHUNK_SLOTS)).toThrow('ids has a malformed bodies; rebuild the site');
    expect(() => parseIds('ids', '{"version":5,"ids":[]}', ID_CHUNK_SLOTS)).toThrow(
      'ids is not a document of ids of version',
    );
  });

  it('write a dense part as a bitset and a sparse one as gaps, each a few bits an entity', () => {
    const documents = documentsOf();
    const members = (term: string) =>
      (JSON.parse(documents.get(commonPartPath('exhibitor', term, 0))!) as { members: string }).members;
    // `ltd` is in every name: a bitset of 0xff bytes.
    expect(members('l').startsWith('~')).toBe(true);
    expect(members('l').length).toBeLessThan(COMMON_PART_SLOTS / 6 + 8);
    const sparse = index.lists.reduce((fewest, list) => (list.ranks.length < fewest.ranks.length ? list : fewest));
    expect(sparse.ranks.length).toBeLessThan(COUNT / 20);
    expect(members(sparse.term).startsWith('~')).toBe(false);
  });

  it('refuse a part whose members are not a set of its ranks', () => {
    const documents = documentsOf();
    const path = commonPartPath('exhibitor', 'l', 1);
    const file = JSON.parse(documents.get(path)!) as Record<string, unknown>;
    const parse = (change: Record<string, unknown>) =>
      parseCommonPart(path, JSON.stringify({ ...file, ...change }), 'exhibitor', 'l', 1);
    expect(parse({}).slots[0]).toBe(COMMON_PART_SLOTS);
    expect(() => parse({ members: 'é' })).toThrow(`${path} has a malformed members; rebuild the site`);
    expect(() => parse({ members: '0,' + COMMON_PART_SLOTS.toString(36) })).toThrow('malformed members');
    expect(() => parse({ members: 3 })).toThrow('malformed members');
    expect(() => parse({ own: '~!' })).toThrow('malformed own');
    expect(() => parse({ first: null })).toThrow('malformed first');
    expect(() => parse({ part: 0 })).toThrow('malformed part');
  });

  it('rewrite one part of each list holding a renamed entity, and nothing else of the lists', () => {
    const render = (entities: Entity[]) => {
      const sharded = shardIndex('q', 'exhibitor', entities);
      return documentsOf(sharded.lists, sharded.ids);
    };
    const [before, after] = [render(exhibitors(COUNT)), render(exhibitors(COUNT, COMMON_PART_SLOTS + 7))];
    const changed = [...after].filter(([path, content]) => before.get(path) !== content).map(([path]) => path);
    // Each changed document is the second part of its list, the renamed entity's, or a part of a list it makes.
    expect(changed.length).toBeGreaterThan(0);
    const made = changed.filter((path) => !before.has(path));
    expect(changed.filter((path) => !made.includes(path)).every((path) => path.endsWith('/1.json'))).toBe(true);
    expect(changed.length).toBeLessThan(after.size / 20);
  });
});
