/**
 * The one place that maps a query, an entity or a listing to its static path. Every path
 * is relative to the site root and uses `/`; every segment made from data is escaped by
 * {@link encodeSegment}, so no value can reach outside its folder.
 */
import { COLLECTIONS, DATASET_TYPES, FILTERS, type DatasetType, type Filter, type Kind } from './kinds.js';
import { normalize } from './text.js';

/** Folder of the whole API inside the site. */
export const API_ROOT = 'api/public';

/** Entities per precomputed page (listings and relation listings). */
export const PAGE_SIZE = 100;

/** Static path of the schema document. */
export const SCHEMA_PATH = `${API_ROOT}/schema.json`;

/** Filter values of a listing, already normalized; absent means "no filter". */
export type FilterValues = Partial<Record<Filter, string>>;

/** The two relation listings of an exhibition. */
export type Relation = 'exhibitors' | 'providers';

const MAX_SEGMENT_BYTES = 120;

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
  let out = '';
  for (const char of value) {
    if (char === dash) out += '-';
    else if (/^[\p{L}\p{M}\p{N}_]$/u.test(char)) out += char;
    else out += utf8Bytes(char).map((byte) => `~${byte.toString(16).padStart(2, '0')}`).join('');
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

/** Static path of one page (1-based) of a dataset listing. Filter values are normalized here. */
export function listingPath(type: DatasetType, filters: FilterValues, page: number): string {
  return `${listingFolder(type, filters)}/${page}.json`;
}

/** Folder holding the pages of one dataset listing. */
export function listingFolder(type: DatasetType, filters: FilterValues): string {
  let path = `${API_ROOT}/dataset/${type}`;
  for (const filter of FILTERS) {
    const value = filters[filter];
    if (value !== undefined) path += `/${filter}/${encodeSegment(normalize(value))}`;
  }
  return path;
}

/** Static path of an entity document, the entity exactly as listed. */
export function entityPath(kind: Kind, id: string): string {
  return `${API_ROOT}/${COLLECTIONS[kind]}/${encodeIdSegment(id)}.json`;
}

/** What a relation path is made of: the exhibition's id, and its country and city for its providers. */
export interface RelationSubject {
  id: string;
  country?: unknown;
  city?: unknown;
}

/**
 * Static path of one page (1-based) of an exhibition's relation listing. Its exhibitors
 * are its own; the providers covering its country or city are the same for every
 * exhibition in that place, so they are one listing per place (pages would otherwise be
 * repeated for every exhibition there): `regions/{country}/{city}/providers/`, each value
 * normalized and escaped, `~` when absent.
 */
export function relationPath(exhibition: RelationSubject, relation: Relation, page: number): string {
  if (relation === 'exhibitors') return `${API_ROOT}/exhibitions/${encodeIdSegment(exhibition.id)}/exhibitors/${page}.json`;
  return `${API_ROOT}/regions/${placeSegment(exhibition.country)}/${placeSegment(exhibition.city)}/providers/${page}.json`;
}

// encodeSegment('') is '~', which no non-empty value escapes to.
function placeSegment(value: unknown): string {
  return encodeSegment(typeof value === 'string' ? normalize(value) : '');
}

/** Static path of the search index of one kind. */
export function searchIndexPath(kind: Kind): string {
  return `${API_ROOT}/search/${kind}.json`;
}

/** Absolute URL of a static path under the base URL, each segment percent-encoded. */
export function staticUrl(baseUrl: string, path: string): string {
  return `${trimSlash(baseUrl)}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The base URL without trailing slashes. */
export function trimSlash(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

function utf8Bytes(char: string): number[] {
  const cp = char.codePointAt(0) ?? 0;
  if (cp < 0x80) return [cp];
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 63)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
}

function utf8Length(text: string): number {
  let length = 0;
  for (const char of text) length += utf8Bytes(char).length;
  return length;
}

// cyrb53: a small, well-mixed 53-bit string hash; collisions are negligible for segment suffixes.
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A listing page named by its static path. */
export interface ListingAddress {
  type: DatasetType;
  filters: FilterValues;
  page: number;
}

/**
 * The listing page a static path names, or `undefined` when the path is not one.
 * The inverse of {@link listingPath}.
 */
export function parseListingPath(path: string): ListingAddress | undefined {
  const prefix = `${API_ROOT}/dataset/`;
  if (!path.startsWith(prefix)) return undefined;
  const parts = path.slice(prefix.length).split('/');
  const type = parts.shift();
  const last = /^([1-9]\d*)\.json$/.exec(parts.pop() ?? '');
  if (!type || !(DATASET_TYPES as readonly string[]).includes(type) || !last || parts.length % 2 !== 0) return undefined;
  const filters: FilterValues = {};
  let order = -1;
  for (let i = 0; i < parts.length; i += 2) {
    const filter = parts[i] as Filter;
    const position = FILTERS.indexOf(filter);
    const value = decodeSegment(parts[i + 1]!);
    if (position <= order || value === undefined) return undefined;
    order = position;
    filters[filter] = value;
  }
  return { type: type as DatasetType, filters, page: Number(last[1]) };
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
  for (let i = 0; i < segment.length; ) {
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
