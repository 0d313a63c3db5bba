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
