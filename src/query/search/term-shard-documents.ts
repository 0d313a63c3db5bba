/**
 * The shards of terms of a kind's search index as documents (docs/api.md#search-index): each
 * a run of terms with their postings, listing by slot the entities they reach with their ids, the
 * versions of their bodies (a window of the shard's matches is named from it) and their name lengths.
 * Rendered by the build's term worker, parsed (into ranks) by the router and `verify`.
 */
import { searchShard, type SearchShard } from './search-shard.js';
import { type ShardedIndex, type TermIndex, type TermShard } from './term-shards.js';
import { type Kind, type Search } from '../semantics/index.js';
import { termShardPath } from './search-paths.js';
import { decodeCounted, decodeRankArray, encodeCounted, encodeRanks } from './ranks-codec.js';
import { type SlotOrder } from './slot-order.js';
import { slotsOfRanks } from './slot-assignment.js';
import { renderCommonLists } from './common-lists.js';
import { versionsInOrder, holdsVersions, type BODY_VERSION_CHARS } from './body-version.js';
import { PENDING_BODIES } from './pending-bodies.js';
import {
  malformed,
  parseVersioned,
  SEARCH_INDEX_FORMAT,
  SEARCH_INDEX_VERSION,
  AS_TEXT,
  type ContentForm,
  type IndexDocument,
} from './search-format.js';

const TERMS_FORMAT = `${SEARCH_INDEX_FORMAT}-terms`;

/** A shard of terms. Entities are listed by slot; postings refer to them by position in that list. */
export interface TermShardFile {
  format: typeof TERMS_FORMAT;
  version: typeof SEARCH_INDEX_VERSION;
  kind: Kind;
  start: string;
  /** Slots of the entities the shard's terms reach, ascending, encoded (ranks-codec.ts). */
  entities: string;
  /** Their ids. */
  ids: string[];
  /** The {@link BODY_VERSION_CHARS} of each one's body version, back to back (body-version.ts). */
  bodies: string;
  /** Their `cn` and `en` name lengths, two numbers an entity. */
  lengths: number[];
  /** Each term with its `cn` and `en` postings: positions in `entities` with term counts, encoded. */
  terms: [term: string, cn: string, en: string][];
  generated_at: string;
}

/** The term shards of a kind as documents, and what the entry says of them. */
export interface RenderedTerms {
  index: TermIndex;
  documents: IndexDocument[];
}

/**
 * The documents of the term shards and common term lists of a kind's search index, naming
 * entities by the slot of each rank (the build makes these aside, in a worker thread), each
 * handed over in the `form` given.
 */
export function renderTermShards(
  search: Search,
  kind: Kind,
  index: ShardedIndex,
  slotOfRank: Int32Array,
  slots: number,
  form: ContentForm = AS_TEXT,
): RenderedTerms {
  const documents: IndexDocument[] = index.shards.map((shard) => {
    const { file, slots } = termShardFile(kind, shard, slotOfRank);
    return { path: termShardPath(kind, shard.start, search), content: form(JSON.stringify(file)), bodySlots: slots };
  });
  documents.push(...renderCommonLists(search, kind, index.lists, slots, slotOfRank, form));
  return {
    index: {
      count: index.count,
      averageLengths: index.averageLengths,
      weights: index.weights,
      starts: index.starts,
      common: index.common,
      listTerms: index.listTerms,
    },
    documents,
  };
}

// A shard of terms naming its entities by slot, its bodies pending: listed in slot order, postings by position in that
// list; and the slots it lists.
function termShardFile(
  kind: Kind,
  shard: TermShard,
  slotOfRank: Int32Array,
): { file: TermShardFile; slots: Int32Array } {
  const { slots, listed } = slotsOfRanks(shard.ranks, slotOfRank);
  const position = new Map<number, number>();
  if (listed === undefined) {
    // Slots in rank order (a first build's, or no exception among them): listed as the ranks are.
    shard.ranks.forEach((rank, i) => position.set(rank, i));
    const local = (postings: ArrayLike<number>) => encodeCounted(postings, (rank) => position.get(rank)!);
    return { file: termShardOf(kind, shard, encodeRanks(slots), shard.ids, shard.lengths, local), slots };
  }
  // The shard's entities in slot order, by their position in its ranks.
  listed.forEach((i, at) => position.set(shard.ranks[i]!, at));
  const { ids, lengths } = relisted(listed, shard.ids, shard.lengths);
  const file = termShardOf(kind, shard, encodeRanks(slots), ids, lengths, (postings) =>
    encodeCounted(repositioned(postings, (rank) => position.get(rank)!)),
  );
  return { file, slots };
}

// A shard of terms as written, from its entities' slots, ids and lengths and its postings encoded by `local`.
function termShardOf(
  kind: Kind,
  shard: TermShard,
  entities: string,
  ids: string[],
  lengths: number[],
  local: (postings: ArrayLike<number>) => string,
): TermShardFile {
  return {
    format: TERMS_FORMAT,
    version: SEARCH_INDEX_VERSION,
    kind,
    start: shard.start,
    entities,
    ids,
    bodies: PENDING_BODIES,
    lengths,
    terms: shard.terms.map(([term, cn, en]) => [term, local(cn), local(en)]),
    generated_at: '',
  };
}

// The ids and name lengths (two numbers an entity) of a shard's entities listed again: `listed` holds the old position
// of each entity in its new place.
function relisted(
  listed: ArrayLike<number>,
  ids: readonly string[],
  lengths: ArrayLike<number>,
): { ids: string[]; lengths: number[] } {
  const moved = { ids: [] as string[], lengths: [] as number[] };
  for (let at = 0; at < listed.length; at++) {
    const from = listed[at]!;
    moved.ids.push(ids[from]!);
    moved.lengths.push(lengths[2 * from]!, lengths[2 * from + 1]!);
  }
  return moved;
}

// Flat postings (entity, count, …) with each entity turned into its new position by `positionOf`, ascending again.
function repositioned(postings: ArrayLike<number>, positionOf: (entity: number) => number): Int32Array {
  const pairs: [number, number][] = [];
  for (let i = 0; i < postings.length; i += 2) pairs.push([positionOf(postings[i]!), postings[i + 1]!]);
  pairs.sort(([a], [b]) => a - b);
  return Int32Array.from(pairs.flat());
}

/**
 * Parses a shard of terms of `kind`, whose first term must be `start`, into the arrays a query
 * scores, its entities turned from slots to ranks by `order` (and put in rank order).
 */
export function parseTermShard(
  path: string,
  text: string,
  kind: Kind,
  start: string,
  order: SlotOrder,
): { shard: SearchShard; generatedAt: string } {
  const file = parseVersioned<TermShardFile>(path, text, TERMS_FORMAT, kind);
  if (file.start !== start) throw malformed(path, 'start');
  try {
    const slots = decodeRankArray(file.entities);
    if (
      slots.length !== file.ids.length ||
      !file.ids.every((id) => typeof id === 'string') ||
      !holdsVersions(file.bodies, slots.length) ||
      file.lengths.length !== 2 * slots.length ||
      order.namesNoEntity(slots)
    )
      throw new Error();
    if (!file.lengths.every((length) => Number.isSafeInteger(length))) throw new Error();
    const local = (postings: string): Int32Array => {
      const decoded = decodeCounted(postings);
      for (let i = 0; i < decoded.length; i += 2) if (decoded[i]! >= slots.length) throw new Error();
      return decoded;
    };
    const terms = file.terms.map(([term]) => term);
    if (!terms.every((term, i) => typeof term === 'string' && (i === 0 || terms[i - 1]! < term))) throw new Error();
    const postings = file.terms.map(([, cn, en]) => [local(cn), local(en)] as const);
    const { ranks, order: listed } = order.ranksOfSlots(slots);
    if (listed === undefined)
      return {
        shard: searchShard(start, ranks, file.ids, file.bodies, Int32Array.from(file.lengths), terms, postings),
        generatedAt: file.generated_at,
      };
    // Listed again in rank order: each entity's id, body and lengths move with it, and postings name its new position.
    const moved = new Int32Array(listed.length);
    listed.forEach((from, to) => (moved[from] = to));
    const relist = relisted(listed, file.ids, file.lengths);
    const positionOf = (from: number) => moved[from]!;
    return {
      shard: searchShard(
        start,
        ranks,
        relist.ids,
        versionsInOrder(file.bodies, listed),
        Int32Array.from(relist.lengths),
        terms,
        postings.map(([cn, en]) => [repositioned(cn, positionOf), repositioned(en, positionOf)] as const),
      ),
      generatedAt: file.generated_at,
    };
  } catch {
    throw malformed(path, 'shard');
  }
}
