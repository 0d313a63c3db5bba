/**
 * The reference semantics: the answer to any dataset query, static listing page or
 * relation page, computed from an in-memory {@link Dataset}. Everything that serves
 * answers (build, router, verify) must agree with these functions.
 */
import type { Dataset } from './dataset.js';
import { COLLECTIONS, kindsOf, type DatasetType, type Kind } from './kinds.js';
import { datasetMeta, hasNextWindow } from './meta.js';
import { filtersOf, type DatasetQuery } from './params.js';
import { sliceResponse, type KindSlice } from './query-answer.js';
import { listingPath, PAGE_SIZE, relationPath, staticUrl, type FilterValues, type Relation } from './paths.js';
import type { DatasetMeta, DatasetResponse, Entity, ResponseContext } from './types.js';

/** Matching ranks of each kind of a response, in answer order. */
export type Matches = Partial<Record<Kind, readonly number[]>>;

/** The answer to a query-form request; `next`/`prev` are query-form URLs. */
export function answerDataset(dataset: Dataset, query: DatasetQuery, context: ResponseContext): DatasetResponse {
  const filters = filtersOf(query);
  const slices: Partial<Record<Kind, KindSlice>> = {};
  for (const kind of kindsOf(query.type)) {
    const ranks = dataset.match(kind, filters, query.q);
    slices[kind] = { entities: dataset.pick(kind, ranks.slice(query.offset, query.offset + query.limit)), total: ranks.length };
  }
  return sliceResponse(query, slices, context);
}

/** The static listing page `page` (1-based) of a type and filters; links are static URLs. */
export function answerListingPage(
  dataset: Dataset,
  type: DatasetType,
  filters: FilterValues,
  page: number,
  context: ResponseContext,
): DatasetResponse {
  const matches: Matches = {};
  for (const kind of kindsOf(type)) matches[kind] = dataset.match(kind, filters);
  const links = staticPageLinks(totalsOf(matches), page, context.baseUrl, (n) => listingPath(type, filters, n));
  return assemble(dataset, type, matches, links, context);
}

/** The static page `page` (1-based) of an exhibition's exhibitors or providers. */
export function answerRelationPage(
  dataset: Dataset,
  exhibition: Entity,
  relation: Relation,
  page: number,
  context: ResponseContext,
): DatasetResponse {
  const kind = relationKind(relation);
  const ranks = relation === 'exhibitors' ? dataset.linkedExhibitors(exhibition.id) : dataset.coveringProviders(exhibition);
  const matches: Matches = { [kind]: ranks };
  const links = staticPageLinks(totalsOf(matches), page, context.baseUrl, (n) => relationPath(exhibition, relation, n));
  return assemble(dataset, kind, matches, links, context);
}

/** The kind listed by a relation of an exhibition. */
export function relationKind(relation: Relation): Kind {
  return relation === 'exhibitors' ? 'exhibitor' : 'service_provider';
}

/** How many static pages a listing with these totals has: at least one, even when empty. */
export function pageCount(totals: Partial<Record<Kind, number>>): number {
  return Math.max(1, ...Object.values(totals).map((total) => Math.ceil((total ?? 0) / PAGE_SIZE)));
}

/** The window and `next`/`prev` static URLs of page `page` of a static listing. */
export function staticPageLinks(
  totals: Partial<Record<Kind, number>>,
  page: number,
  baseUrl: string,
  pathOf: (page: number) => string,
): Window {
  const offset = (page - 1) * PAGE_SIZE;
  return {
    limit: PAGE_SIZE,
    offset,
    next: hasNextWindow(totals, PAGE_SIZE, offset) ? staticUrl(baseUrl, pathOf(page + 1)) : null,
    prev: page > 1 ? staticUrl(baseUrl, pathOf(page - 1)) : null,
  };
}

/** The window of a response and its adjacent-page links. */
export interface Window {
  limit: number;
  offset: number;
  next: string | null;
  prev: string | null;
}

/** Total matches per kind. */
export function totalsOf(matches: Matches): Partial<Record<Kind, number>> {
  const totals: Partial<Record<Kind, number>> = {};
  for (const [kind, ranks] of Object.entries(matches) as [Kind, readonly number[]][]) totals[kind] = ranks.length;
  return totals;
}

function assemble(dataset: Dataset, type: DatasetType, matches: Matches, window: Window, context: ResponseContext): DatasetResponse {
  const response: Partial<Record<string, Entity[]>> = {};
  let count = 0;
  for (const kind of kindsOf(type)) {
    const ranks = (matches[kind] ?? []).slice(window.offset, window.offset + window.limit);
    response[COLLECTIONS[kind]] = dataset.pick(kind, ranks);
    count += ranks.length;
  }
  const meta: DatasetMeta = datasetMeta({ type, totals: totalsOf(matches), count, ...window }, context);
  return { ...response, _meta: meta };
}
