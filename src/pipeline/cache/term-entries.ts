/**
 * The entries of the term cache (term-cache.ts): what a search's forward index holds of each
 * slot (forward-index.ts), kept so that a rebuild tokenizes only the entities whose records
 * changed. A kind's slots are cut in blocks of ID_BLOCK_SLOTS, as the slots' state is, each
 * block a string of base64, so that a rebuild rewrites only the blocks of the slots that
 * changed. A slot's entry is, in bytes: the length of the rest (a varint), the key of its
 * entity's record (8 bytes, {@link entryKeys}; zero for a hole), then for each of the
 * search's two fields the count of its terms and each term's number times two, plus one when
 * its frequency is more than one, followed then by the frequency (varints). The build's main
 * thread reads the cache and says which entities it holds, so that only the others' texts go
 * to the term-shard worker; the worker takes the entries and writes the next cache.
 */
import { type ForwardIndex, type GrowingInts, ID_BLOCK_SLOTS, type KnownTerms } from '../../query/search/index.js';

/** What the term cache keeps of a search of a kind: the numbering of its terms, and its blocks of entries. */
export interface PieceCache {
  /** Terms by number. */
  terms: string[];
  /** The entries of each block of slots, base64. */
  blocks: string[];
}

/** A piece's cache read: each block's bytes, and where each of its entries begins and the last ends (null for a damaged block). */
export interface ReadPieceCache {
  terms: string[];
  bytes: Uint8Array[];
  offsets: (Int32Array | null)[];
}

const KEY_LENGTH = 8;

/** How an error thrown for a damaged entry begins: the build renders the piece again without the cache. */
export const DAMAGED_TERM_CACHE = 'the term cache is damaged';
// The keys of a hole and of an entity without a record key: no record's key is either (entryKeys).
const HOLE_KEY = [0, 0] as const;
const NO_KEY = [0, 1] as const;

/**
 * The key each entry is kept under, two 30-bit numbers an entity, in rank order: of the first
 * 60 bits of its record's key (the SHA-1 of its source text, record-cache.ts), which with the
 * code the cache is valid for says what its texts are; a record without one (it had
 * diagnostics) has a key no entry is kept under.
 */
export function entryKeys(recordKeys: readonly (string | undefined)[]): Uint32Array {
  const keys = new Uint32Array(2 * recordKeys.length);
  recordKeys.forEach((key, rank) => {
    const [high, low] = key === undefined ? NO_KEY : [base64urlBits(key, 0), base64urlBits(key, 5)];
    keys[2 * rank] = high;
    keys[2 * rank + 1] = high === 0 && low < 2 ? low + 2 : low;
  });
  return keys;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// The 30 bits of five base64url characters of `text` from `at`.
function base64urlBits(text: string, at: number): number {
  let bits = 0;
  for (let i = at; i < at + 5; i++) bits = bits * 64 + Math.max(0, BASE64URL.indexOf(text[i] ?? 'A'));
  return bits;
}

/** A piece's cache as its bytes, each block decoded once. */
export function readPieceCache(cache: PieceCache): ReadPieceCache {
  const bytes = cache.blocks.map((block) => new Uint8Array(Buffer.from(block, 'base64')));
  return { terms: cache.terms, bytes, offsets: bytes.map(entryOffsets) };
}

/** Which ranks the cache holds an entry for: the entry of its slot has its key. */
export function knownRanks(cache: ReadPieceCache, slotOfRank: Int32Array, keys: Uint32Array): Uint8Array {
  const known = new Uint8Array(slotOfRank.length);
  for (let rank = 0; rank < slotOfRank.length; rank++) {
    const at = entryAt(cache, slotOfRank[rank]!);
    if (at !== undefined && hasKey(cache.bytes[at[0]]!, at[1], keys[2 * rank]!, keys[2 * rank + 1]!)) known[rank] = 1;
  }
  return known;
}

/** The entries of a previous build's cache, as a forward index takes them: those of the ranks `known` names. */
export class KnownEntries implements KnownTerms {
  readonly terms: readonly string[];
  readonly pairCount: number;
  /** Slots whose entry an entity took. */
  readonly reused: Uint8Array;

  /** The entries of `cache` for entities whose slot is `slotOfRank` of theirs, taken for the ranks `known` names. */
  constructor(
    private readonly cache: ReadPieceCache,
    private readonly slotOfRank: Int32Array,
    private readonly known: Uint8Array,
    slots: number,
  ) {
    this.terms = cache.terms;
    // A pair takes two bytes or more.
    this.pairCount = Math.ceil(cache.bytes.reduce((sum, block) => sum + block.length, 0) / 2);
    this.reused = new Uint8Array(slots);
  }

  append(rank: number, pairs: GrowingInts): number {
    if (this.known[rank] !== 1) return -1;
    const slot = this.slotOfRank[rank]!;
    const [block, start] = entryAt(this.cache, slot)!;
    const reader = new VarintReader(this.cache.bytes[block]!, start);
    reader.varint(); // its length
    reader.at += KEY_LENGTH;
    let en = -1;
    for (let field = 0; field < 2; field++) {
      if (field === 1) en = pairs.length;
      for (let count = reader.varint(); count > 0; count--) {
        const term = reader.varint();
        const number = Math.floor(term / 2);
        // The entity's fields were not packed: a damaged entry cannot fall back to them.
        if (number >= this.terms.length) throw new Error(`${DAMAGED_TERM_CACHE}: slot ${slot} names term ${number}`);
        pairs.push(number, term % 2 === 1 ? reader.varint() : 1);
      }
    }
    this.reused[slot] = 1;
    return en;
  }

  /** The entry of `slot` as its block holds it (length first), to copy into a new block. */
  entryBytes(slot: number): Uint8Array {
    const [block, start, end] = entryAt(this.cache, slot)!;
    return this.cache.bytes[block]!.subarray(start, end);
  }

  /** Whether block `block` of the cache holds `slots` entries, each of a hole where `hole` says and taken where not. */
  unchanged(block: number, slots: number, hole: (slot: number) => boolean): boolean {
    const offsets = this.cache.offsets[block];
    if (offsets === undefined || offsets === null || offsets.length !== slots + 1) return false;
    const bytes = this.cache.bytes[block]!;
    for (let i = 0; i < slots; i++) {
      const slot = block * ID_BLOCK_SLOTS + i;
      if (hole(slot) ? !hasKey(bytes, offsets[i]!, ...HOLE_KEY) : this.reused[slot] !== 1) return false;
    }
    return true;
  }

  /** The bytes of block `block`, as the cache holds them. */
  blockBytes(block: number): Uint8Array {
    return this.cache.bytes[block]!;
  }
}

// The block of `slot`'s entry, and where the entry begins and ends; undefined when there is none.
function entryAt(cache: ReadPieceCache, slot: number): [block: number, start: number, end: number] | undefined {
  const block = Math.floor(slot / ID_BLOCK_SLOTS);
  const offsets = cache.offsets[block];
  const i = slot - block * ID_BLOCK_SLOTS;
  if (offsets === undefined || offsets === null || i + 1 >= offsets.length) return undefined;
  return [block, offsets[i]!, offsets[i + 1]!];
}

// Whether the entry at `start` of `bytes` is kept under the key (high, low).
function hasKey(bytes: Uint8Array, start: number, high: number, low: number): boolean {
  const reader = new VarintReader(bytes, start);
  reader.varint();
  return uint32(bytes, reader.at) === high && uint32(bytes, reader.at + 4) === low;
}

function uint32(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

// Where each entry of a block's bytes begins, and their end; null when they do not parse.
function entryOffsets(bytes: Uint8Array): Int32Array | null {
  const offsets: number[] = [0];
  const reader = new VarintReader(bytes, 0);
  while (reader.at < bytes.length && offsets.length <= ID_BLOCK_SLOTS) {
    const length = reader.varint();
    if (length < KEY_LENGTH || reader.at + length > bytes.length) return null;
    reader.at += length;
    offsets.push(reader.at);
  }
  return reader.at === bytes.length ? Int32Array.from(offsets) : null;
}

/**
 * The term cache of a forward index whose entities have slots `slotOfRank` among `slots`, and
 * keys `keys` ({@link entryKeys}): a block of slots that `known` holds unchanged keeps its
 * bytes, a slot `known` gave its entity keeps its entry, and every other is written anew.
 */
export function pieceCache(
  forward: ForwardIndex,
  keys: Uint32Array,
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
      blocks.push(Buffer.from(known.blockBytes(block)).toString('base64'));
      continue;
    }
    const writer = new ByteWriter();
    for (let slot = first; slot < end; slot++) {
      const rank = rankOfSlot[slot]!;
      if (rank !== -1 && known?.reused[slot] === 1) writer.bytes(known.entryBytes(slot));
      else if (rank === -1) writer.entry(...HOLE_KEY, new Int32Array(0), 0, 0, 0);
      else {
        const { pairs, starts } = forward;
        writer.entry(
          keys[2 * rank]!,
          keys[2 * rank + 1]!,
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

  // A slot's entry: its key (high, low), then its pairs from..en (cn) and en..end.
  entry(high: number, low: number, pairs: Int32Array, from: number, en: number, end: number): void {
    const body = (this.body ??= new ByteWriter());
    body.length = 0;
    body.room(KEY_LENGTH);
    body.buffer.writeUInt32LE(high, body.length);
    body.buffer.writeUInt32LE(low, body.length + 4);
    body.length += KEY_LENGTH;
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
