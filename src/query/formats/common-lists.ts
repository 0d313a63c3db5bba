/**
 * The lists of common query terms and the ids by rank, as documents of the search index
 * (docs/api.md#common-terms): a list's head (the name terms it reaches and its classes), its
 * parts (the entities of a range of ranks and the class of each, about a character each),
 * and the chunks and blocks of ids a window of matches of common terms is named from.
 */
import type { CommonList, Kind, Search } from '../semantics/index.js';
import { commonPartPath, commonTermPath, idBlockPath, idChunkPath } from './paths.js';
import { classWidth, decodeMatches, encodeMatches } from './matches-codec.js';
import {
  malformed,
  parseVersioned,
  SEARCH_INDEX_FORMAT,
  SEARCH_INDEX_VERSION,
  type IndexDocument,
} from './search-format.js';
import { parseDocument, SiteError } from './site-error.js';

const COMMON_FORMAT = `${SEARCH_INDEX_FORMAT}-common`;
const PART_FORMAT = `${SEARCH_INDEX_FORMAT}-common-part`;

/**
 * Ranks a part of a list covers: a change to one entity rewrites one part of each list
 * holding it, about 30 kB at most, not the megabyte of a whole list on the L set.
 */
export const COMMON_PART_RANKS = 16_384;
/**
 * Ranks a chunk of ids covers. A window of matches of common terms is spread over the ranks, so
 * its ids are read a chunk each: 16 ids (about 110 bytes gzipped on the L set, 200 with the
 * members other documents have) keep a window of 500 near 55 kB; chunks of 256 read 370 kB
 * for it (measured on the M set), chunks of 8 save only a third of 16's.
 */
export const ID_CHUNK_RANKS = 16;
/**
 * Ranks a block of ids covers: the ids of 64 chunks in one document, 2.4 to 3.4 kB gzipped on
 * the L set, read instead of the chunks where a window needs more than
 * {@link BLOCK_READ_CHUNKS} of them (a window of 500 of the 10,000 service providers needs
 * about 350 chunks, 46 kB; their 10 blocks are 24 kB).
 */
export const ID_BLOCK_RANKS = 1_024;
/** Chunks of a block a window must need for the block to be read instead: past a third of its 64, the block is fewer bytes. */
export const BLOCK_READ_CHUNKS = 21;

/** The head of a common term's list. */
export interface CommonHeadFile {
  format: typeof COMMON_FORMAT;
  version: typeof SEARCH_INDEX_VERSION;
  kind: Kind;
  term: string;
  /** {@link CommonList.reached} */
  reached: [term: string, cn: number, en: number][];
  /** {@link CommonList.classes} */
  classes: number[][];
  /** Characters of each entity's class in the parts. */
  class_width: number;
  /** The parts that hold entities, ascending. */
  parts: number[];
  generated_at: string;
}

/** A part of a common term's list: the entities of ranks from `part` × {@link COMMON_PART_RANKS}. */
export interface CommonPartFile {
  format: typeof PART_FORMAT;
  version: typeof SEARCH_INDEX_VERSION;
  kind: Kind;
  term: string;
  part: number;
  /** The entities matched and the class of each, matches codec. */
  matches: string;
  generated_at: string;
}

/**
 * The ids of a kind's entities of ranks from `chunk` × {@link ID_CHUNK_RANKS} (or from `block` ×
 * {@link ID_BLOCK_RANKS}): the version and no more, as a window of matches reads a chunk each
 * (their path names the kind and chunk). No `generated_at` either: the entry's `revision`
 * changes with them, so the entry, read for every `q`, is stamped whenever they change.
 */
export interface IdsFile {
  version: typeof SEARCH_INDEX_VERSION;
  ids: string[];
}

/** The documents of the common term lists of a kind's search. */
export function renderCommonLists(search: Search, kind: Kind, lists: readonly CommonList[]): IndexDocument[] {
  const documents: IndexDocument[] = [];
  for (const list of lists) {
    const width = classWidth(list.classes.length);
    const parts: number[] = [];
    for (let start = 0; start < list.ranks.length;) {
      const part = Math.floor(list.ranks[start]! / COMMON_PART_RANKS);
      let end = start;
      while (end < list.ranks.length && list.ranks[end]! < (part + 1) * COMMON_PART_RANKS) end++;
      const file: CommonPartFile = {
        format: PART_FORMAT,
        version: SEARCH_INDEX_VERSION,
        kind,
        term: list.term,
        part,
        matches: encodeMatches(
          list.ranks.subarray(start, end),
          list.classOf.subarray(start, end),
          width,
          part * COMMON_PART_RANKS,
        ),
        generated_at: '',
      };
      documents.push({ path: commonPartPath(kind, list.term, part, search), content: JSON.stringify(file) });
      parts.push(part);
      start = end;
    }
    const head: CommonHeadFile = {
      format: COMMON_FORMAT,
      version: SEARCH_INDEX_VERSION,
      kind,
      term: list.term,
      reached: list.reached,
      classes: list.classes,
      class_width: width,
      parts,
      generated_at: '',
    };
    documents.push({ path: commonTermPath(kind, list.term, search), content: JSON.stringify(head) });
  }
  return documents;
}

/** The documents of a kind's ids by rank, in chunks and in blocks: both searches name their matches from them. */
export function renderIds(kind: Kind, ids: readonly string[]): IndexDocument[] {
  const documents: IndexDocument[] = [];
  for (const [ranks, path] of [
    [ID_CHUNK_RANKS, idChunkPath],
    [ID_BLOCK_RANKS, idBlockPath],
  ] as const) {
    for (let at = 0; at * ranks < ids.length; at++) {
      const file: IdsFile = { version: SEARCH_INDEX_VERSION, ids: ids.slice(at * ranks, (at + 1) * ranks) };
      documents.push({ path: path(kind, at), content: JSON.stringify(file), timestamped: false });
    }
  }
  return documents;
}

/** A common term and a part of its list that a site has, to name in examples (OpenAPI). */
export interface CommonExample {
  term: string;
  part: number;
}

/** The common term of the most entities among `lists`, with the first part of its list; undefined when there is none. */
export function commonExample(lists: readonly CommonList[]): CommonExample | undefined {
  let most: CommonList | undefined;
  for (const list of lists) if (most === undefined || list.ranks.length > most.ranks.length) most = list;
  return most && { term: most.term, part: Math.floor(most.ranks[0]! / COMMON_PART_RANKS) };
}

/** A common term's head as read: its list without entities yet, the parts to read, and the width of a class. */
export interface CommonHead {
  list: Omit<CommonList, 'ranks' | 'classOf'>;
  parts: number[];
  width: number;
  generatedAt: string;
}

/** Parses the head of the list of `kind`'s common term `term`. */
export function parseCommonHead(path: string, text: string, kind: Kind, term: string): CommonHead {
  const file = parseVersioned<CommonHeadFile>(path, text, COMMON_FORMAT, kind);
  if (file.term !== term) throw malformed(path, 'term');
  const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
  const reached = file.reached;
  if (
    !Array.isArray(reached) ||
    !reached.every(
      (entry) => Array.isArray(entry) && typeof entry[0] === 'string' && isCount(entry[1]) && isCount(entry[2]),
    )
  )
    throw malformed(path, 'reached');
  const classes = file.classes;
  const isClass = (entry: unknown) =>
    Array.isArray(entry) &&
    entry.length % 3 === 2 &&
    entry.every(isCount) &&
    entry.every((value, i) => i < 2 || (i - 2) % 3 !== 0 || value < reached.length) &&
    entry.every((value, i) => i < 2 || (i - 2) % 3 !== 1 || value <= 1);
  if (!Array.isArray(classes) || !classes.every(isClass)) throw malformed(path, 'classes');
  if (file.class_width !== classWidth(classes.length)) throw malformed(path, 'class_width');
  if (
    !Array.isArray(file.parts) ||
    !file.parts.every((part, i) => isCount(part) && (i === 0 || part > file.parts[i - 1]!))
  )
    throw malformed(path, 'parts');
  return {
    list: { term, reached, classes },
    parts: file.parts,
    width: file.class_width,
    generatedAt: file.generated_at,
  };
}

/** Parses part `part` of the list of `kind`'s common term `term`, whose classes are `width` characters each among `classCount`. */
export function parseCommonPart(
  path: string,
  text: string,
  kind: Kind,
  term: string,
  part: number,
  width: number,
  classCount: number,
): { ranks: Int32Array; classOf: Uint16Array; generatedAt: string } {
  const file = parseVersioned<CommonPartFile>(path, text, PART_FORMAT, kind);
  if (file.term !== term || file.part !== part) throw malformed(path, 'part');
  const matches =
    typeof file.matches === 'string'
      ? decodeMatches(file.matches, width, part * COMMON_PART_RANKS, (part + 1) * COMMON_PART_RANKS, classCount)
      : undefined;
  if (matches === undefined || matches.ranks.length === 0) throw malformed(path, 'matches');
  return { ...matches, generatedAt: file.generated_at };
}

/** Parses a chunk or block of ids, of `ranks` ranks: the ids of its ranks in order. */
export function parseIds(path: string, text: string, ranks: number): string[] {
  const file = parseDocument<Partial<IdsFile> | null>(path, text);
  if (file?.version !== SEARCH_INDEX_VERSION)
    throw new SiteError(
      `${path} is not a document of ids of version ${SEARCH_INDEX_VERSION}; rebuild the site with this version`,
    );
  if (!Array.isArray(file.ids) || file.ids.length > ranks || !file.ids.every((id) => typeof id === 'string'))
    throw malformed(path, 'ids');
  return file.ids;
}
