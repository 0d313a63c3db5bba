/**
 * The gzip copy of a kind's dump, made so that a rebuild recompresses only what changed.
 * The lines are cut into runs of entities where an entity's digest says (content-defined,
 * about a megabyte each), and each run becomes one gzip member whose header carries, in
 * an extra field, a key standing for the run's entities and the length of the member. A
 * rebuild copies each member whose key the previous file holds and compresses only the
 * others: one entity changed recompresses about a megabyte, not the whole dump. A file of
 * several members is one stream to every gzip reader (RFC 1952, section 2.2), and a run's
 * member is the same bytes whether copied or compressed anew.
 */
import { createHash } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { DIGEST_BYTES, entityBytes, entityLength, type KindBytes } from './entity-store.js';

/** Aimed bytes of the lines of one member; no run grows past four times as much. */
const TARGET_RUN_BYTES = 1 << 20;
// The header: magic, deflate, FEXTRA, no time, no extra flags, unknown OS; then the extra field's length.
const HEADER = Buffer.from([0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 0, 255]);
// One subfield `DS`: the run's key and the length of the deflated data (32 bits, little-endian).
const SUBFIELD = Buffer.from('DS');
const KEY_BYTES = DIGEST_BYTES;
const EXTRA_BYTES = 4 + KEY_BYTES + 4;
const NEWLINE = 0x0a;

/** The `.ndjson.gz` of a kind, copying from `previous` (the file of the previous build) every member it still holds. */
export function gzipDump(bytes: KindBytes, previous: Uint8Array | undefined): Buffer {
  const kept = previous === undefined ? new Map<string, Uint8Array>() : readMembers(previous);
  const members: Uint8Array[] = [];
  for (const [from, to] of dumpRuns(bytes)) {
    const key = createHash('sha1').update(bytes.digests.subarray(from * DIGEST_BYTES, to * DIGEST_BYTES)).digest();
    const copy = kept.get(key.toString('hex'));
    // A member is copied only when its trailer also says it holds the run's bytes.
    members.push(copy !== undefined && Buffer.from(copy.buffer, copy.byteOffset, copy.byteLength).readUInt32LE(copy.byteLength - 4) === runBytes(bytes, from, to) % 2 ** 32 ? copy : member(bytes, from, to, key));
  }
  return Buffer.concat(members);
}

/** The runs of ranks `[from, to)` of a kind's dump: cut after an entity whose digest is a multiple of a power of two chosen for runs of about {@link TARGET_RUN_BYTES}, or past four times that. */
function dumpRuns(bytes: KindBytes): [from: number, to: number][] {
  const count = bytes.spans.length / 3;
  const total = runBytes(bytes, 0, count);
  const divisor = 2 ** Math.max(0, Math.round(Math.log2((count * TARGET_RUN_BYTES) / Math.max(total, 1))));
  const words = new DataView(bytes.digests.buffer, bytes.digests.byteOffset, bytes.digests.byteLength);
  const runs: [number, number][] = [];
  let from = 0;
  let size = 0;
  for (let rank = 0; rank < count; rank++) {
    size += entityLength(bytes, rank) + 1;
    if (words.getUint32(rank * DIGEST_BYTES) % divisor === 0 || size >= 4 * TARGET_RUN_BYTES) {
      runs.push([from, rank + 1]);
      from = rank + 1;
      size = 0;
    }
  }
  if (from < count || count === 0) runs.push([from, count]);
  return runs;
}

// Bytes of the lines of ranks [from, to).
function runBytes(bytes: KindBytes, from: number, to: number): number {
  let size = 0;
  for (let rank = from; rank < to; rank++) size += entityLength(bytes, rank) + 1;
  return size;
}

// One gzip member of the lines of ranks [from, to).
function member(bytes: KindBytes, from: number, to: number, key: Uint8Array): Uint8Array {
  const size = runBytes(bytes, from, to);
  const lines = Buffer.allocUnsafe(size);
  let at = 0;
  for (let rank = from; rank < to; rank++) {
    const entity = entityBytes(bytes, rank);
    lines.set(entity, at);
    at += entity.length;
    lines[at++] = NEWLINE;
  }
  const deflated = deflateRawSync(lines);
  const head = Buffer.alloc(HEADER.length + 2 + EXTRA_BYTES);
  HEADER.copy(head);
  head.writeUInt16LE(EXTRA_BYTES, HEADER.length);
  SUBFIELD.copy(head, HEADER.length + 2);
  head.writeUInt16LE(KEY_BYTES + 4, HEADER.length + 4);
  head.set(key, HEADER.length + 6);
  head.writeUInt32LE(deflated.length, HEADER.length + 6 + KEY_BYTES);
  const tail = Buffer.alloc(8);
  tail.writeUInt32LE(crc32(lines), 0);
  tail.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([head, deflated, tail]);
}

/** The members of a file {@link gzipDump} wrote, by key; none from a file it did not write (an older build's), which is then compressed anew. */
export function readMembers(file: Uint8Array): Map<string, Uint8Array> {
  const members = new Map<string, Uint8Array>();
  const view = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  for (let at = 0; at < view.length; ) {
    const extraAt = at + HEADER.length + 2;
    if (extraAt + EXTRA_BYTES > view.length || !view.subarray(at, at + HEADER.length).equals(HEADER) || view.readUInt16LE(at + HEADER.length) !== EXTRA_BYTES) return new Map();
    if (!view.subarray(extraAt, extraAt + 2).equals(SUBFIELD) || view.readUInt16LE(extraAt + 2) !== KEY_BYTES + 4) return new Map();
    const key = view.toString('hex', extraAt + 4, extraAt + 4 + KEY_BYTES);
    const end = extraAt + EXTRA_BYTES + view.readUInt32LE(extraAt + 4 + KEY_BYTES) + 8;
    if (end > view.length) return new Map();
    members.set(key, view.subarray(at, end));
    at = end;
  }
  return members;
}
