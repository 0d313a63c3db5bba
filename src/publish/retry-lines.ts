/**
 * What a publish says while it retries: a line when requests start failing, then at most
 * one every {@link RETRY_LINE_INTERVAL_MS} while they go on failing, each naming what failed,
 * the attempt and the time left of the budget. Silence while a store does not answer reads
 * as a hung command.
 */

/** One retry the retrier is about to make. */
export interface RetryReport {
  /** What failed, in one line (failures.ts): the request, the bucket and endpoint, the error. */
  failure: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  /** Milliseconds left of the budget before the publish gives up. */
  leftMs: number;
  /** Name of the budget's flag. */
  budgetFlag: string;
}

/** Milliseconds between two lines while the failures go on. */
export const RETRY_LINE_INTERVAL_MS = 10_000;

/** A reporter of retries that writes a line to `write` for the first and then at most every {@link RETRY_LINE_INTERVAL_MS}. */
export function retryLines(write: (line: string) => void, now: () => number = Date.now): (report: RetryReport) => void {
  let last: number | undefined;
  return ({ failure, attempt, leftMs, budgetFlag }) => {
    if (last !== undefined && now() - last < RETRY_LINE_INTERVAL_MS) return;
    last = now();
    write(
      `retrying: ${failure} (attempt ${attempt} failed; ${Math.max(0, leftMs / 1000).toFixed(0)} s of ${budgetFlag} left)`,
    );
  };
}
