import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  dayNumber,
  orderByStart,
  overlaps,
  dayWindow,
  startOrderWindow,
} from '../../../src/query/semantics/schedule.js';

describe('dayNumber', () => {
  it('counts days from 1970-01-01 and refuses what is not a calendar date', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1969-12-31')).toBe(-1);
    expect(dayNumber('2024-02-29')).toBe(19_782);
    expect(dayNumber('0001-01-01')).toBe(-719_162);
    // Year 0 is a leap year (divisible by 400), 100 and 1900 are not.
    expect(dayNumber('0000-02-29')).toBe(-719_469);
    expect(dayNumber('0000-03-01')).toBe(-719_468);
    expect(dayNumber('0100-02-29')).toBeUndefined();
    expect(dayNumber('0400-02-29')).toBe(dayNumber('0400-03-01')! - 1);
    for (const bad of [
      '2023-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-1-05',
      '2026-01-5',
      ' 2026-01-05',
      '2026-01-05T00:00',
      '',
      'today',
    ]) {
      expect(dayNumber(bad), bad).toBeUndefined();
    }
  });
  it('orders as the dates do', () => {
    const date = fc
      .date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, date, (a, b) => Math.sign(dayNumber(a)! - dayNumber(b)!) === Math.sign(a.localeCompare(b))),
    );
  });
});

describe('the date window and the order', () => {
  it('keeps days overlapping the window, both ends included', () => {
    const window = dayWindow({ from: '2026-03-01', to: '2026-03-31' });
    const day = (text: string) => dayNumber(text)!;
    expect(overlaps(day('2026-02-20'), day('2026-03-01'), window)).toBe(true);
    expect(overlaps(day('2026-03-31'), day('2026-04-02'), window)).toBe(true);
    expect(overlaps(day('2026-02-01'), day('2026-02-28'), window)).toBe(false);
    expect(overlaps(day('2026-04-01'), day('2026-04-01'), window)).toBe(false);
    expect(overlaps(day('1900-01-01'), day('2999-01-01'), dayWindow({}))).toBe(true);
    expect(overlaps(day('2026-04-01'), day('2026-04-01'), dayWindow({ to: '2026-03-31' }))).toBe(false);
  });
  it('orders by start either way, equal starts by rank, and windows the order', () => {
    const starts = [5, 5, 7, 3, 7];
    expect(orderByStart([4, 3, 2, 1, 0], 'start_date', (rank) => starts[rank]!)).toEqual([3, 0, 1, 2, 4]);
    expect(orderByStart([0, 1, 2, 3, 4], '-start_date', (rank) => starts[rank]!)).toEqual([2, 4, 0, 1, 3]);
    expect(
      startOrderWindow(
        [0, 1, 2, 3, 4],
        (rank) => rank !== 2,
        '-start_date',
        (rank) => starts[rank]!,
        1,
        2,
      ),
    ).toEqual({ ranks: [0, 1], total: 4 });
  });
});
