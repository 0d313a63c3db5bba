/**
 * Slots (slot-order.ts, slot-assignment.ts): an entity keeps its slot from build to build,
 * arrivals take new slots, departures leave holes, the order turns every slot into its rank
 * and back, and past the exceptions a kind keeps its slots are given by rank again.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assignSlots, rankSlots, siteSlots, type SlotAssignment } from '../../../src/query/search/slot-assignment.js';
import { mostExceptions, parseSlotOrder, slotOrderFile, SlotOrder } from '../../../src/query/search/slot-order.js';

const ids = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `E${from + i}`);

// Every rank's slot names its id, every slot of an entity turns back into its rank, and the order survives its file.
function expectConsistent(assignment: SlotAssignment, idsByRank: readonly string[]): void {
  const { order, idsBySlot, slotOfRank } = assignment;
  expect(order.count).toBe(idsByRank.length);
  expect(order.slots).toBe(idsBySlot.length);
  idsByRank.forEach((id, rank) => {
    expect(idsBySlot[slotOfRank[rank]!]).toBe(id);
    expect(order.slotOf(rank)).toBe(slotOfRank[rank]);
    expect(order.ranksOfSlots([slotOfRank[rank]!]).ranks[0]).toBe(rank);
  });
  const again = parseSlotOrder(JSON.parse(JSON.stringify(slotOrderFile(order))));
  expect(idsByRank.map((_, rank) => again.slotOf(rank))).toEqual([...slotOfRank]);
  // Ascending slots of entities come back as their ranks, with the order that sorts them.
  const slots = [...slotOfRank].sort((a, b) => a - b);
  const { ranks, order: sorted } = order.ranksOfSlots(slots);
  expect([...ranks]).toEqual(idsByRank.map((_, rank) => rank));
  if (sorted) expect(Array.from(sorted, (i) => order.ranksOfSlots([slots[i]!]).ranks[0])).toEqual([...ranks]);
}

describe('slots', () => {
  it('are the ranks in a first build', () => {
    const first = assignSlots(undefined, ids(10));
    expect(first.order.isIdentity).toBe(true);
    expect([...first.slotOfRank]).toEqual([...Array(10).keys()]);
    expectConsistent(first, ids(10));
  });

  it('stay with their entities when one arrives, one leaves and one moves', () => {
    const before = ids(10);
    // E3 leaves, E10 arrives at rank 2, E7 moves to the top.
    const after = ['E7', 'E0', 'E10', 'E1', 'E2', 'E4', 'E5', 'E6', 'E8', 'E9'];
    const next = assignSlots(before, after);
    expect(next.idsBySlot).toEqual(['E0', 'E1', 'E2', '', 'E4', 'E5', 'E6', 'E7', 'E8', 'E9', 'E10']);
    expect([...next.order.holes]).toEqual([3]);
    // The fewest placed: E7 and E10, whose slots are out of rank order.
    expect([...next.order.placedSlots]).toEqual([7, 10]);
    expect([...next.order.ranksOfPlaced]).toEqual([0, 2]);
    expect(next.order.namesNoEntity([3])).toBe(true);
    expect(next.order.namesNoEntity([11])).toBe(true);
    expect(next.order.namesNoEntity([0, 10])).toBe(false);
    expectConsistent(next, after);
  });

  it('turn into ranks and back after any run of changes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(40), fc.nat(40), fc.boolean()), { maxLength: 30 }),
        fc.integer({ min: 0, max: 60 }),
        (changes, start) => {
          let previous: string[] | undefined;
          let current = ids(start);
          let arrivals = 1000;
          for (const [at, to, arrives] of changes) {
            const next = [...current];
            if (arrives) next.splice(Math.min(at, next.length), 0, `E${arrivals++}`);
            else if (next.length > 0) {
              const [moved] = next.splice(at % next.length, 1);
              if (to % 3 !== 0) next.splice(Math.min(to, next.length), 0, moved!);
            }
            const assignment = assignSlots(previous, next);
            expectConsistent(assignment, next);
            previous = assignment.idsBySlot;
            current = next;
          }
        },
      ),
    );
  });

  it('are given by rank again past the exceptions a kind keeps', () => {
    const before = ids(1000);
    const limit = mostExceptions(1000);
    // The last `limit` entities move to the top: that many placed is kept, one more is not.
    const moved = (count: number) => [...before.slice(1000 - count), ...before.slice(0, 1000 - count)];
    const kept = assignSlots(before, moved(limit));
    expect(kept.order.placedSlots.length).toBe(limit);
    expectConsistent(kept, moved(limit));
    const again = assignSlots(before, moved(limit + 1));
    expect(again).toEqual(rankSlots(moved(limit + 1)));
    // Holes count too.
    expect(assignSlots(before, before.slice(limit + 1)).order.isIdentity).toBe(true);
    expect(assignSlots(before, before.slice(limit)).order.holes.length).toBe(limit);
  });

  it('of a site are refused when they do not name each entity once', () => {
    expect(siteSlots(['E0', '', 'E1'], ['E1', 'E0'])).toMatchObject({ idsBySlot: ['E0', '', 'E1'] });
    expect(siteSlots(['E0', 'E9'], ['E0'])).toBe('slot 1 names "E9", which is not an entity of the site');
    expect(siteSlots(['E0', 'E0'], ['E0'])).toBe('"E0" has two slots, 0 and 1');
    expect(siteSlots(['E0'], ['E0', 'E1'])).toBe('"E1" has no slot');
  });

  it('are refused as an order when the entry says what no order can be', () => {
    const parse = (file: object) => () => parseSlotOrder(file);
    expect(parse({ count: 3, holes: '1', placed: '', placed_ranks: '' })).not.toThrow();
    expect(parse({ count: 3, holes: '0', placed: '0', placed_ranks: '0' })).toThrow('not an order of slots');
    expect(parse({ count: 3, holes: '3', placed: '', placed_ranks: '' })).toThrow('not an order of slots');
    expect(parse({ count: 3, holes: '', placed: '0', placed_ranks: '3' })).toThrow('not an order of slots');
    expect(parse({ count: 3, holes: '', placed: '0', placed_ranks: '' })).toThrow('placed slots and ranks differ');
    expect(parse({ count: 3, holes: '', placed: '0', placed_ranks: 'é' })).toThrow('not a rank');
    expect(parse({ count: '3', holes: '', placed: '', placed_ranks: '' })).toThrow('not a slot order');
    expect(SlotOrder.identity(0).isIdentity).toBe(true);
  });
});
