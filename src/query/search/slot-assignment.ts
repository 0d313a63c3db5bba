/**
 * Giving a kind's entities their slots in the search index (slot-order.ts): the build keeps
 * the slots the previous build gave, and `verify` checks a site's slots name its entities.
 */
import { type EntitiesByKind, KINDS, type Kind } from '../semantics/index.js';
import { ascends } from './ranks-codec.js';
import { mostExceptions, SlotOrder } from './slot-order.js';

/** A kind's slots: the id of each (`""` for a hole), and the order that turns them into ranks. */
export interface SlotAssignment {
  idsBySlot: string[];
  order: SlotOrder;
  /** The slot of each rank. */
  slotOfRank: Int32Array;
}

/**
 * The slots of entities of ids `idsByRank` (in the default order): those of `previous` (the
 * previous build's ids by slot), arrivals after them in rank order, departures left as holes.
 * A first build, one whose previous slots name an id twice (a damaged site), or one whose
 * exceptions would pass {@link mostExceptions}, gives each entity its rank as its slot.
 */
export function assignSlots(previous: readonly string[] | undefined, idsByRank: readonly string[]): SlotAssignment {
  if (previous === undefined || twoSlots(previous) !== undefined) return rankSlots(idsByRank);
  const rankOfId = new Map<string, number>();
  idsByRank.forEach((id, rank) => rankOfId.set(id, rank));
  const idsBySlot = previous.map((id) => (rankOfId.has(id) ? id : ''));
  const slotOfRank = new Int32Array(idsByRank.length).fill(-1);
  idsBySlot.forEach((id, slot) => {
    if (id !== '') slotOfRank[rankOfId.get(id)!] = slot;
  });
  for (let rank = 0; rank < idsByRank.length; rank++) {
    if (slotOfRank[rank] !== -1) continue;
    slotOfRank[rank] = idsBySlot.length;
    idsBySlot.push(idsByRank[rank]!);
  }
  const order = orderOfSlots(idsBySlot, slotOfRank);
  if (order.holes.length + order.placedSlots.length > mostExceptions(idsByRank.length)) return rankSlots(idsByRank);
  return { idsBySlot, order, slotOfRank };
}

/**
 * The slots of the entities of each kind of `dataset`, keeping those `previous` gives (the
 * previous build's ids by slot of each kind, {@link assignSlots}); without it, a first build's.
 */
export function datasetSlots(
  dataset: { readonly entities: EntitiesByKind },
  previous: Partial<Record<Kind, readonly string[]>> = {},
): Record<Kind, SlotAssignment> {
  return Object.fromEntries(
    KINDS.map((kind) => [
      kind,
      assignSlots(
        previous[kind],
        dataset.entities[kind].map((entity) => entity.id),
      ),
    ]),
  ) as Record<Kind, SlotAssignment>;
}

/**
 * The slots of ascending `ranks`, ascending, as the documents list them; where they do not ascend
 * as the ranks do, `listed` is the position in `ranks` of each, in slot order (to move what goes
 * with each entity along). The ranks whose slots keep rank order (all but the few a build
 * placed, slot-order.ts) are listed in order already: only the others are sorted, and merged
 * in, in time linear in the ranks.
 */
export function slotsOfRanks(
  ranks: ArrayLike<number>,
  slotOfRank: Int32Array,
): { slots: Int32Array; listed?: Int32Array } {
  const slots = new Int32Array(ranks.length);
  for (let i = 0; i < ranks.length; i++) slots[i] = slotOfRank[ranks[i]!]!;
  if (ascends(slots)) return { slots };
  const inOrder = ranksInOrder(slotOfRank);
  const others: number[] = [];
  for (let i = 0; i < ranks.length; i++) if (inOrder[ranks[i]!] === 0) others.push(i);
  others.sort((a, b) => slots[a]! - slots[b]!);
  const listed = new Int32Array(ranks.length);
  let [next, at] = [0, 0];
  for (let i = 0; i < ranks.length; i++) {
    if (inOrder[ranks[i]!] === 0) continue;
    while (next < others.length && slots[others[next]!]! < slots[i]!) listed[at++] = others[next++]!;
    listed[at++] = i;
  }
  while (next < others.length) listed[at++] = others[next++]!;
  return { slots: Int32Array.from(listed, (i) => slots[i]!), listed };
}

// Whether each rank's slot is on a longest run of slots in rank order, by slots of ranks: made once for each.
const inOrderOf = new WeakMap<Int32Array, Uint8Array>();

function ranksInOrder(slotOfRank: Int32Array): Uint8Array {
  let marks = inOrderOf.get(slotOfRank);
  if (marks === undefined) inOrderOf.set(slotOfRank, (marks = longestIncreasing(slotOfRank)));
  return marks;
}

/** Each entity's rank as its slot: a first build's slots. */
export function rankSlots(idsByRank: readonly string[]): SlotAssignment {
  return {
    idsBySlot: [...idsByRank],
    order: SlotOrder.identity(idsByRank.length),
    slotOfRank: Int32Array.from(idsByRank.keys()),
  };
}

/**
 * The slots a site's ids by slot give entities of ids `idsByRank`; a message saying what is
 * wrong when they do not name each entity once and nothing else.
 */
export function siteSlots(idsBySlot: readonly string[], idsByRank: readonly string[]): SlotAssignment | string {
  const twice = twoSlots(idsBySlot);
  if (twice !== undefined) return twice;
  const rankOfId = new Map<string, number>();
  idsByRank.forEach((id, rank) => rankOfId.set(id, rank));
  const slotOfRank = new Int32Array(idsByRank.length).fill(-1);
  for (let slot = 0; slot < idsBySlot.length; slot++) {
    const id = idsBySlot[slot]!;
    if (id === '') continue;
    const rank = rankOfId.get(id);
    if (rank === undefined) return `slot ${slot} names ${JSON.stringify(id)}, which is not an entity of the site`;
    slotOfRank[rank] = slot;
  }
  const missing = slotOfRank.indexOf(-1);
  if (missing !== -1) return `${JSON.stringify(idsByRank[missing])} has no slot`;
  return { idsBySlot: [...idsBySlot], order: orderOfSlots(idsBySlot, slotOfRank), slotOfRank };
}

// What is wrong when ids by slot name an id twice.
function twoSlots(idsBySlot: readonly string[]): string | undefined {
  const slotOfId = new Map<string, number>();
  for (let slot = 0; slot < idsBySlot.length; slot++) {
    const id = idsBySlot[slot]!;
    if (id === '') continue;
    const before = slotOfId.get(id);
    if (before !== undefined) return `${JSON.stringify(id)} has two slots, ${before} and ${slot}`;
    slotOfId.set(id, slot);
  }
  return undefined;
}

// The order of slots given by rank (`slotOfRank`): the holes, and as placed the fewest slots
// whose removal leaves the others in rank order, those off a longest increasing run of slots
// by rank (patience sorting).
function orderOfSlots(idsBySlot: readonly string[], slotOfRank: Int32Array): SlotOrder {
  const holes: number[] = [];
  idsBySlot.forEach((id, slot) => {
    if (id === '') holes.push(slot);
  });
  const kept = longestIncreasing(slotOfRank);
  const placed: [slot: number, rank: number][] = [];
  slotOfRank.forEach((slot, rank) => {
    if (!kept[rank]) placed.push([slot, rank]);
  });
  placed.sort(([a], [b]) => a - b);
  return new SlotOrder(
    idsBySlot.length,
    Int32Array.from(holes),
    Int32Array.from(placed, ([slot]) => slot),
    Int32Array.from(placed, ([, rank]) => rank),
  );
}

// Marks the positions of a longest increasing subsequence of distinct `values`.
function longestIncreasing(values: Int32Array): Uint8Array {
  const marks = new Uint8Array(values.length);
  if (ascends(values)) return marks.fill(1);
  // tails[k]: position of the least last value of an increasing run of length k + 1; before[i]: the position before i in its run.
  const tails: number[] = [];
  const before = new Int32Array(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) {
    let [low, high] = [0, tails.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < values[i]!) low = middle + 1;
      else high = middle;
    }
    if (low > 0) before[i] = tails[low - 1]!;
    tails[low] = i;
  }
  for (let i = tails[tails.length - 1]!; i !== -1; i = before[i]!) marks[i] = 1;
  return marks;
}
