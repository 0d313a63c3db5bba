/**
 * The membership codec of common term lists (docs/api.md#common-terms): any set of a part's
 * ranks comes back as it went, as gaps or as a bitset, whichever is shorter; anything else
 * is refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMembers, encodeMembers } from '../../../src/query/search/membership-codec.js';

describe('the membership codec', () => {
  it('holds any set of ranks of a part in either form, and refuses what is not one (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 999 }), { maxLength: 1000 }),
        fc.integer({ min: 0, max: 3 }),
        (offsets, part) => {
          const start = part * 1000;
          const ranks = Int32Array.from(offsets.map((offset) => start + offset)).sort();
          const text = encodeMembers(ranks, start, start + 1000);
          expect(decodeMembers(text, start, start + 1000)).toEqual(ranks);
        },
      ),
    );
    for (const wrong of ['é', '0,,1', '~%%', '~' + btoa('\xff'.repeat(200)), 'rs', '-1'])
      expect(decodeMembers(wrong, 0, 1000), wrong).toBeUndefined();
  });

  it('writes a dense set as a bitset and a sparse one as gaps', () => {
    const dense = Int32Array.from({ length: 900 }, (_, i) => 5000 + i + Math.floor(i / 9));
    const sparse = Int32Array.from({ length: 20 }, (_, i) => 5000 + 40 * i);
    expect(encodeMembers(dense, 5000, 6000).startsWith('~')).toBe(true);
    expect(encodeMembers(sparse, 5000, 6000)).toBe('0,' + Array(19).fill('13').join(','));
    expect(encodeMembers(new Int32Array(0), 5000, 6000)).toBe('');
    expect(decodeMembers('', 5000, 6000)).toEqual(new Int32Array(0));
  });
});
