/**
 * Exhibitions by date (docs/api.md#dates): `from` and `to` keep the exhibitions whose days
 * overlap the window, both ends included; `start_from` and `start_to` those that open in theirs;
 * `sort` orders by `start_date`, either way, ties by id. The reference and the router both
 * narrow and order here, over day numbers.
 */

/** Accepted values of `sort`: by `start_date`, earliest first, or (`-`) latest first. */
export const SORTS = ['start_date', '-start_date'] as const;
export type Sort = (typeof SORTS)[number];

/** The date parameters of a query: either end of the window alone, and the order. */
export interface Schedule {
  /** First day of the window, YYYY-MM-DD. */
  from?: string;
  /** Last day of the window, YYYY-MM-DD. */
  to?: string;
  /** First day an exhibition may open on, YYYY-MM-DD. */
  start_from?: string;
  /** Last day an exhibition may open on, YYYY-MM-DD. */
  start_to?: string;
  /** Order by start date instead of the default (or relevance). */
  sort?: Sort;
}

/** The parameters of a {@link Schedule}, in canonical URL order. */
export const SCHEDULE_PARAMETERS = ['from', 'to', 'start_from', 'start_to', 'sort'] as const;

/** The date parameters of a {@link Schedule}: each end of both windows. */
export const DATE_PARAMETERS = ['from', 'to', 'start_from', 'start_to'] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * Days since 1970-01-01 of an ISO calendar date `YYYY-MM-DD`, or `undefined` when `text`
 * is not one (a 13th month, a 30 February).
 */
export function dayNumber(text: string): number | undefined {
  const match = ISO_DATE.exec(text);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Year, month and day set at once: Date.UTC maps years 0-99 to 1900-1999, where a
  // 29 February of year 0 (a leap year, divisible by 400) would roll over into March.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return Math.round(date.getTime() / DAY_MS);
}

/** The window of a schedule in day numbers, each end open when not given. */
export interface DayWindow {
  first: number;
  last: number;
}

/** The day window of `schedule` (its dates valid: params.ts checks them). */
export function dayWindow(schedule: Schedule): DayWindow {
  return {
    first: schedule.from === undefined ? -Infinity : dayNumber(schedule.from)!,
    last: schedule.to === undefined ? Infinity : dayNumber(schedule.to)!,
  };
}

/** Whether days `start`…`end` overlap the window, both ends included. */
export function overlaps(start: number, end: number, window: DayWindow): boolean {
  return start <= window.last && end >= window.first;
}

/** The window of a schedule's opening days (`start_from`, `start_to`) in day numbers, each end open when not given. */
export function startWindow(schedule: Schedule): DayWindow {
  return {
    first: schedule.start_from === undefined ? -Infinity : dayNumber(schedule.start_from)!,
    last: schedule.start_to === undefined ? Infinity : dayNumber(schedule.start_to)!,
  };
}

/**
 * Whether an exhibition of days `start`…`end` is kept by the windows of `schedule`: its days overlap
 * `days` ({@link dayWindow}) and it opens within `opening` ({@link startWindow}), both ends included.
 */
export function withinSchedule(start: number, end: number, days: DayWindow, opening: DayWindow): boolean {
  return overlaps(start, end, days) && start >= opening.first && start <= opening.last;
}

/** Whether a schedule narrows the matches by date at all. */
export function isWindowed(schedule: Schedule): boolean {
  return DATE_PARAMETERS.some((name) => schedule[name] !== undefined);
}

/** Whether a schedule narrows the matches or changes their order at all. */
export function isScheduled(schedule: Schedule): boolean {
  return isWindowed(schedule) || schedule.sort !== undefined;
}

/**
 * Whether a schedule changes what the default order's listing holds: a window, or the order
 * latest first (`sort=start_date` is the exhibitions' default order).
 */
export function changesListing(schedule: Schedule): boolean {
  return isWindowed(schedule) || schedule.sort === '-start_date';
}

/**
 * `ranks` ordered by start day (`startOf`), earliest first for `start_date` and latest
 * first for `-start_date`, equal days by rank: ranks are in the default order, which puts
 * equal start dates in id order, so ties go by id.
 */
export function orderByStart(ranks: readonly number[], sort: Sort, startOf: (rank: number) => number): number[] {
  const sign = sort === 'start_date' ? 1 : -1;
  return [...ranks].sort((a, b) => sign * (startOf(a) - startOf(b)) || a - b);
}

/**
 * The window [offset, offset + limit) of the ranks `allowed` keeps (all when undefined) in the
 * order of `sort` ({@link orderByStart}), and how many it keeps in all.
 */
export function startOrderWindow(
  ranks: ArrayLike<number>,
  allowed: ((rank: number) => boolean) | undefined,
  sort: Sort,
  startOf: (rank: number) => number,
  offset: number,
  limit: number,
): { ranks: number[]; total: number } {
  const kept: number[] = [];
  for (let i = 0; i < ranks.length; i++) if (allowed === undefined || allowed(ranks[i]!)) kept.push(ranks[i]!);
  return { ranks: orderByStart(kept, sort, startOf).slice(offset, offset + limit), total: kept.length };
}
