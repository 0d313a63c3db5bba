/**
 * Common query terms listed ahead (common-terms.ts, formats/common-lists.ts): the build's
 * lists are the same every time, read back into the very lists they were made from, and a
 * change to one entity rewrites one part of each list holding it, not the lists.
 */
import { describe, expect, it } from 'vitest';
import { COMMON_PART_RANKS, parseCommonHead, parseCommonPart, parseIdChunk, renderCommonLists } from '../../src/query/formats/common-lists.js';
import { commonPartPath, commonTermPath, idChunkPath } from '../../src/query/formats/paths.js';
import { renderTermShards } from '../../src/query/formats/search-index.js';
import type { Entity } from '../../src/query/semantics/entity.js';
import { shardIndex } from '../../src/query/semantics/term-shards.js';

// Exhibitors whose names hold the commonest terms, over three parts of ranks; the one at `renamed` (if any) renamed.
function exhibitors(count: number, renamed = -1): Entity[] {
  return Array.from(
    { length: count },
    (_, i) =>
      ({
        id: `EX-${i}`,
        company_cn: `上海${i % 97}号${i % 3 === 0 ? '科技' : ''}有限公司`,
        company_en: `${i === renamed ? 'Renamed ' : ''}Maker ${i % 50} ${i % 2 ? 'Trading' : 'Tech'} Co Ltd`,
      }) as unknown as Entity,
  );
}

const COUNT = 2 * COMMON_PART_RANKS + 5000;

describe('the lists of common query terms', () => {
  const index = shardIndex('exhibitor', exhibitors(COUNT));

  it('are made for the commonest terms, and are the same every time', () => {
    expect(index.common).toEqual(expect.arrayContaining(['c', 'co', 'ltd', 'l', 'maker', '公司', '有限', '公', 'tech', 'trading']));
    expect(renderTermShards('exhibitor', shardIndex('exhibitor', exhibitors(COUNT))).documents).toEqual(renderTermShards('exhibitor', index).documents);
  });

  it('read back into the lists they were made from, and the ids by rank', () => {
    const documents = new Map(renderCommonLists('exhibitor', index.lists, index.ids).map((document) => [document.path, document.content]));
    for (const list of index.lists) {
      const head = parseCommonHead('head', documents.get(commonTermPath('exhibitor', list.term))!, 'exhibitor', list.term);
      expect(head.list).toEqual({ term: list.term, reached: list.reached, classes: list.classes });
      const parts = head.parts.map((part) =>
        parseCommonPart('part', documents.get(commonPartPath('exhibitor', list.term, part))!, 'exhibitor', list.term, part, head.width, list.classes.length),
      );
      expect(Int32Array.from(parts.flatMap((part) => [...part.ranks]))).toEqual(list.ranks);
      expect(Uint16Array.from(parts.flatMap((part) => [...part.classOf]))).toEqual(list.classOf);
    }
    expect(parseIdChunk('ids', documents.get(idChunkPath('exhibitor', 3))!, 'exhibitor', 3).ids).toEqual(index.ids.slice(48, 64));
  });

  it('refuse a part whose classes are not those of its head, at one character and at two', () => {
    const documents = new Map(renderCommonLists('exhibitor', index.lists, index.ids).map((document) => [document.path, document.content]));
    const list = index.lists.find((candidate) => candidate.classes.length > 1 && candidate.classes.length < 61)!;
    const head = parseCommonHead('head', documents.get(commonTermPath('exhibitor', list.term))!, 'exhibitor', list.term);
    const path = commonPartPath('exhibitor', list.term, head.parts[0]!);
    const file = JSON.parse(documents.get(path)!) as { classes: string };
    const parse = (classes: string, width = head.width) =>
      parseCommonPart(path, JSON.stringify({ ...file, classes }), 'exhibitor', list.term, head.parts[0]!, width, list.classes.length).classOf;
    expect(head.width).toBe(1);
    const digits = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    expect(
      parse(
        file.classes.replace(/./g, (digit) => `0${digit}`),
        2,
      ),
    ).toEqual(parse(file.classes));
    for (const wrong of ['!', 'é', '公', digits[list.classes.length]!])
      expect(() => parse(wrong + file.classes.slice(1)), wrong).toThrow(`${path} has a malformed classes; rebuild the site`);
    expect(() => parse(file.classes.slice(1))).toThrow(`${path} has a malformed entities; rebuild the site`);
  });

  it('rewrite one part of each list holding a renamed entity, and the heads whose counts change', () => {
    const render = (entities: Entity[]) => {
      const sharded = shardIndex('exhibitor', entities);
      return new Map(renderCommonLists('exhibitor', sharded.lists, sharded.ids).map((document) => [document.path, document.content]));
    };
    const [before, after] = [render(exhibitors(COUNT)), render(exhibitors(COUNT, COMMON_PART_RANKS + 7))];
    const changed = [...after].filter(([path, content]) => before.get(path) !== content).map(([path]) => path);
    const partsChanged = changed.filter((path) => /\/common\/.+\/\d+\.json$/.test(path));
    // Each changed part is the middle part of its list, the renamed entity's.
    expect(partsChanged.length).toBeGreaterThan(0);
    expect(partsChanged.every((path) => path.endsWith('/1.json'))).toBe(true);
    // Besides, only heads: those of lists whose counts or classes change (the terms `renamed` adds and takes from).
    const headsChanged = changed.filter((path) => !partsChanged.includes(path));
    const allDocuments = after.size;
    expect(changed.length).toBeLessThan(allDocuments / 4);
    expect(headsChanged.every((path) => /\/common\/[^/]+\.json$/.test(path))).toBe(true);
  });
});
