/**
 * slotsOfRanks lists a set of ranks by slot, with where each came from: held here to a plain
 * sort of the same ranks by slot, for slots a build keeps after arrivals, departures and moves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datasetSlots, rankSlots } from '../../../src/query/search/index.js';
import { slotsOfRanks } from '../../../src/query/search/slot-assignment.js';

// The slots of `ids` after a first build of `first`, as the next build keeps them.
function keptSlots(first: string[], ids: string[]): Int32Array {
  const previous = { exhibitor: rankSlots(first).idsBySlot };
  const entities = { exhibition: [], exhibitor: ids.map((id) => ({ id })), service_provider: [] };
  return datasetSlots({ entities }, previous).exhibitor.slotOfRank;
}

describe('the slots of ranks', () => {
  it('are the ranks sorted by slot, each with its position, after any arrivals, departures and moves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.boolean(), { minLength: 500, maxLength: 500 }),
        (count, moves, departures, arrivals, chosen) => {
          const first = Array.from({ length: count }, (_, i) => `E${i}`);
          const ids = [...first];
          for (const [from, to] of moves) ids.splice(to % ids.length, 0, ...ids.splice(from % ids.length, 1));
          for (const at of departures) if (ids.length > 1) ids.splice(at % ids.length, 1);
          for (let i = 0; i < arrivals; i++) ids.splice((i * 7) % (ids.length + 1), 0, `NEW${i}`);
          const slotOfRank = keptSlots(first, ids);
          const ranks = ids.map((_, rank) => rank).filter((rank) => chosen[rank % chosen.length]);
          const { slots, listed } = slotsOfRanks(ranks, slotOfRank);
          const expected = ranks.map((rank, i) => [slotOfRank[rank]!, i] as const).sort(([a], [b]) => a - b);
          expect([...slots]).toEqual(expected.map(([slot]) => slot));
          expect([...(listed ?? ranks.map((_, i) => i))]).toEqual(expected.map(([, i]) => i));
        },
      ),
      { numRuns: 300 },
    );
  });
});
