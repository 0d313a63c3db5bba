/**
 * The entries of a kind's search indexes as documents (docs/api.md#search-index): for each
 * search (`q`, `text`) the global statistics, the start of every shard and the common terms;
 * `q`'s also the filters' value shards and the slots (slot-order.ts). What a query reads first.
 */
import { type TermIndex } from './term-shards.js';
import { sharingTerms } from './common-terms.js';
import {
  FILTER_PARAMETERS,
  type FilterParameter,
  type Kind,
  kindRelation,
  type Relation,
  type ValueParameter,
} from '../semantics/index.js';
import { EntryVersions, type VersionsFile } from './index-versions.js';
import { parseSlotOrder, type SlotOrder, type SlotOrderFile } from './slot-order.js';
import { malformed, parseVersioned, SEARCH_INDEX_FORMAT, SEARCH_INDEX_VERSION } from './search-format.js';

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
  /** Per filter (listing and query filters alike), first value of each shard of its postings. */
  filters: Record<FilterParameter, string[]>;
  /** The same for the kind's relation filter, when it has one (kinds.ts, RELATIONS). */
  relations?: Partial<Record<Relation, string[]>>;
  /** The slots of the kind's entities, which every document of both indexes names them by. */
  slots: SlotOrderFile;
  /** The generation of each document the entry names, which names it (index-versions.ts). */
  versions: VersionsFile;
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

/** A search index entry as read: what a query needs before any shard. */
export interface SearchEntry {
  index: TermIndex;
  filters: Record<FilterParameter, string[]>;
  /** The starts of the value shards of the kind's relation filter (kinds.ts, RELATIONS), when it has one. */
  relations: Partial<Record<Relation, string[]>>;
  /** The slots of the kind's entities, which the documents of both its indexes name them by. */
  slots: SlotOrder;
  /** Each document's path at its generation. */
  versions: EntryVersions;
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
    !FILTER_PARAMETERS.every((filter) => isStarts(file.filters[filter]))
  )
    throw malformed(path, 'filters');
  const relation = kindRelation(kind);
  if (relation !== undefined && !isStarts(file.relations?.[relation])) throw malformed(path, 'relations');
  const values: Partial<Record<ValueParameter, string[]>> = { ...file.filters, ...file.relations };
  const index = parseEntryIndex(path, file, [1, 1], values);
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

// The members both entries share; `values`, the value shards' starts of a `q` entry.
function parseEntryIndex(
  path: string,
  file: TextEntryFile | SearchEntryFile,
  weights: [number, number],
  values?: Partial<Record<ValueParameter, string[]>>,
): TextEntry {
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
  const search = values === undefined ? 'text' : 'q';
  const versions = EntryVersions.parse(path, file.versions, {
    kind: file.kind,
    search,
    starts: file.terms,
    lists: file.common,
    ...(values && { values }),
  });
  return {
    index: {
      count: file.count,
      averageLengths: lengths,
      weights,
      starts: file.terms,
      common,
      listTerms,
    },
    versions,
    revision: file.revision,
    generatedAt: file.generated_at,
  };
}

function isStarts(starts: unknown): starts is string[] {
  return Array.isArray(starts) && starts.every((start) => typeof start === 'string');
}
