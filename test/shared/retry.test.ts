/** The one retry policy (shared/retry.ts): which statuses a retry may mend, and the backoff with full jitter. */
import { describe, expect, it } from 'vitest';
import { backoffMs, isRetryableStatus, MAX_BACKOFF_MS } from '../../src/shared/retry.js';

describe('isRetryableStatus', () => {
  it('retries 408, 429 and every 5xx, and nothing else', () => {
    const retried = [200, 304, 400, 401, 403, 404, 408, 409, 412, 429, 500, 502, 503, 504, 599].filter(
      isRetryableStatus,
    );
    expect(retried).toEqual([408, 429, 500, 502, 503, 504, 599]);
  });
});

describe('backoffMs', () => {
  it('waits up to the first wait doubled for each retry before, capped', () => {
    const longest = (retry: number) => backoffMs(retry, 200, () => 1);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(longest)).toEqual([
      200,
      400,
      800,
      1600,
      3200,
      6400,
      MAX_BACKOFF_MS,
      MAX_BACKOFF_MS,
    ]);
    expect(backoffMs(30, 1000, () => 1)).toBe(MAX_BACKOFF_MS);
  });

  it('draws the wait at random from nothing to that longest wait (full jitter)', () => {
    expect(backoffMs(3, 1000, () => 0)).toBe(0);
    expect(backoffMs(3, 1000, () => 0.25)).toBe(1000);
    const waits = Array.from({ length: 200 }, () => backoffMs(2, 1000));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...waits)).toBeLessThan(2000);
    expect(new Set(waits).size).toBeGreaterThan(100);
  });
});
