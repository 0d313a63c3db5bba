/**
 * The entries of the term cache (term-cache.ts): what a search's forward index holds of each
 * slot (forward-index.ts), kept so that a rebuild tokenizes only the entities whose texts
 * changed. A kind's slots are cut in blocks of ID_BLOCK_SLOTS, as the slots' state is, each
 * block a string of base64, so that a rebuild rewrites only the blocks of the slots that
 * changed. A slot's entry is, in bytes: the length of the rest (a varint), the digest of the
 * entity's texts (8 bytes, packed-search-fields.ts; zero for a hole), then for each of its two
 * fields the count of its terms and each term's number times two, plus one when its
 * frequency is more than one, followed then by the frequency (varints).
 */
import { type ForwardIndex, type GrowingInts, ID_BLOCK_SLOTS, type KnownTerms } from '../../query/search/index.js';

/** What the term cache keeps of a search of a kind: the numbering of its terms, and its blocks of entries. */
export interface PieceCache {
  /** Terms by number. */
  terms: string[];
  /** The entries of each block of slots, base64. */
  blocks: string[];
}

const DIGEST_LENGTH = 8;

/**
 * The entries of a previous build's cache, as a forward index takes them: an entity's are
 * known when its slot's entry has the digest of its texts now.
 */
export class KnownEntries implements KnownTerms {
  readonly terms: readonly string[];
  readonly pairCount: number;
  /** Slots whose entry an entity took. */
  readonly reused: Uint8Array;
  private readonly bytes: (Uint8Array | undefined)[];
  // Where each slot's entry begins in its block, and the block's end, once the block is read.
  private readonly offsets: (Int32Array | null | undefined)[];

  /** The entries of `cache`, for entities whose slot is `slotOfRank` of theirs and whose texts' digests are `digests` (two numbers a rank). */
  constructor(
    private readonly cache: PieceCache,
    private readonly slotOfRank: Int32Array,
    private readonly digests: Uint32Array,
    slots: number,
  ) {
    this.terms = cache.terms;
    // A pair takes two bytes or more, and a base64 character three quarters of one.
    this.pairCount = Math.ceil((cache.blocks.reduce((sum, block) => sum + block.length, 0) * 3) / 8);
    this.reused = new Uint8Array(slots);
    this.bytes = new Array(cache.blocks.length);
    this.offsets = new Array(cache.blocks.length);
  }

  append(rank: number, pairs: GrowingInts): number {
    const slot = this.slotOfRank[rank]!;
    const entry = this.entry(slot);
    if (entry === undefined) return -1;
    const [bytes, start] = entry;
    const reader = new VarintReader(bytes, start);
    reader.varint(); // the length, read by entry()
    const digest = reader.at;
    if (
      bytes.readUInt32LE(digest) !== this.digests[2 * rank] ||
      bytes.readUInt32LE(digest + 4) !== this.digests[2 * rank + 1]
    )
      return -1;
    reader.at += DIGEST_LENGTH;
    const first = pairs.length;
    let en = -1;
    for (let field = 0; field < 2; field++) {
      if (field === 1) en = pairs.length;
      for (let count = reader.varint(); count > 0; count--) {
        const term = reader.varint();
        const number = Math.floor(term / 2);
        if (number >= this.terms.length) {
          pairs.length = first; // a damaged entry: its entity is tokenized
          return -1;
        }
        pairs.push(number, term % 2 === 1 ? reader.varint() : 1);
      }
    }
    this.reused[slot] = 1;
    return en;
  }

  /** The entry of `slot` as its block holds it (length first), to copy into a new block; undefined when there is none. */
  entryBytes(slot: number): Uint8Array | undefined {
    const entry = this.entry(slot);
    if (entry === undefined) return undefined;
    const [bytes, start, end] = entry;
    return bytes.subarray(start, end);
  }

  /** Whether block `block` of the cache holds `slots` entries, each of a hole where `hole` says and taken where not. */
  unchanged(block: number, slots: number, hole: (slot: number) => boolean): boolean {
    const offsets = this.blockOffsets(block);
    if (offsets === undefined || offsets.length !== slots + 1) return false;
    for (let i = 0; i < slots; i++) {
      const slot = block * ID_BLOCK_SLOTS + i;
      if (hole(slot) ? !this.holds(slot, 0, 0) : this.reused[slot] !== 1) return false;
    }
    return true;
  }

  /** The text of block `block`, as the cache holds it. */
  blockText(block: number): string {
    return this.cache.blocks[block]!;
  }

  // Whether the entry of `slot` has the digest (high, low).
  private holds(slot: number, high: number, low: number): boolean {
    const entry = this.entry(slot);
    if (entry === undefined) return false;
    const reader = new VarintReader(entry[0], entry[1]);
    reader.varint();
    return entry[0].readUInt32LE(reader.at) === high && entry[0].readUInt32LE(reader.at + 4) === low;
  }

  // The bytes of the block of `slot`, and where its entry begins and ends.
  private entry(slot: number): [bytes: Buffer, start: number, end: number] | undefined {
    const block = Math.floor(slot / ID_BLOCK_SLOTS);
    const offsets = this.blockOffsets(block);
    const i = slot - block * ID_BLOCK_SLOTS;
    if (offsets === undefined || i + 1 >= offsets.length) return undefined;
    return [this.bytes[block] as Buffer, offsets[i]!, offsets[i + 1]!];
  }

  // Where each entry of a block begins, and its end; undefined when the block is missing or damaged.
  private blockOffsets(block: number): Int32Array | undefined {
    if (block >= this.cache.blocks.length) return undefined;
    if (this.offsets[block] === undefined) {
      const bytes = Buffer.from(this.cache.blocks[block]!, 'base64');
      this.bytes[block] = bytes;
      this.offsets[block] = entryOffsets(bytes);
    }
    return this.offsets[block] ?? undefined;
  }
}

// Where each entry of a block's bytes begins, and their end; null when they do not parse.
function entryOffsets(bytes: Buffer): Int32Array | null {
  const offsets: number[] = [0];
  const reader = new VarintReader(bytes, 0);
  while (reader.at < bytes.length && offsets.length <= ID_BLOCK_SLOTS) {
    const length = reader.varint();
    if (length < DIGEST_LENGTH || reader.at + length > bytes.length) return null;
    reader.at += length;
    offsets.push(reader.at);
  }
  return reader.at === bytes.length ? Int32Array.from(offsets) : null;
}

/**
 * The term cache of a forward index whose entities have slots `slotOfRank` among `slots`, and
 * whose texts' digests are `digests`: a block of slots that `known` holds unchanged keeps its
 * text, a slot `known` gave its entity keeps its entry, and every other is written anew.
 */
export function pieceCache(
  forward: ForwardIndex,
  digests: Uint32Array,
  slotOfRank: Int32Array,
  slots: number,
  known?: KnownEntries,
): PieceCache {
  const rankOfSlot = new Int32Array(slots).fill(-1);
  slotOfRank.forEach((slot, rank) => (rankOfSlot[slot] = rank));
  const hole = (slot: number) => rankOfSlot[slot] === -1;
  const blocks: string[] = [];
  for (let block = 0; block * ID_BLOCK_SLOTS < slots; block++) {
    const first = block * ID_BLOCK_SLOTS;
    const end = Math.min(slots, first + ID_BLOCK_SLOTS);
    if (known?.unchanged(block, end - first, hole)) {
      blocks.push(known.blockText(block));
      continue;
    }
    const writer = new ByteWriter();
    for (let slot = first; slot < end; slot++) {
      const rank = rankOfSlot[slot]!;
      const kept = rank === -1 || known?.reused[slot] !== 1 ? undefined : known.entryBytes(slot);
      if (kept !== undefined) writer.bytes(kept);
      else if (rank === -1) writer.entry(0, 0, new Int32Array(0), 0, 0, 0);
      else {
        const { pairs, starts } = forward;
        writer.entry(
          digests[2 * rank]!,
          digests[2 * rank + 1]!,
          pairs,
          starts[2 * rank]!,
          starts[2 * rank + 1]!,
          starts[2 * rank + 2]!,
        );
      }
    }
    blocks.push(writer.base64());
  }
  return { terms: forward.terms, blocks };
}

// Reads varints of bytes from `at` on.
class VarintReader {
  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
  ) {}

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.at++] ?? 0;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }
}

// Writes entries into bytes that grow.
class ByteWriter {
  private buffer = Buffer.alloc(1 << 16);
  private length = 0;
  // An entry's bytes after its length, made before it.
  private body: ByteWriter | undefined;

  // A slot's entry: the digest (high, low), then its pairs from..en (cn) and en..end.
  entry(high: number, low: number, pairs: Int32Array, from: number, en: number, end: number): void {
    const body = (this.body ??= new ByteWriter());
    body.length = 0;
    body.room(DIGEST_LENGTH);
    body.buffer.writeUInt32LE(high, body.length);
    body.buffer.writeUInt32LE(low, body.length + 4);
    body.length += DIGEST_LENGTH;
    for (const [start, stop] of [
      [from, en],
      [en, end],
    ] as const) {
      body.varint((stop - start) / 2);
      for (let i = start; i < stop; i += 2) {
        const frequency = pairs[i + 1]!;
        body.varint(pairs[i]! * 2 + (frequency > 1 ? 1 : 0));
        if (frequency > 1) body.varint(frequency);
      }
    }
    this.varint(body.length);
    this.bytes(body.buffer.subarray(0, body.length));
  }

  bytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  varint(value: number): void {
    this.room(8);
    while (value >= 0x80) {
      this.buffer[this.length++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.buffer[this.length++] = value;
  }

  base64(): string {
    return this.buffer.toString('base64', 0, this.length);
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const larger = Buffer.alloc(Math.max(this.length + bytes, 2 * this.buffer.length));
    larger.set(this.buffer.subarray(0, this.length));
    this.buffer = larger;
  }
}
