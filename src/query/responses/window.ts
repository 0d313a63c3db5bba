/**
 * The window of a response (docs/api.md#pagination): the effective `limit` and `offset`,
 * and the URLs of the adjacent windows: query-form URLs in an answer to the query form,
 * static URLs in a precomputed page.
 */
import type { Kind, DatasetQuery, DatasetType, FilterValues } from '../semantics/index.js';
import { DATASET_ROUTE, DUMPS_FOLDER, PAGE_SIZE, queryUrl, staticUrl } from '../formats/index.js';

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

/**
 * The `Link` header of a query-form answer (RFC 8288): its `next` and `prev` windows, as `_meta`
 * names them, for a client that reads headers alone (a CSV answer has no `_meta`); none when both are null.
 */
export function linkHeader({ next, prev }: Pick<Window, 'next' | 'prev'>): Record<string, string> {
  const links = [
    ...(next === null ? [] : [`<${next}>; rel="next"`]),
    ...(prev === null ? [] : [`<${prev}>; rel="prev"`]),
  ];
  return links.length === 0 ? {} : { Link: links.join(', ') };
}

/**
 * A dataset listing of which the site holds only the first `depth` pages (`--page-depth`):
 * the last one's `next` is the query-form URL of the window after it, which no static page holds.
 */
export interface HeldPages {
  depth: number;
  type: DatasetType;
  filters: FilterValues;
}

/** The query-form URL of the window of page `page` (1-based) of a dataset listing: where its `next` goes, or its 404 points, past the pages a site holds. */
export function pageQueryUrl(baseUrl: string, type: DatasetType, filters: FilterValues, page: number): string {
  return queryUrl(baseUrl, { type, ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
}

/** The window of page `page` (1-based) of a static listing, whose page n is at `pathOf(n)`; `held` when the site holds only its first pages. */
export function staticPageWindow(
  totals: Totals,
  page: number,
  baseUrl: string,
  pathOf: (page: number) => string,
  held?: HeldPages,
): Window {
  const offset = (page - 1) * PAGE_SIZE;
  let next: string | null = null;
  if (hasNextWindow(totals, PAGE_SIZE, offset))
    next =
      held !== undefined && page >= held.depth
        ? pageQueryUrl(baseUrl, held.type, held.filters, page + 1)
        : staticUrl(baseUrl, pathOf(page + 1));
  return { limit: PAGE_SIZE, offset, next, prev: page > 1 ? staticUrl(baseUrl, pathOf(page - 1)) : null };
}

/**
 * What a 404 for a static listing page the site does not hold says: the depth (`depth` pages of
 * each listing, none of `all` with filters), and the ways on. `window`: the page asked for, with
 * the query-form URL of its window and, for a listing of `all` with filters, its kinds' first pages.
 */
export function pastHeldPagesMessage(
  depth: number,
  window?: { url: string; page: number; kindPages?: readonly string[] },
): string {
  const deep = `this site holds the first ${depth} of each listing (offsets below ${depth * PAGE_SIZE})`;
  const filteredAll = `a listing of all with filters has none: its kinds' listings of the same filters (dataset/{type}/…) hold them`;
  if (window === undefined)
    return `a listing's static pages: ${deep}, and ${filteredAll}; /${DATASET_ROUTE}?type=…&offset=… answers any other window where a router runs (dataset-site serve, the Worker, the Pages worker); ${WAYS_ON}`;
  const where =
    window.kindPages === undefined
      ? `page ${window.page} is past the static pages: ${deep}`
      : `${filteredAll}, the first at ${window.kindPages.join(', ')}`;
  return `${where}; the same window is ${window.url} (the query form); ${WAYS_ON}`;
}

/**
 * The message of the 404 for a listing path naming a query filter (docs/api.md#query-filters): it has no static
 * pages, and `url` (when the path names a type and a value) is the same listing in the query form.
 */
export function queryFilterPagesMessage(filter: string, url: string | undefined): string {
  const ask = url ?? `/${DATASET_ROUTE}?type=…&${filter}=…`;
  return `${filter} has no static pages: it is a query filter, answered by the query form alone (${ask}) where a router runs (dataset-site serve, the Worker, the Pages worker); ${WAYS_ON}`;
}

const WAYS_ON = `the client SDK reads any window from any host; the bulk dumps /${DUMPS_FOLDER}/ hold every entity`;

/**
 * How many static pages the site holds of a listing with these totals: every page, or the
 * first `held.depth`; none of a listing that {@link holdsPages} says is not held.
 */
export function heldPageCount(totals: Totals, held?: HeldPages): number {
  const pages = pageCount(totals);
  if (held === undefined) return pages;
  return holdsPages(held) ? Math.min(pages, held.depth) : 0;
}

/**
 * Whether a site that holds a page depth has static pages of this dataset listing: of every
 * listing but one of `all` with filters, whose pages would repeat its kinds' pages of the same
 * filters (at L a fifth of the site's bytes, and half of what moving an exhibitor rewrote). The
 * unfiltered `dataset/all/{page}.json` stays, the static entry point.
 */
export function holdsPages({ type, filters }: { type: DatasetType; filters: FilterValues }): boolean {
  return type !== 'all' || Object.values(filters).every((value) => value === undefined);
}

/** How many static pages a listing with these totals has: at least one, even when empty. */
export function pageCount(totals: Totals): number {
  return Math.max(1, ...Object.values(totals).map((total) => Math.ceil((total ?? 0) / PAGE_SIZE)));
}

// Whether some kind has matches beyond the window.
function hasNextWindow(totals: Totals, limit: number, offset: number): boolean {
  return Object.values(totals).some((total) => offset + limit < (total ?? 0));
}
