/**
 * The lists of common query terms and the ids by rank, as documents of the search index
 * (docs/api.md#common-terms): a list's head (the name terms it reaches and its classes), its
 * parts (the entities of a range of ranks and the class of each, a character or two each),
 * and the chunks of ids a window of matches of common terms is named from.
 */
import type { CommonList } from '../semantics/common-terms.js';
import type { Kind } from '../semantics/kinds.js';
import { commonPartPath, commonTermPath, idChunkPath } from './paths.js';
import { decodeRankArray, encodeRanks } from './ranks-codec.js';
import { malformed, parseVersioned, SEARCH_INDEX_FORMAT, SEARCH_INDEX_VERSION, type IndexDocument } from './search-format.js';

const COMMON_FORMAT = `${SEARCH_INDEX_FORMAT}-common`;
const PART_FORMAT = `${SEARCH_INDEX_FORMAT}-common-part`;
const IDS_FORMAT = `${SEARCH_INDEX_FORMAT}-ids`;

/**
 * Ranks a part of a list covers: a change to one entity rewrites one part of each list
 * holding it, about 30 kB at most, not the megabyte of a whole list on the L set.
 */
export const COMMON_PART_RANKS = 16_384;
/**
 * Ranks a chunk of ids covers. A window of matches of common terms is spread over the ranks, so
 * its ids are read a chunk each: 16 ids (about 250 bytes gzipped with the chunk's members) keep a
 * window of 500 near 110 kB; chunks of 256 read 370 kB for it (measured on the M set).
 */
export const ID_CHUNK_RANKS = 16;
// Characters a class is written with, a fixed number of them per entity (class_width), and the value of each by char code (-1: none).
const CLASS_DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGIT_VALUES = Int8Array.from({ length: 128 }, (_, code) => CLASS_DIGITS.indexOf(String.fromCharCode(code)));

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
  /** The ranks, ranks codec. */
  entities: string;
  /** The class of each, `class_width` characters of 0-9a-zA-Z (base 62) each. */
  classes: string;
  generated_at: string;
}

/** The ids of a kind's entities of ranks from `chunk` × {@link ID_CHUNK_RANKS}. */
export interface IdChunkFile {
  format: typeof IDS_FORMAT;
  version: typeof SEARCH_INDEX_VERSION;
  kind: Kind;
  chunk: number;
  ids: string[];
  generated_at: string;
}

/** The documents of a kind's common term lists and id chunks. */
export function renderCommonLists(kind: Kind, lists: readonly CommonList[], ids: readonly string[]): IndexDocument[] {
  const documents: IndexDocument[] = [];
  for (const list of lists) {
    const width = classWidth(list.classes.length);
    const parts: number[] = [];
    for (let start = 0; start < list.ranks.length;) {
      const part = Math.floor(list.ranks[start]! / COMMON_PART_RANKS);
      let end = start;
      while (end < list.ranks.length && list.ranks[end]! < (part + 1) * COMMON_PART_RANKS) end++;
      let classes = '';
      for (let i = start; i < end; i++) classes += classDigits(list.classOf[i]!, width);
      const file: CommonPartFile = {
        format: PART_FORMAT,
        version: SEARCH_INDEX_VERSION,
        kind,
        term: list.term,
        part,
        entities: encodeRanks(Array.from(list.ranks.subarray(start, end))),
        classes,
        generated_at: '',
      };
      documents.push({ path: commonPartPath(kind, list.term, part), content: JSON.stringify(file) });
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
    documents.push({ path: commonTermPath(kind, list.term), content: JSON.stringify(head) });
  }
  for (let chunk = 0; chunk * ID_CHUNK_RANKS < ids.length; chunk++) {
    const file: IdChunkFile = {
      format: IDS_FORMAT,
      version: SEARCH_INDEX_VERSION,
      kind,
      chunk,
      ids: ids.slice(chunk * ID_CHUNK_RANKS, (chunk + 1) * ID_CHUNK_RANKS),
      generated_at: '',
    };
    documents.push({ path: idChunkPath(kind, chunk), content: JSON.stringify(file) });
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
  if (!Array.isArray(reached) || !reached.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && isCount(entry[1]) && isCount(entry[2])))
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
  if (!Array.isArray(file.parts) || !file.parts.every((part, i) => isCount(part) && (i === 0 || part > file.parts[i - 1]!))) throw malformed(path, 'parts');
  return { list: { term, reached, classes }, parts: file.parts, width: file.class_width, generatedAt: file.generated_at };
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
  let ranks: Int32Array;
  try {
    ranks = decodeRankArray(file.entities);
  } catch {
    throw malformed(path, 'entities');
  }
  const inPart = ranks.length > 0 && ranks[0]! >= part * COMMON_PART_RANKS && ranks[ranks.length - 1]! < (part + 1) * COMMON_PART_RANKS;
  if (!inPart || typeof file.classes !== 'string' || file.classes.length !== width * ranks.length) throw malformed(path, 'entities');
  const classOf = decodeClasses(file.classes, width, ranks.length, classCount);
  if (classOf === undefined) throw malformed(path, 'classes');
  return { ranks, classOf, generatedAt: file.generated_at };
}

/** Parses chunk `chunk` of `kind`'s ids: the ids of its ranks in order. */
export function parseIdChunk(path: string, text: string, kind: Kind, chunk: number): { ids: string[]; generatedAt: string } {
  const file = parseVersioned<IdChunkFile>(path, text, IDS_FORMAT, kind);
  if (file.chunk !== chunk) throw malformed(path, 'chunk');
  if (!Array.isArray(file.ids) || file.ids.length > ID_CHUNK_RANKS || !file.ids.every((id) => typeof id === 'string')) throw malformed(path, 'ids');
  return { ids: file.ids, generatedAt: file.generated_at };
}

// The `count` classes of `width` base-62 digits each in `text`, or undefined when a digit is not one or a class is not
// below `classCount`. A loop per width: one loop over the digits of each class cost twice as much.
function decodeClasses(text: string, width: number, count: number, classCount: number): Uint16Array | undefined {
  const classes = new Uint16Array(count);
  let [least, most] = [0, 0];
  for (let i = 0; i < count; i++) {
    let value = 0;
    if (width === 1) {
      const code = text.charCodeAt(i);
      value = code < 128 ? DIGIT_VALUES[code]! : -1;
    } else {
      for (let j = i * width; j < (i + 1) * width; j++) {
        const code = text.charCodeAt(j);
        const digit = code < 128 ? DIGIT_VALUES[code]! : -1;
        if (digit < 0) return undefined;
        value = value * CLASS_DIGITS.length + digit;
      }
    }
    least = Math.min(least, value);
    most = Math.max(most, value);
    classes[i] = value;
  }
  return least < 0 || most >= classCount ? undefined : classes;
}

// Characters a class is written with for a list of `count` classes.
function classWidth(count: number): number {
  let width = 1;
  while (CLASS_DIGITS.length ** width < count) width++;
  return width;
}

function classDigits(value: number, width: number): string {
  let digits = '';
  for (let j = 0; j < width; j++, value = Math.floor(value / CLASS_DIGITS.length)) digits = CLASS_DIGITS[value % CLASS_DIGITS.length]! + digits;
  return digits;
}
