/**
 * How a kind's search index names its entities (docs/api.md#slots): by slot, a number an
 * entity keeps from build to build, so that an entity that arrives, leaves or changes place
 * in the default order rewrites only the index documents its own terms and values are in.
 * A first build gives each entity its rank as its slot. Later builds keep every slot, give
 * arriving entities the slots after the last, and leave a departed entity's slot a hole.
 *
 * The entry of the `q` index carries the order that turns slots back into ranks: the holes,
 * and the few slots "placed" out of rank order (an arrival, an entity that moved), each with
 * its rank. Every other slot keeps its rank order, so its rank is counted from them. Those
 * exceptions stay few: past {@link mostExceptions} the build gives every entity its rank
 * again (slot-assignment.ts), which is the index a first build makes.
 */
import { ascends, decodeRankArray, encodeRanks } from './ranks-codec.js';

/** The slot order as the `q` entry writes it, members in order. */
export interface SlotOrderFile {
  /** Slots in all: entities and holes. */
  count: number;
  /** The holes, ascending, ranks codec. */
  holes: string;
  /** The placed slots, ascending, ranks codec. */
  placed: string;
  /** The rank of each placed slot, in the same order, base 36, comma-separated. */
  placed_ranks: string;
}

/**
 * Exceptions (holes and placed slots) a kind of `count` entities keeps before its slots are
 * given again by rank: one in 256 (976 on the L set's 250,000 exhibitors: 6.3 kB of the entry
 * every query reads, 3.4 kB gzipped, for 244 holes and 730 placed slots at random), and at least 64.
 */
export function mostExceptions(count: number): number {
  return Math.max(64, Math.floor(count / 256));
}

/** A kind's slots and ranks, each to the other. */
export class SlotOrder {
  /** Entities: the slots that are not holes. */
  readonly count: number;
  // Holes and placed slots together, ascending: the slots whose rank is not counted.
  private readonly excepted: Int32Array;
  // Placed ranks ascending, and the slot of each.
  private readonly placedRanks: Int32Array;
  private readonly slotOfPlaced: Int32Array;
  private readonly rankOfPlaced = new Map<number, number>();
  private readonly holeSet: ReadonlySet<number>;

  /**
   * The order of `slots` slots of which `holes` are holes and `placedSlots` (ascending) have
   * the ranks `ranksOfPlaced`; throws a RangeError when these do not make an order.
   */
  constructor(
    readonly slots: number,
    readonly holes: Int32Array,
    readonly placedSlots: Int32Array,
    readonly ranksOfPlaced: Int32Array,
  ) {
    this.count = slots - holes.length;
    this.holeSet = new Set(holes);
    if (placedSlots.length !== ranksOfPlaced.length) throw new RangeError('placed slots and ranks differ in number');
    placedSlots.forEach((slot, i) => this.rankOfPlaced.set(slot, ranksOfPlaced[i]!));
    this.excepted = Int32Array.from([...holes, ...placedSlots]).sort();
    const byRank = [...placedSlots.keys()].sort((a, b) => ranksOfPlaced[a]! - ranksOfPlaced[b]!);
    this.placedRanks = Int32Array.from(byRank, (i) => ranksOfPlaced[i]!);
    this.slotOfPlaced = Int32Array.from(byRank, (i) => placedSlots[i]!);
    if (
      !ascends(this.excepted) ||
      !ascends(this.placedRanks) ||
      (this.excepted.length > 0 && (this.excepted[0]! < 0 || this.excepted[this.excepted.length - 1]! >= slots)) ||
      (this.placedRanks.length > 0 &&
        (this.placedRanks[0]! < 0 || this.placedRanks[this.placedRanks.length - 1]! >= this.count))
    )
      throw new RangeError('not an order of slots');
  }

  /** The order of a first build: each slot is its rank. */
  static identity(count: number): SlotOrder {
    const none = new Int32Array(0);
    return new SlotOrder(count, none, none, none);
  }

  /** Whether every slot is its rank. */
  get isIdentity(): boolean {
    return this.excepted.length === 0;
  }

  /** Whether any of `slots` is a hole, or past the last slot: slots no document may name. */
  namesNoEntity(slots: ArrayLike<number>): boolean {
    for (let i = 0; i < slots.length; i++) if (slots[i]! >= this.slots || slots[i]! < 0) return true;
    if (this.holes.length === 0) return false;
    for (let i = 0; i < slots.length; i++) if (this.holeSet.has(slots[i]!)) return true;
    return false;
  }

  /** The slot of the entity of `rank`. */
  slotOf(rank: number): number {
    const at = countBelow(this.placedRanks, rank);
    if (this.placedRanks[at] === rank) return this.slotOfPlaced[at]!;
    return kthAbsent(this.excepted, rank - at);
  }

  /**
   * The ranks of ascending slots of entities, ascending, in one walk of the slots and the
   * exceptions. Where a placed slot is among the slots their ranks do not ascend as they do:
   * then `order` is the positions of `slots` in the order of their ranks.
   */
  ranksOfSlots(slots: ArrayLike<number>): { ranks: Int32Array; order?: Int32Array } {
    const ranks = new Int32Array(slots.length);
    if (this.isIdentity) {
      for (let i = 0; i < slots.length; i++) ranks[i] = slots[i]!;
      return { ranks };
    }
    // One walk: the slots ascend, so the excepted slots below each, and the placed ranks below its rank, only grow.
    const { excepted, placedRanks } = this;
    let ascending = true;
    let [below, placedBelow] = [0, 0];
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      while (below < excepted.length && excepted[below]! < slot) below++;
      // A placed slot has its rank (a hole is in no document: namesNoEntity).
      if (excepted[below] === slot) ranks[i] = this.rankOfPlaced.get(slot)!;
      else {
        const k = slot - below;
        while (placedBelow < placedRanks.length && placedRanks[placedBelow]! - placedBelow <= k) placedBelow++;
        ranks[i] = k + placedBelow;
      }
      if (i > 0 && ranks[i]! < ranks[i - 1]!) ascending = false;
    }
    if (ascending) return { ranks };
    const order = Int32Array.from(ranks.keys()).sort((a, b) => ranks[a]! - ranks[b]!);
    return { ranks: Int32Array.from(order, (i) => ranks[i]!), order };
  }
}

// How many of ascending `values` are below `value`.
function countBelow(values: Int32Array, value: number): number {
  let [low, high] = [0, values.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

// The `k`th (from 0) number not among ascending, distinct, non-negative `values`: k plus the values at or below it.
// `values[i] - i` (the numbers missing below values[i]) never decreases, so the values below the answer are those
// where it is at most k.
function kthAbsent(values: Int32Array, k: number): number {
  let [low, high] = [0, values.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! - middle <= k) low = middle + 1;
    else high = middle;
  }
  return k + low;
}

/** The slot order as the `q` entry writes it. */
export function slotOrderFile(order: SlotOrder): SlotOrderFile {
  return {
    count: order.slots,
    holes: encodeRanks(order.holes),
    placed: encodeRanks(order.placedSlots),
    placed_ranks: Array.from(order.ranksOfPlaced, (rank) => rank.toString(36)).join(','),
  };
}

/** Parses what {@link slotOrderFile} wrote; throws on anything else. */
export function parseSlotOrder(file: Partial<SlotOrderFile> | undefined): SlotOrder {
  if (
    typeof file !== 'object' ||
    file === null ||
    !Number.isSafeInteger(file.count) ||
    typeof file.holes !== 'string' ||
    typeof file.placed !== 'string' ||
    typeof file.placed_ranks !== 'string'
  )
    throw new RangeError('not a slot order');
  const ranks = file.placed_ranks === '' ? [] : file.placed_ranks.split(',').map((rank) => parseInt(rank, 36));
  if (!ranks.every((rank) => Number.isSafeInteger(rank))) throw new RangeError('not a rank');
  return new SlotOrder(file.count!, decodeRankArray(file.holes), decodeRankArray(file.placed), Int32Array.from(ranks));
}
