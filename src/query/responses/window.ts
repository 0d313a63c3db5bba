/**
 * The window of a response (docs/api.md#pagination): the effective `limit` and `offset`,
 * and the URLs of the adjacent windows: query-form URLs in an answer to the query form,
 * static URLs in a precomputed page.
 */
import type { Kind, DatasetQuery } from '../semantics/index.js';
import { PAGE_SIZE, queryUrl, staticUrl } from '../formats/index.js';

/** The window of a response and its adjacent-window links. */
export interface Window {
  limit: number;
  offset: number;
  next: string | null;
  prev: string | null;
}

/** Matches per kind of a response. */
export type Totals = Partial<Record<Kind, number>>;

/** The window of a query-form answer: the query's `limit`/`offset` and query-form `next`/`prev` (none for `limit=0`, a count). */
export function queryWindow(query: DatasetQuery, totals: Totals, baseUrl: string): Window {
  const { limit, offset } = query;
  if (limit === 0) return { limit, offset, next: null, prev: null };
  return {
    limit,
    offset,
    next: hasNextWindow(totals, limit, offset) ? queryUrl(baseUrl, { ...query, offset: offset + limit }) : null,
    prev: offset > 0 ? queryUrl(baseUrl, { ...query, offset: Math.max(0, offset - limit) }) : null,
  };
}

/** The window of page `page` (1-based) of a static listing, whose page n is at `pathOf(n)`. */
export function staticPageWindow(
  totals: Totals,
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

/** How many static pages a listing with these totals has: at least one, even when empty. */
export function pageCount(totals: Totals): number {
  return Math.max(1, ...Object.values(totals).map((total) => Math.ceil((total ?? 0) / PAGE_SIZE)));
}

// Whether some kind has matches beyond the window.
function hasNextWindow(totals: Totals, limit: number, offset: number): boolean {
  return Object.values(totals).some((total) => offset + limit < (total ?? 0));
}
