/**
 * A filter's value shards (docs/api.md#search-index): each value's entities come back as the
 * ranks that went in, through slots with holes and placed entities, whether the value is
 * written as gaps (few entities) or as a bitset (most of them); a value naming a hole or a
 * slot past the last is refused.
 */
import { describe, expect, it } from 'vitest';
import { parseValueShard, valueShardFile } from '../../../src/query/search/value-shards.js';
import { assignSlots } from '../../../src/query/search/slot-assignment.js';

const ids = (count: number) => Array.from({ length: count }, (_, i) => `E${i}`);
const PATH = 'api/public/search/exhibitor/country/china.json';

describe('value shards', () => {
  // 600 entities; E5 leaves, E600 arrives at rank 3, E400 moves to the top: holes and placed slots.
  const before = ids(600);
  const after = [
    'E400',
    ...before.slice(0, 3),
    'E600',
    ...before.slice(3).filter((id) => id !== 'E5' && id !== 'E400'),
  ];
  const { order, slotOfRank } = assignSlots(before, after);
  const dense = after.map((_, rank) => rank).filter((rank) => rank % 7 !== 3);
  const sparse = [0, 3, 250, after.length - 1];

  it('give back each value’s ranks, written as a bitset when most entities hold it and as gaps when few do', () => {
    const file = valueShardFile(
      'exhibitor',
      'country',
      {
        start: 'china',
        values: [
          ['china', dense],
          ['iceland', sparse],
          ['nowhere', []],
        ],
      },
      slotOfRank,
    );
    expect(file.values.china!.startsWith('~')).toBe(true);
    expect(file.values.iceland!.startsWith('~')).toBe(false);
    const { values } = parseValueShard(PATH, JSON.stringify(file), 'exhibitor', 'country', 'china', order);
    expect(values.get('china')).toEqual(dense);
    expect(values.get('iceland')).toEqual(sparse);
    expect(values.get('nowhere')).toEqual([]);
  });

  it('refuse a value naming a hole or a slot past the last, naming the document', () => {
    const hole = order.holes[0]!;
    for (const slots of [`~${btoa(String.fromCharCode(...bitsOf([hole])))}`, `${hole}`, `${order.slots}`]) {
      const text = JSON.stringify({
        format: 'dataset-site-search-values',
        version: valueShardFile('exhibitor', 'country', { start: 'china', values: [] }, slotOfRank).version,
        kind: 'exhibitor',
        filter: 'country',
        start: 'china',
        values: { china: slots },
        generated_at: '',
      });
      expect(() => parseValueShard(PATH, text, 'exhibitor', 'country', 'china', order), slots).toThrow(PATH);
    }
  });
});

// The bytes of a bitset holding `slots`, lowest slot first in each byte.
function bitsOf(slots: readonly number[]): number[] {
  const bytes = Array<number>(Math.floor(Math.max(...slots) / 8) + 1).fill(0);
  for (const slot of slots) bytes[slot >> 3]! |= 1 << (slot & 7);
  return bytes;
}
