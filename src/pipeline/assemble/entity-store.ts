/**
 * Every entity serialized once, as UTF-8 JSON packed into shared memory: pages splice
 * these bytes (in this thread or in worker threads, without copying or re-encoding them),
 * and each entity's SHA-1 digest stands for its bytes in page fingerprints. An entity the
 * previous build served as it is (record-cache.ts) keeps its bytes in the previous dump.
 */
import { type Dataset } from '../../query/dataset/index.js';
import { type Entity, KINDS, type Kind } from '../../query/semantics/index.js';
import { DIGEST_BYTES, entityBytesDigest } from '../../shared/index.js';
import { BODY_VERSION_CHARS, UNSTAMPED_VERSION, versionOffset } from '../../query/search/index.js';

/** The serialized entities of one kind, by rank in the default order. */
export interface KindBytes {
  /** Shared chunks holding the JSON of the entities back to back. */
  chunks: SharedArrayBuffer[];
  /** Per rank: chunk index, byte offset in the chunk, byte length (shared). */
  spans: Int32Array;
  /** Per rank, the {@link DIGEST_BYTES} of the SHA-1 of its JSON (shared). */
  digests: Uint8Array;
}

/** Serialized entities of every kind, shareable with worker threads. */
export type EntityBytes = Record<Kind, KindBytes>;

/** Serialized entities and, for the fingerprints, a 20-byte digest per entity. */
export interface EntityStore {
  bytes: EntityBytes;
  digests: Record<Kind, Buffer>;
}

const CHUNK_BYTES = 1 << 26;

/** Entities serialized before, which keep their bytes: the previous bytes of each kind, and the previous rank of an entity made before. */
export interface ReusedEntities {
  bytes: Partial<Record<Kind, KindBytes>>;
  rankOf: (kind: Kind, entity: Entity) => number | undefined;
}

/** Turns an entity of the dataset into its JSON as served. */
export type EntityJson = (kind: Kind, entity: Entity) => string;

/**
 * Serializes every entity of the dataset once, as `json` makes it, but those `reused` names,
 * whose bytes are kept.
 */
export function serializeEntities(
  dataset: Dataset,
  json: EntityJson,
  reused: ReusedEntities = { bytes: {}, rankOf: () => undefined },
): EntityStore {
  const store = { bytes: {}, digests: {} } as EntityStore;
  for (const kind of KINDS) {
    const entities = dataset.entities[kind];
    const spans = new Int32Array(new SharedArrayBuffer(entities.length * 3 * Int32Array.BYTES_PER_ELEMENT));
    const digests = Buffer.from(new SharedArrayBuffer(entities.length * DIGEST_BYTES));
    const before = reused.bytes[kind];
    const chunks: SharedArrayBuffer[] = before === undefined ? [] : [before.chunks[0]!];
    let chunk: Buffer<ArrayBufferLike> = Buffer.alloc(0);
    let used = 0;
    for (let rank = 0; rank < entities.length; rank++) {
      const previous = before === undefined ? undefined : reused.rankOf(kind, entities[rank]!);
      if (previous !== undefined) {
        spans.set(before!.spans.subarray(previous * 3, previous * 3 + 3), rank * 3);
        digests.set(
          before!.digests.subarray(previous * DIGEST_BYTES, (previous + 1) * DIGEST_BYTES),
          rank * DIGEST_BYTES,
        );
        continue;
      }
      const text = json(kind, entities[rank]!);
      // UTF-8 takes at most 3 bytes a UTF-16 unit: when that much is free, writing alone measures it.
      if (used + 3 * text.length > chunk.length) {
        const length = Buffer.byteLength(text);
        if (used + length > chunk.length) {
          chunks.push(new SharedArrayBuffer(Math.max(CHUNK_BYTES, length)));
          chunk = Buffer.from(chunks[chunks.length - 1]!);
          used = 0;
        }
      }
      const length = chunk.write(text, used);
      spans[rank * 3] = chunks.length - 1;
      spans[rank * 3 + 1] = used;
      spans[rank * 3 + 2] = length;
      digests.set(entityBytesDigest(chunk.subarray(used, used + length)), rank * DIGEST_BYTES);
      used += length;
    }
    store.bytes[kind] = { chunks, spans, digests };
    store.digests[kind] = digests;
  }
  return store;
}

/**
 * Writes `version` into every body of `store` serialized with {@link UNSTAMPED_VERSION} (a first build's, whose
 * generation is drawn from its bodies), and their digests anew.
 */
export function stampVersions(store: EntityStore, version: string): void {
  for (const kind of KINDS)
    for (let rank = 0; rank * 3 < store.bytes[kind].spans.length; rank++)
      if (entityVersion(store, kind, rank) === UNSTAMPED_VERSION) restampVersion(store, kind, rank, version);
}

/** Writes `version` into the body of an entity of `store` in place of the version it ends with, and its digest anew. */
export function restampVersion(store: EntityStore, kind: Kind, rank: number, version: string): void {
  const view = entityBytes(store.bytes[kind], rank);
  const body = Buffer.from(view.buffer, view.byteOffset, view.byteLength);
  body.write(version, versionOffset(body.length), 'latin1');
  store.digests[kind].set(entityBytesDigest(body), rank * DIGEST_BYTES);
}

/**
 * The entities of a kind held back to back in one shared chunk, each `lengths[rank]` bytes
 * followed by a newline (as a dump holds them), with their `digests`.
 */
export function packedKindBytes(chunk: SharedArrayBuffer, lengths: readonly number[], digests: Uint8Array): KindBytes {
  const spans = new Int32Array(new SharedArrayBuffer(lengths.length * 3 * Int32Array.BYTES_PER_ELEMENT));
  let at = 0;
  lengths.forEach((length, rank) => {
    spans[rank * 3 + 1] = at;
    spans[rank * 3 + 2] = length;
    at += length + 1;
  });
  return { chunks: [chunk], spans, digests };
}

/** The UTF-8 JSON of one entity: a view into the shared chunks, not a copy. */
export function entityBytes(kind: KindBytes, rank: number): Uint8Array {
  const at = rank * 3;
  return new Uint8Array(kind.chunks[kind.spans[at]!]!, kind.spans[at + 1]!, kind.spans[at + 2]!);
}

/** Byte length of one entity's JSON. */
export function entityLength(kind: KindBytes, rank: number): number {
  return kind.spans[rank * 3 + 2]!;
}

/** The version one entity's JSON ends with (query/search/body-version.ts). */
export function entityVersion(store: EntityStore, kind: Kind, rank: number): string {
  const bytes = entityBytes(store.bytes[kind], rank);
  const at = versionOffset(bytes.length);
  return Buffer.from(bytes.buffer, bytes.byteOffset + at, BODY_VERSION_CHARS).toString('latin1');
}

/** The digest of one entity's JSON, as text: the fingerprint of its entity document. */
export function entityDigest(store: EntityStore, kind: Kind, rank: number): string {
  return store.digests[kind].toString('base64url', rank * DIGEST_BYTES, (rank + 1) * DIGEST_BYTES);
}
