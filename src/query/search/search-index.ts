/**
 * The search indexes of a kind as documents (docs/api.md#search-index), rendered by the build:
 * for each search (`q`, `text`) its entry (search-entry.ts), shards of terms
 * (term-shard-documents.ts) and lists of common terms (common-lists.ts); beside `q`'s, the ids by
 * slot and the filters' value shards (value-shards.ts) both searches read, and the exhibitions'
 * days. Every document names entities by slot (slot-order.ts).
 */
import { shardPostings } from './filter-shards.js';
import { type ShardedIndex, type TermIndex } from './term-shards.js';
import {
  type EntitiesByKind,
  hash53,
  hash53Utf8,
  FILTER_PARAMETERS,
  type FilterParameter,
  type Kind,
  kindRelation,
  type Postings,
  type Relation,
  type ValueParameter,
  SEARCHES,
  type Search,
} from '../semantics/index.js';
import { filterShardPath, idBlockPath, searchIndexPath } from './search-paths.js';
import { versionedPath } from '../formats/index.js';
import { versionsFile, type NamedDocuments, type VersionsFile } from './index-versions.js';
import { slotOrderFile } from './slot-order.js';
import { type SlotAssignment } from './slot-assignment.js';
import { commonParts, ID_BLOCK_SLOTS, ID_CHUNK_SLOTS, renderIds } from './common-lists.js';
import { renderExhibitionDates } from './dates-document.js';
import { SEARCH_INDEX_FORMAT, SEARCH_INDEX_VERSION, type IndexDocument } from './search-format.js';
import { renderTermShards, type RenderedTerms } from './term-shard-documents.js';
import { valueShardFile } from './value-shards.js';
import { withBodies } from './pending-bodies.js';
import type { SearchEntryFile, TextEntryFile } from './search-entry.js';

export type { IndexDocument } from './search-format.js';

/** The rendered term shards of each search of a kind. */
export type RenderedSearches = Record<Search, RenderedTerms>;

/** What a kind's search index is rendered from: its entities, its searches' indexes and its filters' postings (the reference Dataset of query/dataset/ is one). */
export interface IndexedDataset {
  readonly entities: EntitiesByKind;
  searchIndex(kind: Kind, search: Search): ShardedIndex;
  postings(kind: Kind, filter: FilterParameter): Postings;
  relationPostings(kind: Kind): Postings;
}

/** The term shards of each search of a kind, rendered from the dataset's indexes, naming entities by their slots. */
export function renderSearches(dataset: IndexedDataset, kind: Kind, slots: SlotAssignment): RenderedSearches {
  return Object.fromEntries(
    SEARCHES.map((search) => [
      search,
      renderTermShards(search, kind, dataset.searchIndex(kind, search), slots.slotOfRank, slots.order.slots),
    ]),
  ) as RenderedSearches;
}

/**
 * The generation of a document of a search index: the build that last changed it, which names
 * it (docs/api.md#snapshots). The build gives a document its previous generation when its
 * content is the previous build's, else the new one; verify, the site's.
 */
export type GenerationOf = (path: string, content: string | Uint8Array) => number;

/** A kind's search indexes as documents, each at its generation, and the generation of each entry, which the snapshot names. */
export interface RenderedIndex {
  documents: IndexDocument[];
  entries: Record<Search, number>;
}

/**
 * Every document of a kind's search indexes, naming entities by their `slots`, each at the
 * generation `generationOf` gives it: for each search its shards, then the entry that lists them
 * with their generations (`q`'s with the ids by slot and the filters' value shards); `terms` when already rendered.
 * Each entity a document names by id it names with its body's version, which `bodyOfRank` gives.
 */
export function renderSearchIndex(
  dataset: IndexedDataset,
  kind: Kind,
  slots: SlotAssignment,
  bodyOfRank: (rank: number) => string,
  terms: RenderedSearches = renderSearches(dataset, kind, slots),
  generationOf: GenerationOf = () => 1,
): RenderedIndex {
  const rankOfSlot = new Int32Array(slots.idsBySlot.length);
  slots.slotOfRank.forEach((slot, rank) => (rankOfSlot[slot] = rank));
  const bodyOfSlot = (slot: number) => bodyOfRank(rankOfSlot[slot]!);
  const filled = (rendered: RenderedTerms): RenderedTerms => ({
    ...rendered,
    documents: rendered.documents.map((document) => withBodies(document, bodyOfSlot)),
  });
  const names = renderNamesIndex(dataset, kind, filled(terms.q), slots, bodyOfSlot);
  const text = renderTextIndex(kind, filled(terms.text));
  // One revision in both entries, of both indexes' documents: a reader finding two read two builds.
  const revision = revisionOf([...names.documents, ...names.chunks, ...text.documents]);
  const generations = new Map<string, number>();
  const versioned = (document: IndexDocument, generation = generationOf(document.path, document.content)) => {
    generations.set(document.path, generation);
    return { ...document, path: versionedPath(document.path, generation) };
  };
  const documents = [...names.documents, ...text.documents].map((document) => versioned(document));
  // A chunk goes by its block's generation: its ids are the block's.
  const chunkBlock = (chunk: number) => idBlockPath(kind, Math.floor((chunk * ID_CHUNK_SLOTS) / ID_BLOCK_SLOTS));
  names.chunks.forEach((chunk, i) => documents.push(versioned(chunk, generations.get(chunkBlock(i))!)));
  const parts = commonParts(slots.order.slots);
  const entries = {} as Record<Search, number>;
  for (const [search, index] of [
    ['q', names],
    ['text', text],
  ] as const) {
    const versions = versionsFile(index.named, names.blocks, parts, (path) => generations.get(path)!);
    const entry = index.entry(revision, versions);
    entries[search] = generationOf(entry.path, entry.content);
    documents.push(versioned(entry, entries[search]));
  }
  return { documents, entries };
}

/** An index's documents, what its entry names, and its entry once the revision of both indexes of the kind is known. */
interface IndexWithoutEntry {
  documents: IndexDocument[];
  named: NamedDocuments;
  entry: (revision: string, versions: VersionsFile) => IndexDocument;
}

// The documents of the `text` index and its entry.
function renderTextIndex(kind: Kind, terms: RenderedTerms): IndexWithoutEntry {
  const { index } = terms;
  const documents = [...terms.documents];
  const common = commonMembers(index);
  const entry = (revision: string, versions: VersionsFile): TextEntryFile => ({
    format: SEARCH_INDEX_FORMAT,
    version: SEARCH_INDEX_VERSION,
    kind,
    search: 'text',
    count: index.count,
    average_lengths: index.averageLengths,
    field_weights: [...index.weights],
    terms: index.starts,
    ...common,
    versions,
    revision,
    generated_at: '',
  });
  return {
    documents,
    named: { kind, search: 'text', starts: index.starts, lists: common.common },
    entry: (revision, versions) => ({
      path: searchIndexPath(kind, 'text'),
      content: JSON.stringify(entry(revision, versions)),
    }),
  };
}

// The entry's members naming the common terms: each list's term and tail.
function commonMembers(index: TermIndex): Pick<SearchEntryFile, 'common' | 'common_tails'> {
  const longest = new Map<string, string>();
  index.listTerms.forEach((listTerm, i) => longest.set(listTerm, index.common[i]!));
  const common = [...longest.keys()];
  return { common, common_tails: common.map((term) => longest.get(term)!.slice(term.length)) };
}

// Changes whenever any of the documents changes: a hash of their UTF-8, the same whichever form each comes in.
function revisionOf(documents: readonly IndexDocument[]): string {
  const hashOf = (content: string | Uint8Array) =>
    typeof content === 'string' ? hash53Utf8(content) : hash53(content);
  return hash53(documents.map((document) => hashOf(document.content).toString(36)).join(' ')).toString(36);
}

// The documents of the `q` index, the ids by slot, the filters' value shards, the exhibitions' days and the entry.
function renderNamesIndex(
  dataset: IndexedDataset,
  kind: Kind,
  terms: RenderedTerms,
  slots: SlotAssignment,
  bodyOfSlot: (slot: number) => string,
): IndexWithoutEntry & { chunks: IndexDocument[]; blocks: number } {
  const { index } = terms;
  const ids = renderIds(kind, slots.idsBySlot, bodyOfSlot);
  const documents = [...terms.documents, ...ids.blocks];
  const filters = {} as Record<FilterParameter, string[]>;
  const relation = kindRelation(kind);
  const relations: Partial<Record<Relation, string[]>> = {};
  const parameters: [ValueParameter, Postings][] = [
    ...FILTER_PARAMETERS.map((filter): [ValueParameter, Postings] => [filter, dataset.postings(kind, filter)]),
    ...(relation === undefined ? [] : [[relation, dataset.relationPostings(kind)] as [ValueParameter, Postings]]),
  ];
  const values: Partial<Record<ValueParameter, string[]>> = {};
  for (const [parameter, postings] of parameters) {
    const shards = shardPostings(postings);
    const starts = shards.map((shard) => shard.start);
    values[parameter] = starts;
    if (parameter === relation) relations[relation] = starts;
    else filters[parameter as FilterParameter] = starts;
    for (const shard of shards)
      documents.push({
        path: filterShardPath(kind, parameter, shard.start),
        content: JSON.stringify(valueShardFile(kind, parameter, shard, slots.slotOfRank)),
      });
  }
  if (kind === 'exhibition') documents.push(renderExhibitionDates(dataset.entities.exhibition));
  const common = commonMembers(index);
  const entry = (revision: string, versions: VersionsFile): SearchEntryFile => ({
    format: SEARCH_INDEX_FORMAT,
    version: SEARCH_INDEX_VERSION,
    kind,
    count: index.count,
    average_lengths: index.averageLengths,
    terms: index.starts,
    ...common,
    filters,
    relations,
    slots: slotOrderFile(slots.order),
    versions,
    revision,
    generated_at: '',
  });
  return {
    documents,
    chunks: ids.chunks,
    blocks: ids.blocks.length,
    named: { kind, search: 'q', starts: index.starts, lists: common.common, values },
    entry: (revision, versions) => ({
      path: searchIndexPath(kind),
      content: JSON.stringify(entry(revision, versions)),
    }),
  };
}
