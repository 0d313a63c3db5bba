/**
 * Common query terms listed ahead (common-terms.ts, formats/common-lists.ts): the build's
 * lists are the same every time, read back into the very lists they were made from, and a
 * change to one entity rewrites one part of each list holding it, not the lists.
 */
import { describe, expect, it } from 'vitest';
import {
  COMMON_PART_RANKS,
  ID_BLOCK_RANKS,
  ID_CHUNK_RANKS,
  parseCommonHead,
  parseCommonPart,
  parseIds,
  renderCommonLists,
  renderIds,
  commonPartPath,
  commonTermPath,
  idBlockPath,
  idChunkPath,
  renderTermShards,
} from '../../../src/query/formats/index.js';
import type { Entity } from '../../../src/query/semantics/entity.js';
import { shardIndex } from '../../../src/query/semantics/term-shards.js';

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
  const index = shardIndex('q', 'exhibitor', exhibitors(COUNT));

  it('are made for the commonest terms, and are the same every time', () => {
    expect(index.common).toEqual(
      expect.arrayContaining(['c', 'co', 'ltd', 'l', 'maker', '公司', '有限', '公', 'tech', 'trading']),
    );
    expect(renderTermShards('q', 'exhibitor', shardIndex('q', 'exhibitor', exhibitors(COUNT))).documents).toEqual(
      renderTermShards('q', 'exhibitor', index).documents,
    );
  });

  it('read back into the lists they were made from, and the ids by rank', () => {
    const documents = new Map(
      [...renderCommonLists('q', 'exhibitor', index.lists), ...renderIds('exhibitor', index.ids)].map((document) => [
        document.path,
        document.content,
      ]),
    );
    for (const list of index.lists) {
      const head = parseCommonHead(
        'head',
        documents.get(commonTermPath('exhibitor', list.term))!,
        'exhibitor',
        list.term,
      );
      expect(head.list).toEqual({ term: list.term, reached: list.reached, classes: list.classes });
      const parts = head.parts.map((part) =>
        parseCommonPart(
          'part',
          documents.get(commonPartPath('exhibitor', list.term, part))!,
          'exhibitor',
          list.term,
          part,
          head.width,
          list.classes.length,
        ),
      );
      expect(Int32Array.from(parts.flatMap((part) => [...part.ranks]))).toEqual(list.ranks);
      expect(Uint16Array.from(parts.flatMap((part) => [...part.classOf]))).toEqual(list.classOf);
    }
    expect(parseIds('ids', documents.get(idChunkPath('exhibitor', 3))!, ID_CHUNK_RANKS)).toEqual(
      index.ids.slice(48, 64),
    );
    expect(parseIds('ids', documents.get(idBlockPath('exhibitor', 2))!, ID_BLOCK_RANKS)).toEqual(
      index.ids.slice(2048, 3072),
    );
    // The last chunk and block hold the ranks left.
    const [lastChunk, lastBlock] = [Math.floor((COUNT - 1) / ID_CHUNK_RANKS), Math.floor((COUNT - 1) / ID_BLOCK_RANKS)];
    expect(parseIds('ids', documents.get(idChunkPath('exhibitor', lastChunk))!, ID_CHUNK_RANKS)).toEqual(
      index.ids.slice(lastChunk * ID_CHUNK_RANKS),
    );
    expect(parseIds('ids', documents.get(idBlockPath('exhibitor', lastBlock))!, ID_BLOCK_RANKS)).toEqual(
      index.ids.slice(lastBlock * ID_BLOCK_RANKS),
    );
    expect(() => parseIds('ids', documents.get(idBlockPath('exhibitor', 2))!, ID_CHUNK_RANKS)).toThrow(
      'ids has a malformed ids; rebuild the site',
    );
    expect(() => parseIds('ids', '{"version":5,"ids":[]}', ID_CHUNK_RANKS)).toThrow(
      'ids is not a document of ids of version',
    );
  });

  it('refuse a part whose matches are not those of its head, at one character a class and at two', () => {
    const documents = new Map(
      [...renderCommonLists('q', 'exhibitor', index.lists), ...renderIds('exhibitor', index.ids)].map((document) => [
        document.path,
        document.content,
      ]),
    );
    const list = index.lists.find((candidate) => candidate.classes.length > 1 && candidate.classes.length < 61)!;
    const head = parseCommonHead(
      'head',
      documents.get(commonTermPath('exhibitor', list.term))!,
      'exhibitor',
      list.term,
    );
    const path = commonPartPath('exhibitor', list.term, head.parts[0]!);
    const file = JSON.parse(documents.get(path)!) as { matches: string };
    const parse = (matches: string, width = head.width) =>
      parseCommonPart(
        path,
        JSON.stringify({ ...file, matches }),
        'exhibitor',
        list.term,
        head.parts[0]!,
        width,
        list.classes.length,
      );
    expect(head.width).toBe(1);
    const digits = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    // The same matches with each class written in two digits.
    expect(
      parse(
        file.matches.replace(/[0-9a-zA-Z]/g, (digit) => `0${digit}`),
        2,
      ),
    ).toEqual(parse(file.matches));
    const wrong = [
      ['a character that is no digit', 'é' + file.matches],
      ['a CJK character', '公' + file.matches],
      ['a class the head does not have', digits[list.classes.length]! + file.matches],
      ['a gap with no class after it', file.matches + '!'],
      ['no match at all', ''],
      ['a rank past the part', '~~~~0' + file.matches],
      [
        'a gap inside a class of two digits',
        file.matches.replace(/[0-9a-zA-Z]/g, (digit) => `0${digit}`).replace(/0/, '0#'),
        2,
      ],
    ] as const;
    for (const [what, matches, width] of wrong)
      expect(() => parse(matches, width), what).toThrow(`${path} has a malformed matches; rebuild the site`);
  });

  it('rewrite one part of each list holding a renamed entity, and the heads whose counts change', () => {
    const render = (entities: Entity[]) => {
      const sharded = shardIndex('q', 'exhibitor', entities);
      return new Map(
        [...renderCommonLists('q', 'exhibitor', sharded.lists), ...renderIds('exhibitor', sharded.ids)].map(
          (document) => [document.path, document.content],
        ),
      );
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
