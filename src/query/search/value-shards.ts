/**
 * The filters' value shards of a kind's search index as documents (docs/api.md#search-index):
 * each a run of a filter's (or the relation filter's) values with the slots holding each.
 */
import { type FilterShard } from './filter-shards.js';
import { type Kind, type ValueParameter } from '../semantics/index.js';
import { decodeMembers, encodeMembers } from './membership-codec.js';
import { type SlotOrder } from './slot-order.js';
import { slotsOfRanks } from './slot-assignment.js';
import { malformed, parseVersioned, SEARCH_INDEX_FORMAT, SEARCH_INDEX_VERSION } from './search-format.js';

const VALUES_FORMAT = `${SEARCH_INDEX_FORMAT}-values`;

/** A shard of a filter's postings. */
export interface ValueShardFile {
  format: typeof VALUES_FORMAT;
  version: typeof SEARCH_INDEX_VERSION;
  kind: Kind;
  /** A filter, or the kind's relation filter (`exhibition` for exhibitors, `exhibitor` for exhibitions). */
  filter: ValueParameter;
  start: string;
  /** Normalized value (a relation's: the related entity's id as it is) → slots holding it, as a common list's members are (membership-codec.ts). */
  values: Record<string, string>;
  generated_at: string;
}

export function valueShardFile(
  kind: Kind,
  filter: ValueParameter,
  shard: FilterShard,
  slotOfRank: Int32Array,
): ValueShardFile {
  return {
    format: VALUES_FORMAT,
    version: SEARCH_INDEX_VERSION,
    kind,
    filter,
    start: shard.start,
    values: Object.fromEntries(
      shard.values.map(([value, ranks]) => {
        const { slots } = slotsOfRanks(ranks, slotOfRank);
        return [value, encodeMembers(slots, 0, slots.length === 0 ? 0 : slots[slots.length - 1]! + 1)];
      }),
    ),
    generated_at: '',
  };
}

/**
 * Parses a shard of `filter`'s postings of `kind`, whose first value must be `start`: normalized
 * value → ranks (turned from slots by `order`), ascending.
 */
export function parseValueShard(
  path: string,
  text: string,
  kind: Kind,
  filter: ValueParameter,
  start: string,
  order: SlotOrder,
): { values: Map<string, number[]>; generatedAt: string } {
  const file = parseVersioned<ValueShardFile>(path, text, VALUES_FORMAT, kind);
  if (file.filter !== filter || file.start !== start) throw malformed(path, 'start');
  if (
    typeof file.values !== 'object' ||
    file.values === null ||
    !Object.values(file.values).every((ranks) => typeof ranks === 'string')
  )
    throw malformed(path, 'values');
  const ranksOf = (encoded: string): number[] => {
    const slots = decodeMembers(encoded, 0, order.slots);
    if (slots === undefined || order.namesNoEntity(slots)) throw malformed(path, 'values');
    return Array.from(order.isIdentity ? slots : order.ranksOfSlots(slots).ranks);
  };
  return {
    values: new Map(Object.entries(file.values).map(([value, slots]) => [value, ranksOf(slots)])),
    generatedAt: file.generated_at,
  };
}
