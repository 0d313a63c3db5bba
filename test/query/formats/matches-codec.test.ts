/**
 * The matches codec (formats/matches-codec.ts): ranks and classes written as one string read
 * back exactly, over gaps of every size and classes of one to three digits.
 */
import { describe, expect, it } from 'vitest';
import { classWidth, decodeMatches, encodeMatches } from '../../../src/query/formats/matches-codec.js';

describe('the matches codec', () => {
  it('writes the example of its documentation', () => {
    expect(encodeMatches([0, 2, 3, 4], [0, 1, 10, 0], 1, 0)).toBe('0#1a0');
    expect(decodeMatches('0#1a0', 1, 0, 5, 11)).toEqual({
      ranks: Int32Array.from([0, 2, 3, 4]),
      classOf: Uint16Array.from([0, 1, 10, 0]),
    });
  });

  it('reads back every list it writes, from any first rank', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (const classCount of [1, 2, 62, 63, 3844, 3845, 65535]) {
      const width = classWidth(classCount);
      for (const density of [0.001, 0.1, 0.9, 1]) {
        const first = Math.floor(random() * 100_000);
        const ranks: number[] = [];
        for (let rank = first; rank < first + 20_000; rank++) if (random() < density) ranks.push(rank);
        const classOf = ranks.map(() => Math.floor(random() * classCount));
        const text = encodeMatches(ranks, classOf, width, first);
        expect(
          decodeMatches(text, width, first, first + 20_000, classCount),
          `${classCount} classes, density ${density}`,
        ).toEqual({
          ranks: Int32Array.from(ranks),
          classOf: Uint16Array.from(classOf),
        });
      }
    }
  });

  it('writes a class in as few digits as the list needs', () => {
    expect([1, 62, 63, 3844, 3845].map(classWidth)).toEqual([1, 1, 2, 2, 3]);
  });

  it('refuses a rank at or past the end it is given, even one past any integer', () => {
    expect(decodeMatches('#0', 1, 10, 12, 1)).toEqual({ ranks: Int32Array.from([11]), classOf: Uint16Array.from([0]) });
    expect(decodeMatches('$0', 1, 10, 12, 1)).toBeUndefined();
    expect(decodeMatches(`${'~'.repeat(400)}0`, 1, 0, 2 ** 31, 1)).toBeUndefined();
  });
});
