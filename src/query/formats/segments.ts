/**
 * Data values as path segments (docs/api.md#static-paths): escaped so that no value can
 * reach outside its folder, and undone by {@link decodeSegment}.
 */

import { hash53, utf8Length } from '../semantics/index.js';

const MAX_SEGMENT_BYTES = 120;
const SAFE_RUNS = { ' ': /^[\p{L}\p{M}\p{N}_ ]+$/u, '-': /^[\p{L}\p{M}\p{N}_-]+$/u };

/**
 * Escapes a data value into one safe path segment. Letters, marks, digits and `_` stay;
 * a space becomes `-`; every other character becomes `~` plus the hex of its UTF-8
 * bytes, so the result never holds `/`, `\`, `.`, `%` or control characters, and
 * distinct values give distinct segments. Overlong segments are cut and suffixed with a
 * hash of the whole value to stay under file-name limits.
 */
export function encodeSegment(value: string): string {
  return escapeSegment(value, ' ');
}

/**
 * Escapes an entity id into one safe path segment, like {@link encodeSegment} except that
 * `-` stays as it is (ids such as `EXH-0001` are common) and a space is escaped.
 */
export function encodeIdSegment(id: string): string {
  return escapeSegment(id, '-');
}

// `dash` is the one character written as `-`: a space for filter values, `-` itself for ids.
function escapeSegment(value: string, dash: ' ' | '-'): string {
  // Most values are letters, digits and the dash alone: those are kept, without a test per character.
  let out = SAFE_RUNS[dash].test(value) ? value.replaceAll(dash, '-') : '';
  if (out === '') {
    for (const char of value) {
      if (char === dash) out += '-';
      else if (/^[\p{L}\p{M}\p{N}_]$/u.test(char)) out += char;
      else
        out += utf8Bytes(char)
          .map((byte) => `~${byte.toString(16).padStart(2, '0')}`)
          .join('');
    }
  }
  if (out === '') return '~';
  if (utf8Length(out) <= MAX_SEGMENT_BYTES) return out;
  let cut = '';
  for (const char of out) {
    if (utf8Length(cut + char) > MAX_SEGMENT_BYTES - 16) break;
    cut += char;
  }
  return `${cut}~h${hash53(value).toString(36)}`;
}

/** The value a segment made by {@link encodeSegment} stands for; `undefined` if it is not one (or was hashed). */
export function decodeSegment(segment: string): string | undefined {
  if (segment.includes('~h')) return undefined;
  const bytes: number[] = [];
  let out = '';
  const flush = () => {
    if (bytes.length === 0) return true;
    try {
      out += decodeURIComponent(bytes.map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));
    } catch {
      return false;
    }
    bytes.length = 0;
    return true;
  };
  for (let i = 0; i < segment.length;) {
    if (segment[i] === '~') {
      const byte = /^[0-9a-f]{2}$/.test(segment.slice(i + 1, i + 3)) ? parseInt(segment.slice(i + 1, i + 3), 16) : NaN;
      if (Number.isNaN(byte)) return undefined;
      bytes.push(byte);
      i += 3;
      continue;
    }
    if (!flush()) return undefined;
    const char = String.fromCodePoint(segment.codePointAt(i)!);
    out += char === '-' ? ' ' : char;
    i += char.length;
  }
  return flush() && encodeSegment(out) === segment ? out : undefined;
}

function utf8Bytes(char: string): number[] {
  const cp = char.codePointAt(0) ?? 0;
  if (cp < 0x80) return [cp];
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 63)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
}
