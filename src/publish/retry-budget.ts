/**
 * Retries of a publish's requests, within one budget for the whole publish: a request that
 * fails in a way a retry can mend (failures.ts) is tried again after a backoff with full
 * jitter (shared/retry.ts), for as long as the store has answered nothing right for less than the budget.
 * Any success stops that clock, so a store that fails a share of requests slows a publish
 * but lets it finish, while a store that stops answering ends it: no later than the budget
 * after the start of the first attempt that failed, since no attempt may outlast the budget.
 * A request that keeps failing while others succeed ends too, a budget after its first attempt.
 * An endpoint that refuses every connection, or a host that does not resolve, before
 * anything has answered is given {@link UNREACHABLE_MS} at most: a wrong `--endpoint`, not
 * a store having a bad minute. Retries are reported (retry-lines.ts).
 */
import { type UserError, backoffMs } from '../shared/index.js';
import { isRetryable, isUnreachable, requestFailure } from './failures.js';
import type { RetryReport } from './retry-lines.js';

/** How long requests may take, and for how long failures are retried. */
export interface RetryLimits {
  /** Milliseconds the store may go without answering anything right before the publish gives up. */
  budgetMs: number;
  /** Milliseconds one attempt of a request may take in all, its body included. */
  requestDeadlineMs: number;
  /** Name of the budget's flag, for the message when it is spent. @default '--budget' */
  budgetFlag?: string;
  /** Called before each retry. @default none */
  onRetry?: (report: RetryReport) => void;
}

/** Runs requests with retries under one budget. */
export interface Retrier {
  /**
   * Runs `attempt` until it succeeds, each time with a signal that aborts it at its deadline.
   * A failure a retry cannot mend is thrown as it is; when the budget is spent, a one-line
   * {@link UserError} (exit 74) naming `what`, the attempts and the last failure.
   */
  run<T>(what: string, attempt: (signal: AbortSignal) => Promise<T>): Promise<T>;
}

const FIRST_BACKOFF_MS = 200;
/** Milliseconds a publish tries an endpoint that has answered nothing yet and refuses connections or does not resolve. */
export const UNREACHABLE_MS = 20_000;

/** A retrier for one publish: every request it runs shares the budget's clock. */
export function createRetrier({ budgetMs, requestDeadlineMs, budgetFlag = '--budget', onRetry }: RetryLimits): Retrier {
  // Start of the earliest attempt failing since the last success; undefined while all is well.
  let failingSince: number | undefined;
  // Whether the store has answered anything right; until then, an unreachable endpoint ends the publish early.
  let answered = false;
  let limitMs = budgetMs;
  const left = () => (failingSince === undefined ? limitMs : failingSince + limitMs - Date.now());
  return {
    async run(what, attempt) {
      const first = Date.now();
      for (let tries = 1; ; tries++) {
        const started = Date.now();
        try {
          const capped = left() < requestDeadlineMs;
          const ms = Math.max(1, capped ? left() : requestDeadlineMs);
          const why = capped
            ? `no complete answer when the budget ran out`
            : `no complete answer within ${requestDeadlineMs / 1000} s (--request-deadline)`;
          const result = await attemptWithin(attempt, ms, why);
          failingSince = undefined;
          answered = true;
          limitMs = budgetMs;
          return result;
        } catch (error) {
          if (!isRetryable(error)) throw error;
          failingSince = Math.min(failingSince ?? started, started);
          const unreachable = !answered && isUnreachable(error);
          limitMs = unreachable ? Math.min(budgetMs, UNREACHABLE_MS) : budgetMs;
          const backoff = backoffMs(tries, FIRST_BACKOFF_MS);
          // The store's clock ends all requests when nothing succeeds; this request's own ends one that fails alone while others succeed.
          if (left() - backoff <= 0 || Date.now() - first + backoff >= limitMs) {
            const seconds = ((Date.now() - first) / 1000).toFixed(1);
            const why =
              limitMs < budgetMs
                ? 'the endpoint has answered nothing since the start: is --endpoint (or AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL) right, and the store up?'
                : `${budgetFlag} ${budgetMs / 1000} s without an answer`;
            throw requestFailure(
              error,
              what,
              `gave up after ${tries} attempt${tries === 1 ? '' : 's'} in ${seconds} s (${why}): `,
            );
          }
          onRetry?.({ failure: requestFailure(error, what).message, attempt: tries, leftMs: left(), budgetFlag });
          await new Promise((resume) => setTimeout(resume, backoff));
        }
      }
    },
  };
}

/** Runs `attempt` with a signal that aborts it after `ms`, and ends at `ms` whether or not it heeds the signal, with a TimeoutError saying `why`. */
async function attemptWithin<T>(attempt: (signal: AbortSignal) => Promise<T>, ms: number, why: string): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = Object.assign(new Error(why), { name: 'TimeoutError' });
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([attempt(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
