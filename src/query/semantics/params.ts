/**
 * Parameters of `/api/public/dataset` (docs/api.md#parameters) parsed and validated against
 * their schemas (parameter-schemas.ts).
 */
import type { FilterValues } from './filters.js';
import {
  COLLECTIONS,
  DATASET_TYPES,
  FILTER_PARAMETERS,
  FILTER_VALUE_SETS,
  MAX_RELATED_IDS,
  RELATION_PARAMETERS,
  RELATIONS,
  filterKinds,
  typeHasFilter,
  type DatasetType,
  type Kind,
  type Relation,
} from './kinds.js';
import { dayNumber, DATE_PARAMETERS, SCHEDULE_PARAMETERS, SORTS, type Schedule, type Sort } from './schedule.js';
import { filterAlternatives, isTagFilter } from './tag-values.js';
import { SEARCHES, alternativesOf, MAX_ALTERNATIVES, type SearchTexts } from './searches.js';
import { normalize } from './text.js';
import { commaSeparated, splitAlternatives } from './alternatives.js';
import { parseFacets, type FacetsAsked } from './facet-counts.js';
import {
  DATASET_PARAMETERS,
  DEFAULT_LIMIT,
  FORMATS,
  MAX_CSV_LIMIT,
  MAX_LIMIT,
  MAX_Q_LENGTH,
  META_SHAPES,
  type DatasetParameter,
} from './parameter-schemas.js';

/**
 * A valid dataset query with effective values: text trimmed, `limit` clamped. Its filters are
 * those of kinds.ts (`FILTER_PARAMETERS`): each an exact value, compared after normalization
 * (docs/api.md#matching), a tag filter's several between `|`; its relations those of `RELATIONS` (docs/api.md#relations): the id of
 * an entity of the other kind, or several between `|`.
 */
export interface DatasetQuery extends Schedule, FilterValues, Partial<Record<Relation, string>>, FacetsAsked {
  /** Which kinds to return. @default 'all' */
  type: DatasetType;
  /** Keywords searched in the names (docs/api.md#search). */
  q?: string;
  /** Full text searched in every descriptive field (docs/api.md#text). */
  text?: string;
  /** Fields of each entity to return besides `id` and `_links.self` (docs/api.md#fields); every field when absent. */
  fields?: string[];
  /** An answer in CSV (docs/api.md#csv) rather than JSON, of one kind. @default absent: JSON */
  format?: 'csv';
  /** A JSON answer with the counts alone in `_meta` and no `_links` in its entities (docs/api.md#compact). @default absent: everything */
  meta?: 'counts';
  /** Entities per array, at most {@link MAX_LIMIT} ({@link MAX_CSV_LIMIT} in CSV); 0 answers the totals alone. @default 100 */
  limit: number;
  /** Entities to skip in each array. @default 0 */
  offset: number;
  /** The snapshot of the site to read (docs/api.md#snapshots); the current one when absent. */
  snapshot?: string;
}

/** Why a query was refused: the offending parameter (a known one, or the unknown one given) and a message saying what to send. */
export interface ParameterError {
  parameter: string;
  message: string;
}

export type ParseResult = { ok: true; query: DatasetQuery } | { ok: false; error: ParameterError };

/**
 * Parses query-string pairs (for example a `URLSearchParams`) into a {@link DatasetQuery}.
 * A parameter the API does not know ({@link unknownParameter}), one given twice, one
 * holding text that is not well-formed Unicode ({@link malformedText}) or one that does
 * not apply to the type asked for is refused.
 */
export function parseDatasetQuery(pairs: Iterable<readonly [string, string]>): ParseResult {
  const given = new Map<DatasetParameter, string>();
  for (const [name, value] of pairs) {
    if (!isDatasetParameter(name)) return fail(name, unknownParameter(name));
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
    const alternatives = alternativesOf(search, value).length;
    if (alternatives > MAX_ALTERNATIVES) {
      return fail(
        search,
        `${search} takes at most ${MAX_ALTERNATIVES} alternatives between |; got ${alternatives}: ask the others in another query`,
      );
    }
    query[search] = value;
  }

  for (const filter of FILTER_PARAMETERS) {
    const value = given.get(filter)?.trim();
    if (!value) continue;
    if (!typeHasFilter(query.type, filter)) return fail(filter, onlyFor(filter, filterKinds(filter), query.type));
    query[filter] = value;
  }
  for (const filter of FILTER_PARAMETERS) {
    const values = FILTER_VALUE_SETS[filter];
    const value = query[filter];
    if (values !== undefined && value !== undefined && !values.includes(normalize(value)))
      return fail(filter, `${filter} must be one of ${values.join(', ')}; got ${JSON.stringify(value)}`);
    const alternatives = value === undefined ? 0 : filterAlternatives(filter, value).length;
    if (isTagFilter(filter) && alternatives > MAX_ALTERNATIVES)
      return fail(
        filter,
        `${filter} takes at most ${MAX_ALTERNATIVES} tags between |; got ${alternatives}: ask the others in another query`,
      );
  }

  const refused = parseSchedule(given, query);
  if (refused !== undefined) return { ok: false, error: refused };

  for (const relation of RELATION_PARAMETERS) {
    const value = given.get(relation)?.trim();
    if (!value) continue;
    if (query.type !== RELATIONS[relation])
      return fail(
        relation,
        `${relation} applies to ${COLLECTIONS[RELATIONS[relation]]} only (the ${COLLECTIONS[RELATIONS[relation]]} of the ${relation} of that id); give type=${RELATIONS[relation]} (type is ${query.type})`,
      );
    const ids = splitAlternatives(value).length;
    if (ids > MAX_RELATED_IDS)
      return fail(
        relation,
        `${relation} takes at most ${MAX_RELATED_IDS} ids between |; got ${ids}: ask the others in another query`,
      );
    query[relation] = value;
  }

  const snapshot = given.get('snapshot')?.trim();
  if (snapshot !== undefined && snapshot !== '') {
    if (!/^[0-9a-z]{1,8}$/.test(snapshot))
      return fail(
        'snapshot',
        `snapshot names a snapshot of the site as _meta.next gives it (1 to 8 digits and lowercase letters); got ${JSON.stringify(snapshot.slice(0, 40))}`,
      );
    query.snapshot = snapshot;
  }

  const format = given.get('format')?.trim();
  if (format) {
    if (!(FORMATS as readonly string[]).includes(format))
      return fail('format', `format must be one of ${FORMATS.join(', ')}; got ${JSON.stringify(format)}`);
    if (format === 'csv' && query.type === 'all')
      return fail(
        'format',
        'format=csv answers one kind, one row per entity: give type=exhibition, type=exhibitor or type=service_provider (type is all)',
      );
    if (format === 'csv') query.format = 'csv';
  }
  const meta = given.get('meta')?.trim();
  if (meta) {
    if (!(META_SHAPES as readonly string[]).includes(meta))
      return fail('meta', `meta must be one of ${META_SHAPES.join(', ')}; got ${JSON.stringify(meta)}`);
    if (meta === 'counts') query.meta = 'counts';
  }
  const facets = parseFacets(given.get('facets'), given.get('facet_size'), query.type, query.format === 'csv');
  if ('parameter' in facets) return fail(facets.parameter, facets.message);
  Object.assign(query, facets);

  // A `fields` naming nothing (blank, or commas alone) is as if absent: every field.
  const fields = commaSeparated(given.get('fields'));
  if (fields.length > 0) query.fields = fields;

  const limit = given.get('limit');
  if (limit !== undefined) {
    const most = query.format === 'csv' ? MAX_CSV_LIMIT : MAX_LIMIT;
    const n = parseWholeNumber(limit);
    if (n === undefined) {
      return fail(
        'limit',
        `limit must be a whole number from 0 (the totals alone) to ${most}; got ${JSON.stringify(limit)}`,
      );
    }
    query.limit = Math.min(n, most);
  }

  const offset = given.get('offset');
  if (offset !== undefined) {
    const n = parseWholeNumber(offset);
    // Above 2^53 − 1 a number is no longer exact, and next/prev would print it as 1e+23.
    if (n === undefined || !Number.isSafeInteger(n)) {
      return fail(
        'offset',
        `offset must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}; got ${JSON.stringify(offset)}`,
      );
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

/**
 * The relation filter a query sets, if any: its parameter and the ids of the related entities
 * (its alternatives between `|`), whose related entities it keeps, any of them.
 */
export function relationOf(query: DatasetQuery): { relation: Relation; ids: string[] } | undefined {
  const relation = RELATION_PARAMETERS.find((name) => query[name] !== undefined);
  return relation === undefined ? undefined : { relation, ids: splitAlternatives(query[relation]!) };
}

/** The date windows and order a query sets. */
export function scheduleOf(query: DatasetQuery): Schedule {
  const schedule: Schedule = {};
  for (const name of DATE_PARAMETERS) if (query[name] !== undefined) schedule[name] = query[name];
  if (query.sort !== undefined) schedule.sort = query.sort;
  return schedule;
}

/** The filters a query sets, in canonical order. */
export function filtersOf(query: DatasetQuery): FilterValues {
  const filters: FilterValues = {};
  for (const filter of FILTER_PARAMETERS) {
    const value = query[filter];
    if (value !== undefined) filters[filter] = value;
  }
  return filters;
}

// Reads from, to, start_from, start_to and sort into `query`, or says why one is refused.
function parseSchedule(given: ReadonlyMap<DatasetParameter, string>, query: DatasetQuery): ParameterError | undefined {
  for (const name of SCHEDULE_PARAMETERS) {
    const value = given.get(name)?.trim();
    if (!value) continue;
    if (query.type !== 'exhibition') return { parameter: name, message: onlyFor(name, ['exhibition'], query.type) };
    if (name === 'sort') {
      if (!(SORTS as readonly string[]).includes(value))
        return { parameter: name, message: `sort must be one of ${SORTS.join(', ')}; got ${JSON.stringify(value)}` };
      query.sort = value as Sort;
    } else {
      if (dayNumber(value) === undefined)
        return { parameter: name, message: `${name} must be a date YYYY-MM-DD; got ${JSON.stringify(value)}` };
      query[name] = value;
    }
  }
  for (const [first, last] of [
    ['from', 'to'],
    ['start_from', 'start_to'],
  ] as const) {
    const [from, to] = [query[first], query[last]];
    if (from !== undefined && to !== undefined && to < from)
      return { parameter: last, message: `${last} (${to}) must not be before ${first} (${from})` };
  }
  return undefined;
}

// What a parameter that applies to some kinds alone (`kinds`) says when the type asks for another.
function onlyFor(name: string, kinds: readonly Kind[], type: DatasetType): string {
  const collections = kinds.map((kind) => COLLECTIONS[kind]).join(' and ');
  return `${name} applies to ${collections} only; give type=${kinds.join(' or type=')} (type is ${type})`;
}

// Parameters an agent guesses, and what this API calls them.
const GUESSES: Record<string, string> = {
  page: 'this API pages by offset: give offset=(page − 1) × limit',
  per_page: 'give limit (entities per array)',
  page_size: 'give limit (entities per array)',
  size: 'give limit (entities per array)',
  count: 'give limit (entities per array)',
  search: 'give q (names) or text (every descriptive field)',
  query: 'give q (names) or text (every descriptive field)',
  keyword: 'give q (names) or text (every descriptive field)',
  keywords: 'give q (names) or text (every descriptive field)',
  start_date:
    'give start_from and start_to (exhibitions opening in the window), or from and to (whose days overlap it)',
  end_date: 'give from and to (exhibitions whose days overlap the window)',
  product_tags: 'give product (an exhibitor product tag, exactly)',
  products: 'give product (an exhibitor product tag, exactly)',
  service_types: 'give service (a provider service type, exactly)',
  services: 'give service (a provider service type, exactly)',
  is_verified: 'give verified (true or false)',
  date: 'give from and to (exhibitions whose days overlap the window)',
  order: 'give sort',
  order_by: 'give sort',
  sort_by: 'give sort',
  kind: 'give type',
};

/**
 * The message refusing a parameter the API does not know: what it is called here, if guessed, and the accepted ones
 * (`accepted`: those of the caller, an MCP tool's). @default accepted: the dataset parameters
 */
export function unknownParameter(name: string, accepted: readonly string[] = DATASET_PARAMETERS): string {
  const guess = Object.hasOwn(GUESSES, name) ? `${GUESSES[name]}; ` : '';
  return `unknown parameter ${JSON.stringify(name)}; ${guess}the accepted ones are ${accepted.join(', ')}`;
}

function isDatasetParameter(name: string): name is DatasetParameter {
  return (DATASET_PARAMETERS as readonly string[]).includes(name);
}

function parseWholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

function fail(parameter: string, message: string): ParseResult {
  return { ok: false, error: { parameter, message } };
}
