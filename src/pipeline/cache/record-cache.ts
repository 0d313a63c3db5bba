/**
 * The record cache (docs/api.md#manifest): what a rebuild keeps of the previous build so
 * that a record whose source text did not change is not validated, modelled or serialized
 * again. The cache (never served) says what it is valid for (`.dataset-site/records.json`)
 * and lists, for each entity of the previous build in its dump's order, the digest of its
 * record's source text, the length of its JSON and its digest, in one file for each part
 * of the dump (`.dataset-site/records/{collection}/{key}.json`, as the part is named, so
 * that a rebuild writes only those of the parts it changed). The entity's bytes are read
 * back from the parts of the previous dump (`dumps/{collection}.json` lists them), which
 * hold them line by line in that order.
 *
 * What an entity's bytes depend on besides its record is checked where it is known: the
 * code, the served layout and the base URL here (a change of any discards the cache); an
 * exhibition's status against the build date (model.ts); an exhibitor's exhibitions
 * (validate.ts). Records and entities are known by kind and id.
 */
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  documentVersion,
  dumpIndexPath,
  dumpPartPath,
  type DumpPartEntry,
  RECORD_CACHE_PATH,
  RECORD_CACHE_FOLDER,
} from '../../query/formats/index.js';
import { parseDumpIndex } from '../../schema/index.js';
import { type Dataset } from '../../query/dataset/index.js';
import { type Entity, COLLECTIONS, KINDS, type Kind } from '../../query/semantics/index.js';
import { SERVED_LAYOUT_VERSION, sourceFieldsOf } from '../index.js';
import {
  type DumpPart,
  entityBytes,
  entityLength,
  packedKindBytes,
  type EntityStore,
  type KindBytes,
  type ReusedEntities,
  type OutputFile,
} from '../assemble/index.js';
import { contentFingerprint, DIGEST_BYTES, entityBytesDigest } from '../../shared/index.js';
import { currentJson } from '../../site/index.js';

// 2: the records of each part of a dump in a file of their own, named by the part's key.
const RECORD_CACHE_VERSION = documentVersion('records');
const KEY_CHARS = 27; // a SHA-1 in base64url
const NO_KEY = '*'.repeat(KEY_CHARS);
const NEWLINE = 0x0a;

/** Where a valid record came from, as far as the record cache is concerned. */
export interface RecordOrigin {
  /** The digest of its source text ({@link sourceKey}); `undefined` when it had diagnostics, which every build must give anew. */
  key: string | undefined;
  /** Its rank in the previous build's dump, when those bytes are its entity's bytes in this build too. */
  previous: number | undefined;
}

/** The origin of each valid record, and of the entity made from it, by kind and id. */
export type RecordOrigins = Record<Kind, Map<string, RecordOrigin>>;

/** No origins yet, for each kind. */
export function noOrigins(): RecordOrigins {
  return { exhibition: new Map(), exhibitor: new Map(), service_provider: new Map() };
}

/** How many entities keep the bytes the previous build gave them. */
export function reusedCount(origins: RecordOrigins): number {
  let reused = 0;
  for (const kind of KINDS) for (const origin of origins[kind].values()) if (origin.previous !== undefined) reused++;
  return reused;
}

/** What the previous build left of one kind: the rank of each cached record by key, and its entities' bytes. */
export interface PreviousKind {
  ranks: Map<string, number>;
  /** The previous dump as one chunk, with each entity's span and digest. */
  bytes: KindBytes;
  /** The SHA-256 of each part of the dump, by key: a part of the same key holds the same bytes. */
  sha256: Map<string, string>;
}

/** The previous build's records, for the kinds whose cache and dump were found intact. */
export type PreviousRecords = Partial<Record<Kind, PreviousKind>>;

/** What the cache is valid for: entities' bytes depend on the code that made them and the base URL. */
export interface CacheScope {
  code: string;
  baseUrl: string;
}

// `.dataset-site/records.json`: what the cache is valid for. `layout` is the SERVED_LAYOUT_VERSION
// of the dump's entities, from which their source fields are read.
const CACHE_FILE = z.object({
  version: z.literal(RECORD_CACHE_VERSION),
  layout: z.number(),
  code: z.string(),
  baseUrl: z.string(),
});
type CacheFile = z.infer<typeof CACHE_FILE>;

// The cache of the entities of one part of a dump, in its order: each record's sourceKey (or
// NO_KEY) back to back, the lengths of the entities' JSON, their digests in base64.
const PART_RECORDS = z.object({ keys: z.string(), lengths: z.array(z.int().positive()), digests: z.string() });
type PartRecords = z.infer<typeof PART_RECORDS>;

/** The key of a record's source text: its SHA-1 in base64url. */
export function sourceKey(text: string): string {
  return contentFingerprint(text);
}

/**
 * The previous build's records in `outDir`: empty for a first build; none of a kind whose dump
 * index or a part is missing or not the size the index says. Without a cache of this version,
 * code and base URL (or with one whose part's records are missing or not the size the others
 * say), a kind's entities are known by no key, so none is reused; their bytes, read from the
 * dump, are still the previous build's bodies, which a rebuild copies where they change
 * (body-copies.ts).
 */
export async function readPreviousRecords(outDir: string, scope: CacheScope): Promise<PreviousRecords> {
  const text = await readFile(path.join(outDir, RECORD_CACHE_PATH), 'utf8').catch(() => undefined);
  // A cache of another version, or damaged, is not used.
  const cache = text === undefined ? undefined : CACHE_FILE.safeParse(currentJson(text, RECORD_CACHE_VERSION)).data;
  const reusable =
    cache !== undefined &&
    cache.layout === SERVED_LAYOUT_VERSION &&
    cache.code === scope.code &&
    cache.baseUrl === scope.baseUrl;
  const previous: PreviousRecords = {};
  for (const kind of KINDS) {
    const indexText = await readFile(path.join(outDir, dumpIndexPath(kind)), 'utf8').catch(() => undefined);
    const index = indexText === undefined ? undefined : parseDumpIndex(kind, indexText);
    if (index === undefined || 'error' in index) continue;
    const records = reusable ? await Promise.all(index.parts.map((part) => readPartRecords(outDir, kind, part))) : [];
    const dump = await readDump(outDir, kind, index.parts);
    if (dump === undefined) continue;
    const sha256 = new Map(index.parts.map((part) => [part.key, part.sha256]));
    if (records.length === 0 || records.some((part) => part === undefined)) {
      previous[kind] = { ranks: new Map(), bytes: dumpBodies(dump), sha256 };
      continue;
    }
    const listed = records as PartRecords[];
    const lengths = listed.flatMap((part) => part.lengths);
    const keys = listed.map((part) => part.keys).join('');
    const digests = Buffer.concat(listed.map((part) => Buffer.from(part.digests, 'base64')));
    const ranks = new Map<string, number>();
    for (let rank = 0; rank < lengths.length; rank++) {
      const key = keys.slice(rank * KEY_CHARS, (rank + 1) * KEY_CHARS);
      if (key !== NO_KEY) ranks.set(key, rank);
    }
    previous[kind] = { ranks, bytes: packedKindBytes(dump, lengths, digests), sha256 };
  }
  return previous;
}

// The entities of a dump read without its records: each line's length and digest.
function dumpBodies(dump: SharedArrayBuffer): KindBytes {
  const bytes = Buffer.from(dump);
  const lengths: number[] = [];
  for (let at = 0; at < bytes.length;) {
    const end = bytes.indexOf(NEWLINE, at);
    const next = end < 0 ? bytes.length : end;
    lengths.push(next - at);
    at = next + 1;
  }
  const digests = Buffer.alloc(lengths.length * DIGEST_BYTES);
  let at = 0;
  lengths.forEach((length, rank) => {
    digests.set(entityBytesDigest(bytes.subarray(at, at + length)), rank * DIGEST_BYTES);
    at += length + 1;
  });
  return packedKindBytes(dump, lengths, digests);
}

// The records of a part's entities, when they are as many and as long as the part says.
async function readPartRecords(outDir: string, kind: Kind, part: DumpPartEntry): Promise<PartRecords | undefined> {
  const text = await readFile(path.join(outDir, partRecordsPath(kind, part.key)), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const records = parseJson(PART_RECORDS, text);
  if (records === undefined || records.lengths.length !== part.count || records.keys.length !== part.count * KEY_CHARS)
    return undefined;
  if (Buffer.byteLength(records.digests, 'base64') !== part.count * DIGEST_BYTES) return undefined;
  return records.lengths.reduce((sum, length) => sum + length + 1, 0) === part.bytes ? records : undefined;
}

// A part's records of the format, or `undefined`: a cache that cannot be read is not used.
function parseJson<T>(format: z.ZodType<T>, text: string): T | undefined {
  try {
    const parsed = format.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// The dump's parts read back to back into one shared chunk (shared with the writer threads as
// it is), when each holds the bytes its index says (which its records' lengths add up to) and they fit one chunk.
async function readDump(
  outDir: string,
  kind: Kind,
  parts: readonly DumpPartEntry[],
): Promise<SharedArrayBuffer | undefined> {
  const size = parts.reduce((sum, part) => sum + part.bytes, 0);
  if (size > 2 ** 31 - 1) return undefined;
  const buffer = new SharedArrayBuffer(size);
  const view = new Uint8Array(buffer);
  let at = 0;
  for (const part of parts) {
    if (!(await readExactly(path.join(outDir, dumpPartPath(kind, part.key)), view.subarray(at, at + part.bytes))))
      return undefined;
    at += part.bytes;
  }
  return buffer;
}

// Fills `into` with the file's bytes; false when the file cannot be read or is not exactly that long.
async function readExactly(file: string, into: Uint8Array): Promise<boolean> {
  const handle = await open(file).catch(() => undefined);
  if (handle === undefined) return false;
  try {
    if ((await handle.stat()).size !== into.length) return false;
    for (let at = 0; at < into.length;) {
      const { bytesRead } = await handle.read(into, at, into.length - at, at);
      if (bytesRead === 0) return false;
      at += bytesRead;
    }
    return true;
  } finally {
    await handle.close();
  }
}

/**
 * The source fields of a previous entity (with an exhibition's status as derived then),
 * read from its bytes up to its `_links`; `undefined` when they cannot be read.
 */
export function previousFields(previous: PreviousKind, rank: number): Entity | undefined {
  return sourceFieldsOf(entityBytes(previous.bytes, rank));
}

/** The entities whose bytes the previous build's dumps hold, for serializeEntities. */
export function reusedEntities(previous: PreviousRecords, origins: RecordOrigins): ReusedEntities {
  const bytes: ReusedEntities['bytes'] = {};
  for (const kind of KINDS) if (previous[kind] !== undefined) bytes[kind] = previous[kind].bytes;
  return { bytes, rankOf: (kind, entity) => origins[kind].get(entity.id)?.previous };
}

/**
 * The record cache of this build, for the next one: its scope, and for each part of each
 * kind's dump its entities' records' keys, lengths and digests, in dump order. A part's
 * file is named by the part's key, so a rebuild writes only those of the parts it changed.
 */
export function recordCacheFiles(
  dataset: Dataset,
  store: EntityStore,
  origins: RecordOrigins,
  scope: CacheScope,
  parts: Record<Kind, readonly DumpPart[]>,
): OutputFile[] {
  const cache: CacheFile = {
    version: RECORD_CACHE_VERSION,
    layout: SERVED_LAYOUT_VERSION,
    code: scope.code,
    baseUrl: scope.baseUrl,
  };
  const files: OutputFile[] = [{ path: RECORD_CACHE_PATH, content: JSON.stringify(cache), timestamped: false }];
  for (const kind of KINDS) {
    const entities: readonly Entity[] = dataset.entities[kind];
    const bytes = store.bytes[kind];
    for (const { key, from, to } of parts[kind]) {
      const records: PartRecords = {
        keys: entities
          .slice(from, to)
          .map((entity) => origins[kind].get(entity.id)?.key ?? NO_KEY)
          .join(''),
        lengths: Array.from({ length: to - from }, (_, i) => entityLength(bytes, from + i)),
        digests: store.digests[kind].subarray(from * DIGEST_BYTES, to * DIGEST_BYTES).toString('base64'),
      };
      files.push({ path: partRecordsPath(kind, key), content: JSON.stringify(records), timestamped: false });
    }
  }
  return files;
}

// The records of a part of a kind's dump, named by the part's key.
function partRecordsPath(kind: Kind, key: string): string {
  return `${RECORD_CACHE_FOLDER}/${COLLECTIONS[kind]}/${key}.json`;
}
