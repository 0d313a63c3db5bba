/** The rotation of header checks (header-rotation.ts): every object within a day of 5-minute publishes, a share each, none missed when runs are late or skipped. */
import { describe, expect, it } from 'vitest';
import { headersDue, ROTATION_SLOTS } from '../../src/publish/header-rotation.js';

const PATHS = Array.from({ length: 20_000 }, (_, i) => `api/public/exhibitors/X${i}.json`);
const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 27, 13, 2);

describe('headersDue', () => {
  it('reads every object within a day of runs every 5 minutes, about 1/256 of them a run', () => {
    const seen = new Set<string>();
    const shares: number[] = [];
    let last: number | undefined;
    for (let now = START; now < START + 24 * 60 * MINUTE; now += 5 * MINUTE) {
      const due = PATHS.filter(headersDue(last, now));
      for (const path of due) seen.add(path);
      shares.push(due.length);
      last = now;
    }
    expect(seen.size).toBe(PATHS.length);
    expect(Math.max(...shares)).toBeLessThan((3 * PATHS.length) / ROTATION_SLOTS);
  });

  it('misses none when runs are late or skipped, reads all after a day, and none again within the slot just read', () => {
    const seen = new Set<string>();
    // Runs an hour apart, then 7 minutes, then 3 hours: together a day.
    let last = START;
    for (const gap of [...Array<number>(20).fill(60), 7, 233]) {
      const now = last + gap * MINUTE;
      for (const path of PATHS.filter(headersDue(last, now))) seen.add(path);
      last = now;
    }
    expect(seen.size).toBe(PATHS.length);
    expect(PATHS.filter(headersDue(START, START + 25 * 60 * MINUTE))).toHaveLength(PATHS.length);
    expect(PATHS.filter(headersDue(START, START + MINUTE))).toHaveLength(0);
    expect(PATHS.filter(headersDue(undefined, START)).length).toBeGreaterThan(0);
  });
});
