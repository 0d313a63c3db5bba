/**
 * The generations of the documents an entry names (docs/api.md#snapshots): every document of a
 * search index is immutable, written at its logical path and the generation (the build) that
 * last changed it (formats' versionedPath), and its entry says which, in its `versions`
 * member. A chunk of ids goes by its block's generation: the block holds the chunk's ids, so
 * it changes whenever the chunk does, and the entry names 16 blocks where it would name 1,024 chunks.
 *
 * Each list is written as the distances from the entry's `generation` (the latest of them), in
 * base 36, comma-separated: mostly one character, where a generation would take three or four.
 */
import { versionedPath } from '../formats/index.js';
import { type Kind, type Search, type ValueParameter } from '../semantics/index.js';
import { ID_BLOCK_SLOTS, ID_CHUNK_SLOTS } from './common-lists.js';
import {
  commonPartPath,
  exhibitionDatesPath,
  filterShardPath,
  idBlockPath,
  idChunkPath,
  termShardPath,
} from './search-paths.js';
import { malformed } from './search-format.js';

/** The `versions` member of an entry as written. */
export interface VersionsFile {
  /** The latest generation of the documents named, which the others are written from. */
  generation: number;
  /** Of each term shard, as the entry's `terms`. */
  terms: string;
  /** Of each part of each common list, list by list in the order of the entry's `common`. */
  common: string;
  /** Of each value shard of each filter and of the relation filter, as the entry's `filters` and `relations` (the `q` entry's only). */
  values?: Partial<Record<ValueParameter, string>>;
  /** Of each block of ids, and so of its chunks (the `q` entry's only). */
  id_blocks?: string;
  /** Of the exhibitions' days (the exhibitions' `q` entry only). */
  dates?: string;
}

/** What an entry names, to find the generation of each: its shards' starts, its lists' terms and its value shards' starts. */
export interface NamedDocuments {
  kind: Kind;
  search: Search;
  /** The first term of each term shard. */
  starts: readonly string[];
  /** The term of each common list. */
  lists: readonly string[];
  /** The first value of each value shard, by filter (the `q` entry's only). */
  values?: Partial<Record<ValueParameter, readonly string[]>>;
}

/** The generations of an entry's documents, as read; each document's path at its generation. */
export class EntryVersions {
  private readonly starts: Map<string, number>;
  private readonly lists: Map<string, number>;
  private readonly parts: number;
  private readonly values = new Map<string, number>();

  private constructor(
    private readonly named: NamedDocuments,
    private readonly decoded: Decoded,
  ) {
    this.starts = new Map(named.starts.map((start, i) => [start, decoded.terms[i]!]));
    this.lists = new Map(named.lists.map((term, i) => [term, i]));
    this.parts = named.lists.length === 0 ? 0 : decoded.common.length / named.lists.length;
    for (const [parameter, starts] of Object.entries(named.values ?? {}) as [ValueParameter, readonly string[]][])
      starts.forEach((start, i) => this.values.set(`${parameter}\n${start}`, decoded.values[parameter]![i]!));
  }

  /** Parses an entry's `versions` for the documents it names; a list that does not fit them is a SiteError. */
  static parse(path: string, file: unknown, named: NamedDocuments): EntryVersions {
    const versions = file as Partial<VersionsFile> | undefined;
    const generation = versions?.generation;
    if (typeof versions !== 'object' || versions === null || !Number.isSafeInteger(generation))
      throw malformed(path, 'versions');
    const list = (text: unknown, length: number | undefined): number[] => {
      const decoded = decodeGenerations(text, generation!);
      if (decoded === undefined || (length !== undefined && decoded.length !== length))
        throw malformed(path, 'versions');
      return decoded;
    };
    const common = list(versions.common, undefined);
    if (named.lists.length === 0 ? common.length > 0 : common.length % named.lists.length !== 0)
      throw malformed(path, 'versions');
    const values: Partial<Record<ValueParameter, number[]>> = {};
    for (const [parameter, starts] of Object.entries(named.values ?? {}) as [ValueParameter, readonly string[]][])
      values[parameter] = list(versions.values?.[parameter], starts.length);
    const decoded: Decoded = {
      terms: list(versions.terms, named.starts.length),
      common,
      values,
      idBlocks: named.search === 'q' ? list(versions.id_blocks, undefined) : [],
      dates: named.search === 'q' && named.kind === 'exhibition' ? list(versions.dates, 1)[0] : undefined,
    };
    return new EntryVersions(named, decoded);
  }

  /** The path of the term shard whose first term is `start`. */
  termShard(start: string): string {
    return this.at(termShardPath(this.named.kind, start, this.named.search), this.starts.get(start));
  }

  /** The path of part `part` of the list of the common term `term`. */
  commonPart(term: string, part: number): string {
    const list = this.lists.get(term);
    const generation =
      list === undefined || part >= this.parts ? undefined : this.decoded.common[list * this.parts + part];
    return this.at(commonPartPath(this.named.kind, term, part, this.named.search), generation);
  }

  /** The path of the value shard of `parameter` whose first value is `start`. */
  valueShard(parameter: ValueParameter, start: string): string {
    return this.at(filterShardPath(this.named.kind, parameter, start), this.values.get(`${parameter}\n${start}`));
  }

  /** The path of the block of ids `block`. */
  idBlock(block: number): string {
    return this.at(idBlockPath(this.named.kind, block), this.decoded.idBlocks[block]);
  }

  /** The path of the chunk of ids `chunk`: at its block's generation. */
  idChunk(chunk: number): string {
    const block = Math.floor((chunk * ID_CHUNK_SLOTS) / ID_BLOCK_SLOTS);
    return this.at(idChunkPath(this.named.kind, chunk), this.decoded.idBlocks[block]);
  }

  /** Every document the entry names at its generation; `slots`, the slots of its kind (so its chunks of ids), for a `q` entry. */
  documents(slots = 0): string[] {
    const { kind, search, starts, lists } = this.named;
    const paths = [
      ...starts.map((start) => this.termShard(start)),
      ...lists.flatMap((term) => Array.from({ length: this.parts }, (_, part) => this.commonPart(term, part))),
      ...[...this.values.keys()].map((key) => {
        const at = key.indexOf('\n');
        return this.valueShard(key.slice(0, at) as ValueParameter, key.slice(at + 1));
      }),
    ];
    if (search !== 'q') return paths;
    paths.push(...this.decoded.idBlocks.map((_, block) => this.idBlock(block)));
    for (let chunk = 0; chunk * ID_CHUNK_SLOTS < slots; chunk++) paths.push(this.idChunk(chunk));
    if (kind === 'exhibition') paths.push(this.dates());
    return paths;
  }

  /** The path of the exhibitions' days. */
  dates(): string {
    return this.at(exhibitionDatesPath(), this.decoded.dates);
  }

  // A document the entry names at its generation; one it does not name is a SiteError (a reader asked what the index lacks).
  private at(path: string, generation: number | undefined): string {
    if (generation === undefined) throw malformed(path, 'its generation, which its entry does not name');
    return versionedPath(path, generation);
  }
}

// The generations of an entry's documents, decoded.
interface Decoded {
  terms: number[];
  common: number[];
  values: Partial<Record<ValueParameter, number[]>>;
  idBlocks: number[];
  dates: number | undefined;
}

/**
 * The `versions` member of an entry naming these documents, each at the generation
 * `generationOf` gives its logical path; `blocks` blocks of ids in the `q` entry.
 */
export function versionsFile(
  named: NamedDocuments,
  blocks: number,
  parts: number,
  generationOf: (path: string) => number,
): VersionsFile {
  const { kind, search } = named;
  const terms = named.starts.map((start) => generationOf(termShardPath(kind, start, search)));
  const common = named.lists.flatMap((term) =>
    Array.from({ length: parts }, (_, part) => generationOf(commonPartPath(kind, term, part, search))),
  );
  const values = Object.entries(named.values ?? {}).map(([parameter, starts]): [string, number[]] => [
    parameter,
    starts.map((start) => generationOf(filterShardPath(kind, parameter as ValueParameter, start))),
  ]);
  const idBlocks =
    search === 'q' ? Array.from({ length: blocks }, (_, block) => generationOf(idBlockPath(kind, block))) : [];
  const dates = search === 'q' && kind === 'exhibition' ? [generationOf(exhibitionDatesPath())] : [];
  const generation = Math.max(1, ...terms, ...common, ...values.flatMap(([, list]) => list), ...idBlocks, ...dates);
  const file: VersionsFile = {
    generation,
    terms: encodeGenerations(terms, generation),
    common: encodeGenerations(common, generation),
  };
  if (search === 'q') {
    file.values = Object.fromEntries(
      values.map(([parameter, list]) => [parameter, encodeGenerations(list, generation)]),
    );
    file.id_blocks = encodeGenerations(idBlocks, generation);
    if (kind === 'exhibition') file.dates = encodeGenerations(dates, generation);
  }
  return file;
}

// Generations as their distances from `latest`, base 36, comma-separated.
function encodeGenerations(generations: readonly number[], latest: number): string {
  return generations.map((generation) => (latest - generation).toString(36)).join(',');
}

// The generations of a list written by encodeGenerations; `undefined` when it is not one.
function decodeGenerations(text: unknown, latest: number): number[] | undefined {
  if (typeof text !== 'string') return undefined;
  if (text === '') return [];
  const generations: number[] = [];
  for (const distance of text.split(',')) {
    if (!/^[0-9a-z]{1,8}$/.test(distance)) return undefined;
    const generation = latest - parseInt(distance, 36);
    if (generation < 1) return undefined;
    generations.push(generation);
  }
  return generations;
}
