/**
 * A kind's bulk dump cut into parts (docs/api.md#dumps), so that a rebuild rewrites, and a
 * publish uploads, only the parts whose entities changed. The lines are cut into runs of
 * entities where an entity's digest says (content-defined): a changed, added or removed
 * entity changes the run that holds it, and no other. A run's key, from the digests of its
 * entities, names its files, so equal entities give equal parts under equal names.
 */
import { gzipSync } from 'node:zlib';
import { type DumpPartEntry, DUMP_PART_KEY_LENGTH } from '../../query/formats/index.js';
import { entityBytes, entityLength, type KindBytes } from './entity-store.js';
import { DIGEST_BYTES, dumpPartDigest, runningFingerprint } from '../../shared/index.js';

/**
 * Bytes of a part's entry in the dump's index. A change rewrites the part holding it (its
 * NDJSON and gzip) and the index, which lists every part: parts of about
 * √(dump bytes × this) make the sum least. On the L set (408 MB of exhibitors) parts are
 * 283 kB on average, and the four one-record changes wrote 0.7 to 1.0 MB of the dump (its
 * index 0.4 MB) where parts of about a megabyte (at most four) wrote 1.6 to 4.3 MB
 * (bench/one-record.ts).
 */
const INDEX_ENTRY_BYTES = 256;
/** The least bytes a part is aimed at, so that a small dump is not cut into crumbs: a dump of no more is one part. */
const LEAST_PART_BYTES = 64 << 10;
/**
 * Past the bytes its cuts aim at, a part is cut where a digest is a multiple of an eighth of
 * the power of two (still content-defined, so an entity added before the cut does not move
 * it, as a cut by size would, rewriting the next part too), and at four times them by size.
 * Simulated at L (250,000 entities), a change rewrote 384 kB of parts on average, against
 * 755 kB cut by size at twice the aim and 819 kB at four times.
 */
const LATE_CUT_SHARE = 8;
const LONGEST_PART = 4;
const NEWLINE = 0x0a;

/** One part of a dump: the ranks `[from, to)` of the kind's entities in the default order. */
export interface DumpPart extends DumpPartEntry {
  from: number;
  to: number;
}

/**
 * The parts of a kind's dump: cut after an entity whose digest is a multiple of a power of
 * two (the entities of a part of {@link aimedPartBytes}, rounded), or, past the bytes that
 * many entities average, of an eighth of it ({@link LATE_CUT_SHARE}). A kind without
 * entities has none. `known` holds the SHA-256 of parts a previous build listed,
 * by key, which a part of the same key (the same entities, so the same bytes) takes.
 */
export function dumpParts(bytes: KindBytes, known: ReadonlyMap<string, string> = new Map()): DumpPart[] {
  const count = bytes.spans.length / 3;
  const total = linesBytes(bytes, 0, count);
  const aimed = aimedPartBytes(total);
  // A dump of no more than a part's bytes is one part.
  if (total <= aimed) return count === 0 ? [] : [part(bytes, 0, count, total, known)];
  const average = total / count;
  const divisor = 2 ** Math.max(0, Math.round(Math.log2(aimed / average)));
  const [aimedBytes, lateDivisor] = [divisor * average, Math.max(1, divisor / LATE_CUT_SHARE)];
  const words = new DataView(bytes.digests.buffer, bytes.digests.byteOffset, bytes.digests.byteLength);
  const parts: DumpPart[] = [];
  let from = 0;
  let size = 0;
  for (let rank = 0; rank < count; rank++) {
    size += entityLength(bytes, rank) + 1;
    const word = words.getUint32(rank * DIGEST_BYTES);
    const late = size >= aimedBytes && (word % lateDivisor === 0 || size >= LONGEST_PART * aimedBytes);
    if (word % divisor === 0 || late) {
      parts.push(part(bytes, from, rank + 1, size, known));
      from = rank + 1;
      size = 0;
    }
  }
  if (from < count) parts.push(part(bytes, from, count, size, known));
  return parts;
}

/** Bytes a part of a dump of `total` bytes is aimed at: √(total × {@link INDEX_ENTRY_BYTES}), at least {@link LEAST_PART_BYTES}. */
export function aimedPartBytes(total: number): number {
  return Math.max(LEAST_PART_BYTES, Math.sqrt(total * INDEX_ENTRY_BYTES));
}

// A part, its SHA-256 taken from `known` (by key) when a previous build listed it, else computed.
function part(bytes: KindBytes, from: number, to: number, size: number, known: ReadonlyMap<string, string>): DumpPart {
  const key = runningFingerprint()
    .update(bytes.digests.subarray(from * DIGEST_BYTES, to * DIGEST_BYTES))
    .digest('hex')
    .slice(0, DUMP_PART_KEY_LENGTH);
  return { key, from, to, count: to - from, bytes: size, sha256: known.get(key) ?? linesSha256(bytes, from, to) };
}

function linesSha256(bytes: KindBytes, from: number, to: number): string {
  const sha256 = dumpPartDigest();
  for (let rank = from; rank < to; rank++) sha256.update(entityBytes(bytes, rank)).update(NEWLINE_BYTE);
  return sha256.digest('hex');
}

const NEWLINE_BYTE = Uint8Array.of(NEWLINE);

/** Bytes of the lines of ranks `[from, to)`: each entity's JSON and a newline. */
export function linesBytes(bytes: KindBytes, from: number, to: number): number {
  let size = 0;
  for (let rank = from; rank < to; rank++) size += entityLength(bytes, rank) + 1;
  return size;
}

/** The NDJSON of ranks `[from, to)`, or its gzip. */
export function partBytes(bytes: KindBytes, from: number, to: number, gzip: boolean): Buffer {
  const lines = Buffer.allocUnsafe(linesBytes(bytes, from, to));
  let at = 0;
  for (let rank = from; rank < to; rank++) {
    const entity = entityBytes(bytes, rank);
    lines.set(entity, at);
    at += entity.length;
    lines[at++] = NEWLINE;
  }
  return gzip ? gzipSync(lines) : lines;
}
