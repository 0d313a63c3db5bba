/**
 * The search indexes of a kind as documents (docs/api.md#search-index): for each search (`q`,
 * `text`) an entry with the global statistics and the start of every shard, the shards of
 * terms and the lists of common terms; beside `q`'s, the ids by slot and the shards of filter
 * postings both searches read. Every document names entities by slot (slot-order.ts), and
 * the parsers here give their ranks. Written by the build, read by the router, checked by `verify`.
 */
import {
  type Dataset,
  shardPostings,
  type FilterShard,
  hash53,
  FILTERS,
  type Filter,
  type Kind,
  kindRelation,
  type Postings,
  type Relation,
  type ValueParameter,
  searchShard,
  type SearchShard,
  type ShardedIndex,
  type TermIndex,
  type TermShard,
  sharingTerms,
  SEARCHES,
  type Search,
} from '../semantics/index.js';
import { filterShardPath, searchIndexPath, termShardPath } from './paths.js';
import { decodeCounted, decodeRankArray, decodeRanks, encodeCounted, encodeRanks } from './ranks-codec.js';
import { parseSlotOrder, slotOrderFile, type SlotOrder, type SlotOrderFile } from './slot-order.js';
import { slotsOfRanks, type SlotAssignment } from './slot-assignment.js';
import { commonExample, renderCommonLists, renderIds, type CommonExample } from './common-lists.js';
import { renderExhibitionDates } from './dates-document.js';
import {
  malformed,
  parseVersioned,
  SEARCH_INDEX_FORMAT,
  SEARCH_INDEX_VERSION,
  type IndexDocument,
} from './search-format.js';

export type { IndexDocument } from './search-format.js';

const TERMS_FORMAT = `${SEARCH_INDEX_FORMAT}-terms`;
const VALUES_FORMAT = `${SEARCH_INDEX_FORMAT}-values`;

/** The entry of a kind's search index, members in the order they are written. */
export interface SearchEntryFile {
  format: typeof SEARCH_INDEX_FORMAT;
  version: typeof SEARCH_INDEX_VERSION;
  kind: Kind;
  /** Entities of the kind. */
  count: number;
  /** Average length in terms of the `cn` and `en` names. */
  average_lengths: [number, number];
  /** First term of each term shard (the first `""`). */
  terms: string[];
  /** The terms of the common query terms' lists, ascending: the query terms reading each are its term and the prefixes of its term and tail. */
  common: string[];
  /** For each of {@link common}, what its longest query term adds to its term (mostly `""`). */
  common_tails: string[];
  /** Per filter, first value of each shard of its postings. */
  filters: Record<Filter, string[]>;
  /** The same for the kind's relation filter, when it has one (kinds.ts, RELATIONS). */
  relations?: Partial<Record<Relation, string[]>>;
  /** The slots of the kind's entities, which every document of both indexes names them by. */
  slots: SlotOrderFile;
  /** Changes whenever any shard changes: what was derived from shards read under another revision is stale. */
  revision: string;
  generated_at: string;
}

/**
 * The entry of a kind's `text` index: `search` says so, `field_weights` weigh its two fields,
 * and it has no filters (those of the `q` entry apply).
 */
export interface TextEntryFile extends Omit<SearchEntryFile, 'filters' | 'relations' | 'slots'> {
  search: 'text';
  field_weights: [number, number];
}

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
  /** Their `cn` and `en` name lengths, two numbers an entity. */
  lengths: number[];
  /** Each term with its `cn` and `en` postings: positions in `entities` with term counts, encoded. */
  terms: [term: string, cn: string, en: string][];
  generated_at: string;
}

/** A shard of a filter's postings. */
export interface ValueShardFile {
  format: typeof VALUES_FORMAT;
  version: typeof SEARCH_INDEX_VERSION;
  kind: Kind;
  /** A filter, or the kind's relation filter (`exhibition` for exhibitors, `exhibitor` for exhibitions). */
  filter: ValueParameter;
  start: string;
  /** Normalized value (a relation's: the related entity's id as it is) → slots holding it, encoded. */
  values: Record<string, string>;
  generated_at: string;
}

/** The term shards of a kind as documents, and what the entry says of them. */
export interface RenderedTerms {
  index: TermIndex;
  documents: IndexDocument[];
  /** A common term of the index and a part of its list, for examples. */
  example?: CommonExample;
}

/**
 * The documents of the term shards and common term lists of a kind's search index, naming
 * entities by the slot of each rank (the build makes these aside, in a worker thread).
 */
export function renderTermShards(
  search: Search,
  kind: Kind,
  index: ShardedIndex,
  slotOfRank: Int32Array,
  slots: number,
): RenderedTerms {
  const documents = index.shards.map((shard) => ({
    path: termShardPath(kind, shard.start, search),
    content: JSON.stringify(termShardFile(kind, shard, slotOfRank)),
  }));
  documents.push(...renderCommonLists(search, kind, index.lists, slots, slotOfRank));
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
    example: commonExample(index.lists, slotOfRank),
  };
}

/** The rendered term shards of each search of a kind. */
export type RenderedSearches = Record<Search, RenderedTerms>;

/** The term shards of each search of a kind, rendered from the dataset's indexes, naming entities by their slots. */
export function renderSearches(dataset: Dataset, kind: Kind, slots: SlotAssignment): RenderedSearches {
  return Object.fromEntries(
    SEARCHES.map((search) => [
      search,
      renderTermShards(search, kind, dataset.searchIndex(kind, search), slots.slotOfRank, slots.order.slots),
    ]),
  ) as RenderedSearches;
}

/**
 * Every document of a kind's search indexes, naming entities by their `slots`: for each search
 * its shards, then the entry that lists them (`q`'s with the ids by slot and the filters' value
 * shards); `terms` when already rendered.
 */
export function renderSearchIndex(
  dataset: Dataset,
  kind: Kind,
  slots: SlotAssignment,
  terms: RenderedSearches = renderSearches(dataset, kind, slots),
): IndexDocument[] {
  const names = renderNamesIndex(dataset, kind, terms.q, slots);
  const text = renderTextIndex(kind, terms.text);
  // One revision in both entries, of both indexes' documents: a reader finding two read two builds.
  const revision = revisionOf([...names.documents, ...text.documents]);
  return [...names.documents, names.entry(revision), ...text.documents, text.entry(revision)];
}

/** An index's documents, and its entry once the revision of both indexes of the kind is known. */
interface IndexWithoutEntry {
  documents: IndexDocument[];
  entry: (revision: string) => IndexDocument;
}

// The documents of the `text` index and its entry.
function renderTextIndex(kind: Kind, terms: RenderedTerms): IndexWithoutEntry {
  const { index } = terms;
  const documents = [...terms.documents];
  const entry = (revision: string): TextEntryFile => ({
    format: SEARCH_INDEX_FORMAT,
    version: SEARCH_INDEX_VERSION,
    kind,
    search: 'text',
    count: index.count,
    average_lengths: index.averageLengths,
    field_weights: [...index.weights],
    terms: index.starts,
    ...commonMembers(index),
    revision,
    generated_at: '',
  });
  return {
    documents,
    entry: (revision) => ({ path: searchIndexPath(kind, 'text'), content: JSON.stringify(entry(revision)) }),
  };
}

// The entry's members naming the common terms: each list's term and tail.
function commonMembers(index: TermIndex): Pick<SearchEntryFile, 'common' | 'common_tails'> {
  const longest = new Map<string, string>();
  index.listTerms.forEach((listTerm, i) => longest.set(listTerm, index.common[i]!));
  const common = [...longest.keys()];
  return { common, common_tails: common.map((term) => longest.get(term)!.slice(term.length)) };
}

// Changes whenever any of the documents changes.
function revisionOf(documents: readonly IndexDocument[]): string {
  return hash53(documents.map((document) => hash53(document.content).toString(36)).join(' ')).toString(36);
}

// The documents of the `q` index, the ids by slot, the filters' value shards, the exhibitions' days and the entry.
function renderNamesIndex(
  dataset: Dataset,
  kind: Kind,
  terms: RenderedTerms,
  slots: SlotAssignment,
): IndexWithoutEntry {
  const { index } = terms;
  const documents = [...terms.documents, ...renderIds(kind, slots.idsBySlot)];
  const filters = {} as Record<Filter, string[]>;
  const relation = kindRelation(kind);
  const relations: Partial<Record<Relation, string[]>> = {};
  const parameters: [ValueParameter, Postings][] = [
    ...FILTERS.map((filter): [ValueParameter, Postings] => [filter, dataset.postings(kind, filter)]),
    ...(relation === undefined ? [] : [[relation, dataset.relationPostings(kind)] as [ValueParameter, Postings]]),
  ];
  for (const [parameter, postings] of parameters) {
    const shards = shardPostings(postings);
    const starts = shards.map((shard) => shard.start);
    if (parameter === relation) relations[relation] = starts;
    else filters[parameter as Filter] = starts;
    for (const shard of shards)
      documents.push({
        path: filterShardPath(kind, parameter, shard.start),
        content: JSON.stringify(valueShardFile(kind, parameter, shard, slots.slotOfRank)),
      });
  }
  if (kind === 'exhibition') documents.push(renderExhibitionDates(dataset.entities.exhibition));
  const entry = (revision: string): SearchEntryFile => ({
    format: SEARCH_INDEX_FORMAT,
    version: SEARCH_INDEX_VERSION,
    kind,
    count: index.count,
    average_lengths: index.averageLengths,
    terms: index.starts,
    ...commonMembers(index),
    filters,
    relations,
    slots: slotOrderFile(slots.order),
    revision,
    generated_at: '',
  });
  return {
    documents,
    entry: (revision) => ({ path: searchIndexPath(kind), content: JSON.stringify(entry(revision)) }),
  };
}

// A shard of terms naming its entities by slot: listed in slot order, postings by position in that list.
function termShardFile(kind: Kind, shard: TermShard, slotOfRank: Int32Array): TermShardFile {
  const { slots, listed } = slotsOfRanks(shard.ranks, slotOfRank);
  const position = new Map<number, number>();
  if (listed === undefined) {
    // Slots in rank order (a first build's, or no exception among them): listed as the ranks are.
    shard.ranks.forEach((rank, i) => position.set(rank, i));
    const local = (postings: ArrayLike<number>) => encodeCounted(postings, (rank) => position.get(rank)!);
    return termShardOf(kind, shard, encodeRanks(slots), shard.ids, shard.lengths, local);
  }
  // The shard's entities in slot order, by their position in its ranks.
  listed.forEach((i, at) => position.set(shard.ranks[i]!, at));
  const { ids, lengths } = relisted(listed, shard.ids, shard.lengths);
  return termShardOf(kind, shard, encodeRanks(slots), ids, lengths, (postings) =>
    encodeCounted(repositioned(postings, (rank) => position.get(rank)!)),
  );
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

function valueShardFile(
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
      shard.values.map(([value, ranks]) => [value, encodeRanks(slotsOfRanks(ranks, slotOfRank).slots)]),
    ),
    generated_at: '',
  };
}

/** A search index entry as read: what a query needs before any shard. */
export interface SearchEntry {
  index: TermIndex;
  filters: Record<Filter, string[]>;
  /** The starts of the value shards of the kind's relation filter (kinds.ts, RELATIONS), when it has one. */
  relations: Partial<Record<Relation, string[]>>;
  /** The slots of the kind's entities, which the documents of both its indexes name them by. */
  slots: SlotOrder;
  revision: string;
  generatedAt: string;
}

/**
 * Parses the entry of `kind`'s `q` index at `path`. Anything but this format, version
 * and kind, or a malformed member, is a {@link SiteError} that says to rebuild.
 */
export function parseSearchEntry(path: string, text: string, kind: Kind): SearchEntry {
  const file = parseVersioned<SearchEntryFile>(path, text, SEARCH_INDEX_FORMAT, kind);
  if (
    typeof file.filters !== 'object' ||
    file.filters === null ||
    !FILTERS.every((filter) => isStarts(file.filters[filter]))
  )
    throw malformed(path, 'filters');
  const relation = kindRelation(kind);
  if (relation !== undefined && !isStarts(file.relations?.[relation])) throw malformed(path, 'relations');
  const index = parseEntryIndex(path, file, [1, 1]);
  let slots: SlotOrder;
  try {
    slots = parseSlotOrder(file.slots);
  } catch {
    throw malformed(path, 'slots');
  }
  if (slots.count !== index.index.count) throw malformed(path, 'slots');
  return { ...index, filters: file.filters, relations: file.relations ?? {}, slots };
}

/** The entry of a kind's `text` index as read: the `q` entry's members but the filters and the slots. */
export type TextEntry = Omit<SearchEntry, 'filters' | 'relations' | 'slots'>;

/** Parses the entry of `kind`'s `text` index at `path`, as {@link parseSearchEntry} does; it has no filters of its own. */
export function parseTextEntry(path: string, text: string, kind: Kind): TextEntry {
  const file = parseVersioned<TextEntryFile>(path, text, SEARCH_INDEX_FORMAT, kind);
  if (file.search !== 'text') throw malformed(path, 'search');
  const weights = file.field_weights;
  if (
    !Array.isArray(weights) ||
    weights.length !== 2 ||
    !weights.every((weight) => typeof weight === 'number' && weight > 0)
  )
    throw malformed(path, 'field_weights');
  return parseEntryIndex(path, file, weights);
}

// The members both entries share.
function parseEntryIndex(path: string, file: TextEntryFile | SearchEntryFile, weights: [number, number]): TextEntry {
  if (!Number.isSafeInteger(file.count)) throw malformed(path, 'count');
  const lengths = file.average_lengths;
  if (!Array.isArray(lengths) || lengths.length !== 2 || !lengths.every((length) => typeof length === 'number'))
    throw malformed(path, 'average_lengths');
  if (!isStarts(file.terms)) throw malformed(path, 'terms');
  if (!isStarts(file.common) || !file.common.every((term, i) => i === 0 || file.common[i - 1]! < term))
    throw malformed(path, 'common');
  if (!isStarts(file.common_tails) || file.common_tails.length !== file.common.length)
    throw malformed(path, 'common_tails');
  // Every term sharing a list sorts after the list's term and before the next list's: expanded in order, they ascend.
  const [common, listTerms] = [[] as string[], [] as string[]];
  file.common.forEach((listTerm, i) => {
    for (const term of sharingTerms(listTerm, file.common_tails[i]!)) {
      if (common.length > 0 && common[common.length - 1]! >= term) throw malformed(path, 'common_tails');
      common.push(term);
      listTerms.push(listTerm);
    }
  });
  if (typeof file.revision !== 'string') throw malformed(path, 'revision');
  return {
    index: {
      count: file.count,
      averageLengths: lengths,
      weights,
      starts: file.terms,
      common,
      listTerms,
    },
    revision: file.revision,
    generatedAt: file.generated_at,
  };
}

function isStarts(starts: unknown): starts is string[] {
  return Array.isArray(starts) && starts.every((start) => typeof start === 'string');
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
        shard: searchShard(start, ranks, file.ids, Int32Array.from(file.lengths), terms, postings),
        generatedAt: file.generated_at,
      };
    // Listed again in rank order: each entity's id and lengths move with it, and postings name its new position.
    const moved = new Int32Array(listed.length);
    listed.forEach((from, to) => (moved[from] = to));
    const { ids, lengths } = relisted(listed, file.ids, file.lengths);
    const positionOf = (from: number) => moved[from]!;
    return {
      shard: searchShard(
        start,
        ranks,
        ids,
        Int32Array.from(lengths),
        terms,
        postings.map(([cn, en]) => [repositioned(cn, positionOf), repositioned(en, positionOf)] as const),
      ),
      generatedAt: file.generated_at,
    };
  } catch {
    throw malformed(path, 'shard');
  }
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
    const slots = decodeRanks(encoded);
    if (order.namesNoEntity(slots)) throw malformed(path, 'values');
    if (order.isIdentity) return slots;
    return Array.from(order.ranksOfSlots(slots).ranks);
  };
  return {
    values: new Map(Object.entries(file.values).map(([value, slots]) => [value, ranksOf(slots)])),
    generatedAt: file.generated_at,
  };
}
