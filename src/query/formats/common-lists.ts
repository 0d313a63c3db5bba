/**
 * The lists of common query terms and the ids by rank, as documents of the search index
 * (docs/api.md#common-terms): a list's parts (the entities it holds of a range of ranks, a
 * bit an entity at most), and the chunks and blocks of ids a window of matches of common
 * terms is named from.
 */
import type { CommonList, Kind, Search } from '../semantics/index.js';
import { commonPartPath, idBlockPath, idChunkPath } from './paths.js';
import { decodeMembers, encodeMembers } from './membership-codec.js';
import {
  malformed,
  parseVersioned,
  SEARCH_INDEX_FORMAT,
  SEARCH_INDEX_VERSION,
  type IndexDocument,
} from './search-format.js';
import { parseDocument, SiteError } from './site-error.js';

const PART_FORMAT = `${SEARCH_INDEX_FORMAT}-common-part`;

/**
 * Ranks a part of a list covers. Every list has a part for each range of the kind's ranks, so
 * a reader knows them from the entry's `count`: one on the M set (50,000 exhibitors), two on
 * the L set (250,000), and a change to one entity rewrites one part of each list holding it,
 * 22 kB at most. With parts of 65,536 ranks a first answer read a median of 11 documents on
 * the L set (bench/index-reads.ts), with these 7; the smaller parts halved what a change
 * rewrites of a list, a small part of what it writes (66 files, 8.2 MB in all, for an
 * exhibitor's intro and tags).
 */
export const COMMON_PART_RANKS = 131_072;

/** The parts every list of a kind of `count` entities has: part 0 to this, excluded. */
export function commonParts(count: number): number {
  return Math.max(1, Math.ceil(count / COMMON_PART_RANKS));
}

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
/**
 * Chunks of a block a window must need for the block to be read instead: past 3 of its 64,
 * one document of about 3 kB gzipped instead of 4 of about 200 bytes, as each document is a
 * request (a subrequest at the edge) and a window of matches spread over the ranks would
 * otherwise read a chunk a match.
 */
export const BLOCK_READ_CHUNKS = 3;

/** A part of a common term's list: the entities it holds of ranks from `part` × {@link COMMON_PART_RANKS}. */
export interface CommonPartFile {
  format: typeof PART_FORMAT;
  version: typeof SEARCH_INDEX_VERSION;
  kind: Kind;
  term: string;
  part: number;
  /** {@link CommonList.first} */
  first: string;
  /** The entities it holds, membership codec. */
  members: string;
  /** {@link CommonList.own}, membership codec, when it is not {@link members}: in `text`'s lists only. */
  own?: string;
  /** {@link CommonList.ids} of {@link members}, in rank order, when the list has them. */
  ids?: string[];
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

/** The documents of the common term lists of a kind's search, of `count` entities. */
export function renderCommonLists(
  search: Search,
  kind: Kind,
  lists: readonly CommonList[],
  count: number,
): IndexDocument[] {
  const documents: IndexDocument[] = [];
  for (const list of lists) {
    const [ranks, own] = [new PartCutter(list.ranks), new PartCutter(list.own)];
    for (let part = 0; part < commonParts(count); part++) {
      const [start, end] = [part * COMMON_PART_RANKS, (part + 1) * COMMON_PART_RANKS];
      const from = ranks.at;
      const members = encodeMembers(ranks.next(end), start, end);
      // Only `text` reads `own` (a word before its last), and only where it is not the list itself.
      const owned = search === 'text' && list.own !== list.ranks ? encodeMembers(own.next(end), start, end) : members;
      const file: CommonPartFile = {
        format: PART_FORMAT,
        version: SEARCH_INDEX_VERSION,
        kind,
        term: list.term,
        part,
        first: list.first,
        members,
        ...(owned !== members && { own: owned }),
        ...(list.ids && { ids: list.ids.slice(from, ranks.at) }),
        generated_at: '',
      };
      documents.push({ path: commonPartPath(kind, list.term, part, search), content: JSON.stringify(file) });
    }
  }
  return documents;
}

// Cuts ascending ranks into the runs of consecutive parts.
class PartCutter {
  /** Where the next run starts. */
  at = 0;

  constructor(private readonly ranks: Int32Array) {}

  /** The ranks from where the last run ended up to `end`, excluded. */
  next(end: number): Int32Array {
    const from = this.at;
    while (this.at < this.ranks.length && this.ranks[this.at]! < end) this.at++;
    return this.ranks.subarray(from, this.at);
  }
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

/** The common term of the most entities among `lists`, with the part of its first; undefined when there is none. */
export function commonExample(lists: readonly CommonList[]): CommonExample | undefined {
  let most: CommonList | undefined;
  for (const list of lists) if (most === undefined || list.ranks.length > most.ranks.length) most = list;
  return most && { term: most.term, part: Math.floor(most.ranks[0]! / COMMON_PART_RANKS) };
}

/** Parses part `part` of the list of `kind`'s common term `term`: the first name term it reaches, and the entities it holds of the part. */
export function parseCommonPart(
  path: string,
  text: string,
  kind: Kind,
  term: string,
  part: number,
): { first: string; ranks: Int32Array; own: Int32Array; ids: string[] | undefined; generatedAt: string } {
  const file = parseVersioned<CommonPartFile>(path, text, PART_FORMAT, kind);
  if (file.term !== term || file.part !== part) throw malformed(path, 'part');
  if (typeof file.first !== 'string') throw malformed(path, 'first');
  const [start, end] = [part * COMMON_PART_RANKS, (part + 1) * COMMON_PART_RANKS];
  const decode = (member: 'members' | 'own') => {
    const value = file[member];
    const ranks = typeof value === 'string' ? decodeMembers(value, start, end) : undefined;
    if (ranks === undefined) throw malformed(path, member);
    return ranks;
  };
  const ranks = decode('members');
  const ids = file.ids;
  if (
    ids !== undefined &&
    (!Array.isArray(ids) || ids.length !== ranks.length || !ids.every((id) => typeof id === 'string'))
  )
    throw malformed(path, 'ids');
  return {
    ids,
    first: file.first,
    ranks,
    own: file.own === undefined ? ranks : decode('own'),
    generatedAt: file.generated_at,
  };
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
