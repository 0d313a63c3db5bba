/**
 * The dataset response (docs/api.md#meta): the arrays of the kinds of a type, then
 * `_meta`. One builder for the reference answers, the precomputed pages and the router.
 */
import {
  type Entity,
  COLLECTIONS,
  kindsOf,
  type Collection,
  type DatasetType,
  type Kind,
  type DatasetQuery,
  type MetaShape,
  type FacetCounts,
} from '../semantics/index.js';
import { SCHEMA_VERSION, trimSlash } from '../formats/index.js';
import { queryWindow, type Totals, type Window } from './window.js';
import { fieldsDictionary } from './fields.js';
import type { UnmatchedFilter } from './unmatched.js';

/** The data dictionary: for each kind, a description of every field (docs/api.md#schema-document). */
export type Dictionary = Record<Kind, unknown>;

/** What a response needs besides the data: where the site lives and when it was made. */
export interface ResponseContext {
  baseUrl: string;
  generatedAt: string;
  dictionary: Dictionary;
}

/** `_meta` of a dataset response, keys in the order they are written. */
export interface DatasetMeta extends Window {
  type: DatasetType;
  schema_version: string;
  count: number;
  total: number;
  totals: Partial<Record<Collection, number>>;
  generated_at: string;
  base_url: string;
  /** The filter values no entity of the kinds asked holds (docs/api.md#unmatched); present only when there is one. */
  unmatched?: UnmatchedFilter[];
  /** The values of the fields `facets` names among every match, most held first (docs/api.md#query-facets); only when asked. */
  facets?: FacetCounts;
  /** The data dictionary of the kinds in the answer; absent with `meta=counts` (docs/api.md#compact). */
  entities?: Partial<Record<Kind, unknown>>;
}

/**
 * A dataset response: the arrays of the kinds requested, then `_meta`. Its entities are
 * objects, or (`E = string`, in the router) the JSON texts of their documents, which
 * {@link responseText} splices in unparsed.
 */
export interface DatasetResponse<E = Entity> {
  exhibitions?: E[];
  exhibitors?: E[];
  service_providers?: E[];
  _meta: DatasetMeta;
}

/** One kind's part of a response: the entities in the window, how many match in all and, when asked, the facets of the matches. */
export interface KindSlice<E = Entity> {
  entities: E[];
  total: number;
  facets?: FacetCounts;
}

/** What `_meta` is made of: the type, matches per kind, entities returned, the window, the fields kept. */
export interface MetaInput extends Window {
  type: DatasetType;
  totals: Totals;
  count: number;
  /** The fields the entities were cut to (docs/api.md#fields), which the dictionary then describes alone; all when absent. */
  fields?: readonly string[];
  /** The filter values no entity holds (an answer with no match); left out when none. */
  unmatched?: readonly UnmatchedFilter[];
  /** The facets of the matches (a query of one kind asking `facets`); left out when not asked. */
  facets?: FacetCounts;
  /** `counts` leaves the dictionary out (docs/api.md#compact). @default 'full' */
  meta?: MetaShape;
}

/** Builds `_meta`; `entities` comes last, where precomputed pages splice it in. */
export function datasetMeta(input: MetaInput, context: ResponseContext): DatasetMeta {
  const totals: Partial<Record<Collection, number>> = {};
  const entities: Partial<Record<Kind, unknown>> = {};
  let total = 0;
  for (const kind of kindsOf(input.type)) {
    const kindTotal = input.totals[kind] ?? 0;
    totals[COLLECTIONS[kind]] = kindTotal;
    // A count (limit=0) holds no entity, so nothing for a dictionary to describe.
    if (input.limit > 0) entities[kind] = fieldsDictionary(context.dictionary, kind, input.fields);
    total += kindTotal;
  }
  return {
    type: input.type,
    schema_version: SCHEMA_VERSION,
    count: input.count,
    total,
    totals,
    limit: input.limit,
    offset: input.offset,
    next: input.next,
    prev: input.prev,
    generated_at: context.generatedAt,
    base_url: trimSlash(context.baseUrl),
    ...(input.unmatched?.length ? { unmatched: [...input.unmatched] } : {}),
    ...(input.facets === undefined ? {} : { facets: input.facets }),
    ...(input.meta === 'counts' ? {} : { entities }),
  };
}

/**
 * The response of a type from each kind's slice and the window: the arrays in kind order, then `_meta`,
 * whose dictionary describes `fields` alone when the entities were cut to them.
 */
export function datasetResponse<E = Entity>(
  type: DatasetType,
  slices: Partial<Record<Kind, KindSlice<E>>>,
  window: Window,
  context: ResponseContext,
  fields?: readonly string[],
  unmatched?: readonly UnmatchedFilter[],
  meta?: MetaShape,
): DatasetResponse<E> {
  const response: Partial<Record<Collection, E[]>> = {};
  let count = 0;
  for (const kind of kindsOf(type)) {
    const entities = slices[kind]?.entities ?? [];
    response[COLLECTIONS[kind]] = entities;
    count += entities.length;
  }
  // Facets are of one kind's matches (a query of type=all asks none).
  const facets = type === 'all' ? undefined : slices[type]?.facets;
  return {
    ...response,
    _meta: datasetMeta(
      { type, totals: totalsOf(type, slices), count, ...window, fields, unmatched, facets, meta },
      context,
    ),
  };
}

/**
 * The answer to a query-form query from each kind's slice, whose entities are shaped as the
 * query asks already (fields.ts, answerEntity); `next`/`prev` are query-form URLs; `unmatched`,
 * the filter values no entity holds, when nothing matches; no dictionary with `meta=counts`.
 */
export function queryResponse<E = Entity>(
  query: DatasetQuery,
  slices: Partial<Record<Kind, KindSlice<E>>>,
  context: ResponseContext,
  unmatched?: readonly UnmatchedFilter[],
): DatasetResponse<E> {
  return datasetResponse(
    query.type,
    slices,
    queryWindow(query, totalsOf(query.type, slices), context.baseUrl),
    context,
    query.fields,
    unmatched,
    query.meta,
  );
}

/**
 * The JSON text of a response whose entities are JSON texts already, as the site's entity
 * documents hold them (written by `JSON.stringify`): spliced in as they are, the bytes that
 * `JSON.stringify` gives of the same response parsed, without parsing or writing each
 * entity again (10 of the 59 ms of a warm window of 1,500 entities at L).
 */
export function responseText(response: DatasetResponse<string>): string {
  const members = Object.entries(response).map(([key, value]) =>
    key === '_meta' ? `"_meta":${JSON.stringify(value)}` : `${JSON.stringify(key)}:[${(value as string[]).join(',')}]`,
  );
  return `{${members.join(',')}}`;
}

function totalsOf<E>(type: DatasetType, slices: Partial<Record<Kind, KindSlice<E>>>): Totals {
  const totals: Totals = {};
  for (const kind of kindsOf(type)) totals[kind] = slices[kind]?.total ?? 0;
  return totals;
}
