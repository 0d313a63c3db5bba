/**
 * The record cache (docs/api.md#manifest): what a rebuild keeps of the previous build so
 * that a record whose source text did not change is not validated, modelled or serialized
 * again. The cache (`.dataset-site/records.json`, never served) lists, for each entity of
 * the previous build in its dump's order, the digest of its record's source text, the
 * length of its JSON and its digest. The entity's bytes are read back from the previous
 * dump (`dumps/{collection}.ndjson`), which holds them line by line in that order.
 *
 * What an entity's bytes depend on besides its record is checked where it is known: the
 * code and the base URL here (a change of either discards the cache); an exhibition's
 * status against the build date (model.ts); an exhibitor's exhibitions (validate.ts).
 */
import { hash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { dumpPath } from '../query/formats/paths.js';
import type { Dataset } from '../query/semantics/dataset.js';
import type { Entity } from '../query/semantics/entity.js';
import { KINDS, type Kind } from '../query/semantics/kinds.js';
import { DIGEST_BYTES, entityLength, type EntityStore, type KindBytes, type ReusedEntities } from './entity-store.js';
import type { OutputFile } from './output.js';

/** Path of the record cache inside the site. */
export const RECORD_CACHE_PATH = '.dataset-site/records.json';
const RECORD_CACHE_VERSION = 1;
const KEY_CHARS = 27; // a SHA-1 in base64url
const NO_KEY = '*'.repeat(KEY_CHARS);
const LINKS_KEY = Buffer.from(',"_links":');

/** Where a valid record came from, as far as the record cache is concerned. */
export interface RecordOrigin {
  /** The digest of its source text ({@link sourceKey}); `undefined` when it had diagnostics, which every build must give anew. */
  key: string | undefined;
  /** Its rank in the previous build's dump, when those bytes are its entity's bytes in this build too. */
  previous: number | undefined;
}

/** The origin of each valid record, then of each entity made from one (model.ts). */
export type RecordOrigins = Map<object, RecordOrigin>;

/** What the previous build left of one kind: the rank of each cached record by key, and its entities' bytes. */
export interface PreviousKind {
  ranks: Map<string, number>;
  /** The previous dump as one chunk, with each entity's span and digest. */
  bytes: KindBytes;
  /** The same dump, to read from. */
  dump: Buffer;
}

/** The previous build's records, for the kinds whose cache and dump were found intact. */
export type PreviousRecords = Partial<Record<Kind, PreviousKind>>;

/** What the cache is valid for: entities' bytes depend on the code that made them and the base URL. */
export interface CacheScope {
  code: string;
  baseUrl: string;
}

interface CacheFile {
  version: number;
  code: string;
  baseUrl: string;
  kinds: Record<Kind, { keys: string; lengths: number[]; digests: string }>;
}

/** The key of a record's source text: its SHA-1 in base64url. */
export function sourceKey(text: string): string {
  return hash('sha1', text, 'base64url');
}

/**
 * The previous build's records in `outDir`: empty for a first build, a cache of another
 * version, code or base URL, or a kind whose dump is missing or not the size the cache says.
 */
export async function readPreviousRecords(outDir: string, scope: CacheScope): Promise<PreviousRecords> {
  const text = await readFile(path.join(outDir, RECORD_CACHE_PATH), 'utf8').catch(() => undefined);
  if (text === undefined) return {};
  let cache: CacheFile;
  try {
    cache = JSON.parse(text) as CacheFile;
  } catch {
    return {};
  }
  if (cache.version !== RECORD_CACHE_VERSION || cache.code !== scope.code || cache.baseUrl !== scope.baseUrl) return {};
  const previous: PreviousRecords = {};
  for (const kind of KINDS) {
    const listed = cache.kinds?.[kind];
    if (listed === undefined || listed.keys.length !== listed.lengths.length * KEY_CHARS) continue;
    const digests = Buffer.from(listed.digests, 'base64');
    if (digests.length !== listed.lengths.length * DIGEST_BYTES) continue;
    const dump = await readDump(path.join(outDir, dumpPath(kind)), listed.lengths);
    if (dump === undefined) continue;
    const ranks = new Map<string, number>();
    for (let rank = 0; rank < listed.lengths.length; rank++) {
      const key = listed.keys.slice(rank * KEY_CHARS, (rank + 1) * KEY_CHARS);
      if (key !== NO_KEY) ranks.set(key, rank);
    }
    previous[kind] = { ranks, bytes: { chunks: [dump.buffer], spans: dump.spans, digests }, dump: Buffer.from(dump.buffer) };
  }
  return previous;
}

// The dump, when it is as long as the entities listed and fits one chunk: it is shared with the writer threads as it is.
async function readDump(file: string, lengths: readonly number[]): Promise<{ buffer: SharedArrayBuffer; spans: Int32Array } | undefined> {
  const spans = new Int32Array(new SharedArrayBuffer(lengths.length * 3 * Int32Array.BYTES_PER_ELEMENT));
  let size = 0;
  lengths.forEach((length, rank) => {
    spans[rank * 3 + 1] = size;
    spans[rank * 3 + 2] = length;
    size += length + 1;
  });
  if (size > 2 ** 31 - 1) return undefined;
  const handle = await open(file).catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    if ((await handle.stat()).size !== size) return undefined;
    const buffer = new SharedArrayBuffer(size);
    const view = new Uint8Array(buffer);
    for (let at = 0; at < size; ) {
      const { bytesRead } = await handle.read(view, at, size - at, at);
      if (bytesRead === 0) return undefined;
      at += bytesRead;
    }
    return { buffer, spans };
  } finally {
    await handle.close();
  }
}

/**
 * The source fields of a previous entity (with an exhibition's status as derived then),
 * read from its bytes up to its `_links`; `undefined` when they cannot be read.
 */
export function previousFields(previous: PreviousKind, rank: number): Record<string, unknown> | undefined {
  const { dump, bytes } = previous;
  const start = bytes.spans[rank * 3 + 1]!;
  const end = start + bytes.spans[rank * 3 + 2]!;
  // A `"` inside a JSON string is escaped, so the first `,"_links":` is the key; the source fields come before it.
  const links = dump.indexOf(LINKS_KEY, start);
  if (links < 0 || links >= end) return undefined;
  try {
    return JSON.parse(`${dump.toString('utf8', start, links)}}`) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The entities whose bytes the previous build's dumps hold, for serializeEntities. */
export function reusedEntities(previous: PreviousRecords, origins: RecordOrigins): ReusedEntities {
  const bytes: ReusedEntities['bytes'] = {};
  for (const kind of KINDS) if (previous[kind] !== undefined) bytes[kind] = previous[kind].bytes;
  return { bytes, rankOf: (entity) => origins.get(entity)?.previous };
}

/** The record cache of this build, for the next one: its entities in dump order, with their records' keys. */
export function recordCacheFile(dataset: Dataset, store: EntityStore, origins: RecordOrigins, scope: CacheScope): OutputFile {
  const kinds = {} as CacheFile['kinds'];
  for (const kind of KINDS) {
    const entities: readonly Entity[] = dataset.entities[kind];
    const bytes = store.bytes[kind];
    kinds[kind] = {
      keys: entities.map((entity) => origins.get(entity)?.key ?? NO_KEY).join(''),
      lengths: entities.map((_, rank) => entityLength(bytes, rank)),
      digests: store.digests[kind].toString('base64'),
    };
  }
  const cache: CacheFile = { version: RECORD_CACHE_VERSION, code: scope.code, baseUrl: scope.baseUrl, kinds };
  return { path: RECORD_CACHE_PATH, content: JSON.stringify(cache), timestamped: false };
}
