/**
 * Which entities of a range of ranks a common term's list holds (docs/api.md#common-terms),
 * as one string, the shorter of two forms: the ranks codec of their offsets in the range
 * (`"0,0,3,y"`), or `~` and the range as a bitset in base64, a bit an entity, lowest rank
 * first in each byte, trailing zero bytes left out. A list a few entities hold is so a few
 * characters each, one most entities hold about 1.4 bits an entity, and either gzips to
 * about what a roaring bitmap is (notes: membership sizes).
 */
import { decodeRankArray, encodeRanks } from './ranks-codec.js';

const BITSET = '~';

// Globals of every runtime the reader runs on (Node, browsers, Workers), which the query code is typed without.
declare function btoa(binary: string): string;
declare function atob(base64: string): string;

/** Encodes the ascending `ranks`, all in [start, end). */
export function encodeMembers(ranks: ArrayLike<number>, start: number, end: number): string {
  const offsets = Array.from({ length: ranks.length }, (_, i) => ranks[i]! - start);
  const gaps = encodeRanks(offsets);
  // A bitset takes (end - start) / 6 characters whatever it holds: worth making only when the gaps are longer.
  if (gaps.length <= Math.ceil((end - start) / 6) + 1) return gaps;
  const bytes = new Uint8Array(Math.ceil((offsets.at(-1)! + 1) / 8));
  for (const offset of offsets) bytes[offset >> 3]! |= 1 << (offset & 7);
  const bitset = `${BITSET}${toBase64(bytes)}`;
  return bitset.length < gaps.length ? bitset : gaps;
}

/** Decodes what {@link encodeMembers} wrote for the range [start, end): the ranks, ascending; undefined for anything else. */
export function decodeMembers(text: string, start: number, end: number): Int32Array | undefined {
  let offsets: Int32Array;
  if (text.startsWith(BITSET)) {
    const bytes = fromBase64(text.slice(BITSET.length));
    if (bytes === undefined || bytes.length * 8 > end - start + 7) return undefined;
    let count = 0;
    for (const byte of bytes) count += BITS_SET[byte]!;
    offsets = new Int32Array(count);
    let at = 0;
    bytes.forEach((byte, i) => {
      for (let bit = 0; byte !== 0; bit++, byte >>= 1) if (byte & 1) offsets[at++] = 8 * i + bit;
    });
  } else {
    try {
      offsets = decodeRankArray(text);
    } catch {
      return undefined;
    }
  }
  if (offsets.length > 0 && start + offsets[offsets.length - 1]! >= end) return undefined;
  for (let i = 0; i < offsets.length; i++) offsets[i]! += start;
  return offsets;
}

// The bits set in each byte.
const BITS_SET = Uint8Array.from({ length: 256 }, (_, byte) => {
  let count = 0;
  for (; byte !== 0; byte >>= 1) count += byte & 1;
  return count;
});

// Base64 through btoa and atob, which Node, browsers and Workers all have.
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 8192) binary += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array | undefined {
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (char: string) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}
