/**
 * Assembling a query-form answer from what each kind contributes, for answers that are
 * not computed from an in-memory `Dataset` (the router reads pages and indexes).
 */
import type { Window } from './answer.js';
import { COLLECTIONS, kindsOf, type DatasetType, type Kind } from './kinds.js';
import { datasetMeta, hasNextWindow } from './meta.js';
import { queryUrl, type DatasetQuery } from './params.js';
import type { DatasetResponse, Entity, ResponseContext } from './types.js';

/** One kind's part of an answer: the entities in the window and how many match in all. */
export interface KindSlice {
  entities: Entity[];
  total: number;
}

/** The window of a query-form answer: the effective `limit`/`offset` and query-form `next`/`prev`. */
export function queryWindow(query: DatasetQuery, totals: Partial<Record<Kind, number>>, baseUrl: string): Window {
  const { limit, offset } = query;
  return {
    limit,
    offset,
    next: hasNextWindow(totals, limit, offset) ? queryUrl(baseUrl, { ...query, offset: offset + limit }) : null,
    prev: offset > 0 ? queryUrl(baseUrl, { ...query, offset: Math.max(0, offset - limit) }) : null,
  };
}

/** The dataset response of a query from each kind's slice: the arrays in kind order, then `_meta`. */
export function sliceResponse(query: DatasetQuery, slices: Partial<Record<Kind, KindSlice>>, context: ResponseContext): DatasetResponse {
  const type: DatasetType = query.type;
  const response: Partial<Record<string, Entity[]>> = {};
  const totals: Partial<Record<Kind, number>> = {};
  let count = 0;
  for (const kind of kindsOf(type)) {
    const slice = slices[kind] ?? { entities: [], total: 0 };
    response[COLLECTIONS[kind]] = slice.entities;
    totals[kind] = slice.total;
    count += slice.entities.length;
  }
  const meta = datasetMeta({ type, totals, count, ...queryWindow(query, totals, context.baseUrl) }, context);
  return { ...response, _meta: meta };
}
