/**
 * The exhibitions' days by rank (docs/api.md#search-index): what the router narrows and orders
 * by for `from`, `to` and `sort` (semantics/schedule.ts) without reading the exhibitions. Ranks
 * are in the default order, which is by start date, so each start is written as its gap from
 * the one before: at 10,000 exhibitions the document is about 40 kB.
 */
import { type Entity, dayNumber } from '../semantics/index.js';
import { exhibitionDatesPath } from './search-paths.js';
import {
  malformed,
  parseVersioned,
  SEARCH_INDEX_FORMAT,
  SEARCH_INDEX_VERSION,
  type IndexDocument,
} from './search-format.js';

const DATES_FORMAT = `${SEARCH_INDEX_FORMAT}-dates`;

/** The days document as written, members in order. */
export interface DatesFile {
  format: typeof DATES_FORMAT;
  version: typeof SEARCH_INDEX_VERSION;
  kind: 'exhibition';
  /** Day number (days since 1970-01-01) of the first rank's start date; 0 when there is none. */
  first_day: number;
  /** For each rank, its start day minus the previous rank's (the first's minus `first_day`). */
  start_gaps: number[];
  /** For each rank, its end day minus its start day. */
  lengths: number[];
}

/** The days of every exhibition by rank, as day numbers. */
export interface ExhibitionDays {
  starts: Int32Array;
  ends: Int32Array;
}

/** The days document of the exhibitions, in the default order. */
export function renderExhibitionDates(exhibitions: readonly Entity[]): IndexDocument {
  const starts = exhibitions.map((exhibition) => dayNumber(String(exhibition.start_date))!);
  const file: DatesFile = {
    format: DATES_FORMAT,
    version: SEARCH_INDEX_VERSION,
    kind: 'exhibition',
    first_day: starts[0] ?? 0,
    start_gaps: starts.map((start, rank) => start - (rank === 0 ? start : starts[rank - 1]!)),
    lengths: exhibitions.map((exhibition, rank) => dayNumber(String(exhibition.end_date))! - starts[rank]!),
  };
  return { path: exhibitionDatesPath(), content: JSON.stringify(file), timestamped: false };
}

/** Parses the days document of `count` exhibitions; anything else is a {@link SiteError} that says to rebuild. */
export function parseExhibitionDates(path: string, text: string, count: number): ExhibitionDays {
  const file = parseVersioned<DatesFile>(path, text, DATES_FORMAT, 'exhibition');
  if (!Number.isSafeInteger(file.first_day)) throw malformed(path, 'first_day');
  for (const member of ['start_gaps', 'lengths'] as const) {
    const values = file[member];
    if (
      !Array.isArray(values) ||
      values.length !== count ||
      !values.every((value) => Number.isSafeInteger(value) && value >= 0)
    )
      throw malformed(path, member);
  }
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  let day = file.first_day;
  for (let rank = 0; rank < count; rank++) {
    day += file.start_gaps[rank]!;
    starts[rank] = day;
    ends[rank] = day + file.lengths[rank]!;
  }
  return { starts, ends };
}
