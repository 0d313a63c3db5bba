/**
 * The lists of common query terms and the ids by slot, as documents of the search index
 * (docs/api.md#common-terms): a list's parts (the entities it holds of a range of slots, a
 * bit an entity at most), and the chunks and blocks of ids a window of matches of common
 * terms is named from. Entities are named by slot (slot-order.ts).
 */
import type { CommonList } from './common-terms.js';
import type { Kind, Search } from '../semantics/index.js';
import { commonPartPath, idBlockPath, idChunkPath } from './search-paths.js';
import { decodeMembers, encodeMembers } from './membership-codec.js';
import { slotsOfRanks } from './slot-assignment.js';
import {
  malformed,
  parseVersioned,
  SEARCH_INDEX_FORMAT,
  SEARCH_INDEX_VERSION,
  AS_TEXT,
  type ContentForm,
  type IndexDocument,
} from './search-format.js';
import { parseDocument, SiteError } from '../formats/index.js';
import { versionsInOrder, HOLE_VERSION, holdsVersions, type BODY_VERSION_CHARS } from './body-version.js';
import { PENDING_BODIES } from './pending-bodies.js';
import type { SlotOrder } from './slot-order.js';

const PART_FORMAT = `${SEARCH_INDEX_FORMAT}-common-part`;

/**
 * Slots a part of a list covers. Every list has a part for each range of the kind's slots, so
 * a reader knows them from the entry's count of slots: one on the M set (50,000 exhibitors), two on
 * the L set (250,000), and a change to one entity rewrites one part of each list holding it,
 * 22 kB at most. With parts of 65,536 ranks a first answer read a median of 11 documents on
 * the L set (bench/index-reads.ts), with these 7; the smaller parts halved what a change
 * rewrites of a list, a small part of what it writes (66 files, 8.2 MB in all, for an
 * exhibitor's intro and tags).
 */
export const COMMON_PART_SLOTS = 131_072;

/** The parts every list of a kind of `slots` slots has: part 0 to this, excluded. */
export function commonParts(slots: number): number {
  return Math.max(1, Math.ceil(slots / COMMON_PART_SLOTS));
}

/**
 * Slots a chunk of ids covers. A window of matches of common terms is spread over the ranks, so
 * its ids are read a chunk each: 16 ids (about 110 bytes gzipped on the L set, 200 with the
 * members other documents have) keep a window of 500 near 55 kB; chunks of 256 read 370 kB
 * for it (measured on the M set), chunks of 8 save only a third of 16's.
 */
export const ID_CHUNK_SLOTS = 16;
/**
 * Slots a block of ids covers: the ids of 64 chunks in one document, 2.4 to 3.4 kB gzipped on
 * the L set, read instead of the chunks where a window needs more than
 * {@link BLOCK_READ_CHUNKS} of them (a window of 500 of the 10,000 service providers needs
 * about 350 chunks, 46 kB; their 10 blocks are 24 kB).
 */
export const ID_BLOCK_SLOTS = 1_024;
/**
 * Chunks of a block a window must need for the block to be read instead: past 3 of its 64,
 * one document of about 3 kB gzipped instead of 4 of about 200 bytes, as each document is a
 * request (a subrequest at the edge) and a window of matches spread over the ranks would
 * otherwise read a chunk a match.
 */
export const BLOCK_READ_CHUNKS = 3;

/** A part of a common term's list: the entities it holds of slots from `part` × {@link COMMON_PART_SLOTS}. */
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
  /** {@link CommonList.ids} of {@link members}, in slot order, when the list has them. */
  ids?: string[];
  /** With {@link ids}, the {@link BODY_VERSION_CHARS} of each one's body version, back to back (body-version.ts). */
  bodies?: string;
  generated_at: string;
}

/**
 * The ids of a kind's entities of slots from `chunk` × {@link ID_CHUNK_SLOTS} (or from `block` ×
 * {@link ID_BLOCK_SLOTS}), `""` for a hole, and the version of each one's body in this snapshot: the version and no
 * more, as a window of matches reads a chunk each (their path names the kind and chunk). No `generated_at` either:
 * the entry's `revision` changes with them, so the entry, read for every `q`, is stamped whenever they change.
 */
export interface IdsFile {
  version: typeof SEARCH_INDEX_VERSION;
  ids: string[];
  /** The {@link BODY_VERSION_CHARS} of each slot's body version, back to back; a hole's are {@link HOLE_VERSION}. */
  bodies: string;
}

/** The ids of a chunk or block of slots, and the version of each one's body in the snapshot that names the document. */
export interface SlotIds {
  ids: string[];
  /** Each slot's body version, {@link HOLE_VERSION} for a hole, back to back. */
  bodies: string;
}

/**
 * The documents of the common term lists of a kind's search, of `slots` slots, naming the entity of each rank by
 * `slotOfRank`, each handed over in the `form` given; a part naming ids has its bodies pending (pending-bodies.ts).
 */
export function renderCommonLists(
  search: Search,
  kind: Kind,
  lists: readonly CommonList[],
  slots: number,
  slotOfRank: Int32Array,
  form: ContentForm = AS_TEXT,
): IndexDocument[] {
  const documents: IndexDocument[] = [];
  for (const list of lists) {
    const { slots: memberSlots, listed } = slotsOfRanks(list.ranks, slotOfRank);
    const ids = listed && list.ids ? Array.from(listed, (i) => list.ids![i]!) : list.ids;
    // Only `text` reads `own` (a word before its last), and only where it is not the list itself.
    const owns = search === 'text' && list.own !== list.ranks;
    const members = new PartCutter(memberSlots);
    const own = owns ? new PartCutter(slotsOfRanks(list.own, slotOfRank).slots) : undefined;
    for (let part = 0; part < commonParts(slots); part++) {
      const [start, end] = [part * COMMON_PART_SLOTS, (part + 1) * COMMON_PART_SLOTS];
      const from = members.at;
      const held = encodeMembers(members.next(end), start, end);
      const owned = own ? encodeMembers(own.next(end), start, end) : held;
      const file: CommonPartFile = {
        format: PART_FORMAT,
        version: SEARCH_INDEX_VERSION,
        kind,
        term: list.term,
        part,
        first: list.first,
        members: held,
        ...(owned !== held && { own: owned }),
        ...(ids && { ids: ids.slice(from, members.at), bodies: PENDING_BODIES }),
        generated_at: '',
      };
      documents.push({
        path: commonPartPath(kind, list.term, part, search),
        content: form(JSON.stringify(file)),
        ...(ids && { bodySlots: memberSlots.subarray(from, members.at) }),
      });
    }
  }
  return documents;
}

// Cuts ascending slots into the runs of consecutive parts.
class PartCutter {
  /** Where the next run starts. */
  at = 0;

  constructor(private readonly slots: Int32Array) {}

  /** The slots from where the last run ended up to `end`, excluded. */
  next(end: number): Int32Array {
    const from = this.at;
    while (this.at < this.slots.length && this.slots[this.at]! < end) this.at++;
    return this.slots.subarray(from, this.at);
  }
}

/**
 * The documents of a kind's ids by slot (`""` for a hole), in chunks and in blocks: both searches name their matches
 * from them. A chunk's ids are also its block's: the chunks go by their block's generation (index-versions.ts).
 */
export function renderIds(
  kind: Kind,
  idsBySlot: readonly string[],
  bodyOfSlot: (slot: number) => string,
): { chunks: IndexDocument[]; blocks: IndexDocument[] } {
  const render = (slots: number, path: (kind: Kind, at: number) => string): IndexDocument[] => {
    const documents: IndexDocument[] = [];
    for (let at = 0; at * slots < idsBySlot.length; at++) {
      const ids = idsBySlot.slice(at * slots, (at + 1) * slots);
      const bodies = ids.map((id, i) => (id === '' ? HOLE_VERSION : bodyOfSlot(at * slots + i))).join('');
      const file: IdsFile = { version: SEARCH_INDEX_VERSION, ids, bodies };
      documents.push({ path: path(kind, at), content: JSON.stringify(file), timestamped: false });
    }
    return documents;
  };
  return { chunks: render(ID_CHUNK_SLOTS, idChunkPath), blocks: render(ID_BLOCK_SLOTS, idBlockPath) };
}

/** A part of a common term's list as parsed: entities by slot, ascending. */
export interface CommonPart {
  first: string;
  slots: Int32Array;
  own: Int32Array;
  ids: string[] | undefined;
  /** With {@link ids}, each one's body version, back to back. */
  bodies: string | undefined;
  generatedAt: string;
}

/** Parses part `part` of the list of `kind`'s common term `term`: the first name term it reaches, and the entities it holds of the part. */
export function parseCommonPart(path: string, text: string, kind: Kind, term: string, part: number): CommonPart {
  const file = parseVersioned<CommonPartFile>(path, text, PART_FORMAT, kind);
  if (file.term !== term || file.part !== part) throw malformed(path, 'part');
  if (typeof file.first !== 'string') throw malformed(path, 'first');
  const [start, end] = [part * COMMON_PART_SLOTS, (part + 1) * COMMON_PART_SLOTS];
  const decode = (member: 'members' | 'own') => {
    const value = file[member];
    const ranks = typeof value === 'string' ? decodeMembers(value, start, end) : undefined;
    if (ranks === undefined) throw malformed(path, member);
    return ranks;
  };
  const slots = decode('members');
  const ids = file.ids;
  if (
    ids !== undefined &&
    (!Array.isArray(ids) || ids.length !== slots.length || !ids.every((id) => typeof id === 'string'))
  )
    throw malformed(path, 'ids');
  const bodies = file.bodies;
  if (ids !== undefined && !holdsVersions(bodies, ids.length)) throw malformed(path, 'bodies');
  return {
    ids,
    bodies: ids && bodies,
    first: file.first,
    slots,
    own: file.own === undefined ? slots : decode('own'),
    generatedAt: file.generated_at,
  };
}

/**
 * The list of `kind`'s common term `term` from all its parts, in order, its entities turned from
 * slots to ranks by `order` (ascending), and the latest `generated_at` of its parts.
 */
export function joinCommonParts(
  kind: Kind,
  term: string,
  parts: readonly CommonPart[],
  order: SlotOrder,
): { list: CommonList; generatedAt: string } {
  const first = parts[0]!.first;
  if (parts.some((part) => part.first !== first))
    throw new SiteError(
      `the parts of the list of ${JSON.stringify(term)} in the ${kind} search index disagree; rebuild the site`,
    );
  const slots = joined(parts.map((part) => part.slots));
  if (order.namesNoEntity(slots))
    throw new SiteError(
      `the list of ${JSON.stringify(term)} in the ${kind} search index holds a slot of no entity; rebuild the site`,
    );
  const { ranks, order: listed } = order.ranksOfSlots(slots);
  const named = parts.every((part) => part.ids !== undefined);
  const ids = named ? parts.flatMap((part) => part.ids!) : undefined;
  const bodies = named ? parts.map((part) => part.bodies!).join('') : undefined;
  const ownSlots = parts.every((part) => part.own === part.slots) ? undefined : joined(parts.map((part) => part.own));
  return {
    list: {
      term,
      first,
      ranks,
      ...(ids && { ids: listed ? Array.from(listed, (i) => ids[i]!) : ids }),
      ...(bodies !== undefined && { bodies: listed ? versionsInOrder(bodies, listed) : bodies }),
      own: ownSlots === undefined ? ranks : order.ranksOfSlots(ownSlots).ranks,
    },
    generatedAt: parts.reduce((latest, part) => (part.generatedAt > latest ? part.generatedAt : latest), ''),
  };
}

// Ascending runs, one after another, as one array (the run itself when there is one).
function joined(runs: readonly Int32Array[]): Int32Array {
  if (runs.length === 1) return runs[0]!;
  const all = new Int32Array(runs.reduce((sum, run) => sum + run.length, 0));
  let at = 0;
  for (const run of runs) {
    all.set(run, at);
    at += run.length;
  }
  return all;
}

/** Parses a chunk or block of ids, of `slots` slots: the ids of its slots in order (`""` for a hole) and their bodies' versions. */
export function parseIds(path: string, text: string, slots: number): SlotIds {
  const file = parseDocument<Partial<IdsFile> | null>(path, text);
  if (file?.version !== SEARCH_INDEX_VERSION)
    throw new SiteError(
      `${path} is not a document of ids of version ${SEARCH_INDEX_VERSION}; rebuild the site with this version`,
    );
  const { ids, bodies } = file;
  if (!Array.isArray(ids) || ids.length > slots || !ids.every((id) => typeof id === 'string'))
    throw malformed(path, 'ids');
  if (!holdsVersions(bodies, ids.length)) throw malformed(path, 'bodies');
  return {
    ids,
    bodies,
  };
}
