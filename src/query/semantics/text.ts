/**
 * `normalize(s)` (docs/api.md#matching): Unicode NFKC, trim, collapse inner white space to one
 * space, lower case. Filters match when the normalized forms are equal.
 */
export function normalize(value: string): string {
  let normalized = normalizedValues.get(value);
  if (normalized === undefined) {
    normalized = value.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
    if (normalizedValues.size >= NORMALIZED_KEPT) normalizedValues.clear();
    normalizedValues.set(value, normalized);
  }
  return normalized;
}

// Filter values repeat across entities (a city, an industry): each is normalized once, up to a bound.
const normalizedValues = new Map<string, string>();
const NORMALIZED_KEPT = 100_000;

/**
 * Compares two strings by Unicode code point (not UTF-16 code unit, which orders
 * astral characters before U+E000–U+FFFF). Returns a negative, zero or positive number.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

// Surrogates (D800–DFFF) stand for code points above FFFF, so they must sort after E000–FFFF.
function codePointRank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

/**
 * Bytes of `text` in UTF-8, counted without holding an encoded copy of it (one of every MCP
 * answer, outside the JS heap, grew the preview server by hundreds of MB under load): the
 * platform's encoder writes it a slice at a time into one small buffer, four times as fast as
 * counting in JavaScript. A lone surrogate counts 3, as `TextEncoder` writes U+FFFD.
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let at = 0; at < text.length;) {
    const { read, written } = utf8Encoder.encodeInto(at === 0 ? text : text.slice(at), utf8Scratch);
    at += read;
    bytes += written;
  }
  return bytes;
}

// Every host's encoder (a web standard); declared here, as src/query takes no platform's types.
declare const TextEncoder: new () => {
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
};
const utf8Encoder = new TextEncoder();
const utf8Scratch = new Uint8Array(64 * 1024);
