/** Parameters of `/api/public/dataset` (docs/api.md#parameters): their schemas, parsing and validation. */
import type { FilterValues } from './filters.js';
import { DATASET_TYPES, FILTER_FIELDS, FILTERS, KINDS, type DatasetType, type Filter } from './kinds.js';
import { SEARCHES, SEARCH_FIELDS, type SearchTexts } from './searches.js';

/** Default `limit`. */
export const DEFAULT_LIMIT = 100;
/** Largest `limit` served; larger values are served as this. */
export const MAX_LIMIT = 500;
/** Longest accepted `q` or `text`, in characters. */
export const MAX_Q_LENGTH = 200;
/** Parameters the dataset endpoint knows, in canonical URL order. */
export const DATASET_PARAMETERS = ['type', ...SEARCHES, ...FILTERS, 'limit', 'offset'] as const;
export type DatasetParameter = (typeof DATASET_PARAMETERS)[number];

/** What a parameter accepts, as a JSON Schema with a description. */
export interface ParameterSchema {
  type: 'string' | 'integer';
  description: string;
  enum?: readonly string[];
  default?: string | number;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

/**
 * Every dataset parameter as a JSON Schema: the one definition the schema document, the
 * command line's help and any other description of the endpoint are made from.
 */
export const DATASET_PARAMETER_SCHEMAS: Readonly<Record<DatasetParameter, ParameterSchema>> = {
  type: { type: 'string', enum: DATASET_TYPES, default: 'all', description: 'Which kind of entity to return; all returns the three arrays.' },
  q: {
    type: 'string',
    maxLength: MAX_Q_LENGTH,
    description: 'Keywords searched in the name fields; every term must match (Latin prefixes, CJK runs of 2+ characters).',
  },
  text: {
    type: 'string',
    maxLength: MAX_Q_LENGTH,
    description: `Full text searched in every descriptive field (${KINDS.map((kind) => `${kind}: ${SEARCH_FIELDS.text[kind].flat().join(', ')}`).join('; ')}); every term must match (words whole, English plural and singular alike, the last word also as a prefix; CJK runs of 2+ characters); ranked by BM25, names and tags weighing twice the rest.`,
  },
  ...(Object.fromEntries(FILTERS.map((filter) => [filter, { type: 'string', description: filterDescription(filter) }])) as Record<Filter, ParameterSchema>),
  // No `maximum` for limit: a larger value is served, as the maximum, and a validating client must not refuse it.
  limit: {
    type: 'integer',
    minimum: 1,
    default: DEFAULT_LIMIT,
    description: `Entities per array, at most ${MAX_LIMIT}: a larger value is served as ${MAX_LIMIT}, and _meta.limit says so.`,
  },
  offset: {
    type: 'integer',
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    default: 0,
    description: 'Entities to skip in each array; past the end, the arrays are empty.',
  },
};

function filterDescription(filter: Filter): string {
  const fields = KINDS.map((kind) => `${kind}: ${FILTER_FIELDS[kind][filter].join(', ')}`).join('; ');
  return `Exact ${filter} match after normalization (NFKC, trimmed, spaces collapsed, lower case) against any value of the fields (${fields}).`;
}

/** A valid dataset query with effective values: text trimmed, `limit` clamped. */
export interface DatasetQuery {
  /** Which kinds to return. @default 'all' */
  type: DatasetType;
  /** Keywords searched in the names (docs/api.md#search). */
  q?: string;
  /** Full text searched in every descriptive field (docs/api.md#text). */
  text?: string;
  /** Exact industry, after normalization (docs/api.md#matching). */
  industry?: string;
  /** Exact country, after normalization. */
  country?: string;
  /** Exact city, after normalization. */
  city?: string;
  /** Entities per array, at most {@link MAX_LIMIT}. @default 100 */
  limit: number;
  /** Entities to skip in each array. @default 0 */
  offset: number;
}

/** Why a query was refused: the offending parameter and a message saying what to send. */
export interface ParameterError {
  parameter: DatasetParameter;
  message: string;
}

export type ParseResult = { ok: true; query: DatasetQuery } | { ok: false; error: ParameterError };

/**
 * Parses query-string pairs (for example a `URLSearchParams`) into a {@link DatasetQuery}.
 * Unknown parameters are ignored; a known one given twice, or holding text that is not
 * well-formed Unicode ({@link malformedText}), is refused.
 */
export function parseDatasetQuery(pairs: Iterable<readonly [string, string]>): ParseResult {
  const given = new Map<DatasetParameter, string>();
  for (const [name, value] of pairs) {
    if (!isDatasetParameter(name)) continue;
    if (given.has(name)) {
      return fail(name, `parameter "${name}" is given more than once; give it once`);
    }
    const malformed = malformedText(name, value);
    if (malformed !== undefined) return fail(name, malformed);
    given.set(name, value);
  }
  const query: DatasetQuery = { type: 'all', limit: DEFAULT_LIMIT, offset: 0 };

  const type = given.get('type')?.trim();
  if (type !== undefined && type !== '') {
    if (!(DATASET_TYPES as readonly string[]).includes(type)) {
      return fail('type', `type must be one of ${DATASET_TYPES.join(', ')}; got ${JSON.stringify(type)}`);
    }
    query.type = type as DatasetType;
  }

  for (const search of SEARCHES) {
    const value = given.get(search)?.trim();
    if (!value) continue;
    const length = [...value].length;
    if (length > MAX_Q_LENGTH) {
      return fail(search, `${search} must be at most ${MAX_Q_LENGTH} characters; got ${length}`);
    }
    query[search] = value;
  }

  for (const filter of FILTERS) {
    const value = given.get(filter)?.trim();
    if (value) query[filter] = value;
  }

  const limit = given.get('limit');
  if (limit !== undefined) {
    const n = parseWholeNumber(limit);
    if (n === undefined || n < 1) {
      return fail('limit', `limit must be a whole number from 1 to ${MAX_LIMIT}; got ${JSON.stringify(limit)}`);
    }
    query.limit = Math.min(n, MAX_LIMIT);
  }

  const offset = given.get('offset');
  if (offset !== undefined) {
    const n = parseWholeNumber(offset);
    // Above 2^53 − 1 a number is no longer exact, and next/prev would print it as 1e+23.
    if (n === undefined || !Number.isSafeInteger(n)) {
      return fail('offset', `offset must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}; got ${JSON.stringify(offset)}`);
    }
    query.offset = n;
  }
  return { ok: true, query };
}

/**
 * Why `value` of `parameter` is not well-formed Unicode text (it holds a lone surrogate, a
 * half of a UTF-16 pair without the other), or `undefined` when it is. A URL's query string
 * always decodes to well-formed text; a value given otherwise (an MCP tool's argument) may not.
 */
export function malformedText(parameter: string, value: string): string | undefined {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code <= 0xdbff && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      i++;
      continue;
    }
    return `${parameter} must be well-formed Unicode text; it holds a lone surrogate, U+${code.toString(16).toUpperCase()}, at character ${i + 1}`;
  }
  return undefined;
}

/** The searches a query sets (`q`, `text`). */
export function searchesOf(query: DatasetQuery): SearchTexts {
  const searches: SearchTexts = {};
  for (const search of SEARCHES) {
    const value = query[search];
    if (value !== undefined) searches[search] = value;
  }
  return searches;
}

/** The filters a query sets, in canonical order. */
export function filtersOf(query: DatasetQuery): FilterValues {
  const filters: FilterValues = {};
  for (const filter of FILTERS) {
    const value = query[filter];
    if (value !== undefined) filters[filter] = value;
  }
  return filters;
}

function isDatasetParameter(name: string): name is DatasetParameter {
  return (DATASET_PARAMETERS as readonly string[]).includes(name);
}

function parseWholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

function fail(parameter: DatasetParameter, message: string): ParseResult {
  return { ok: false, error: { parameter, message } };
}
