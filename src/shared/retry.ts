/**
 * The one retry policy of the requests dataset-site makes to other servers (publish's to a
 * bucket's store, a build's to remote sources): which answers a retry may mend, and how
 * long to wait before the next attempt. Each caller keeps its own budget (publish: a time
 * the store may answer nothing right; remote sources: a number of retries) and its own
 * further reasons to retry (the store's error codes, a network error).
 */

/** Longest wait before a retry, in milliseconds, however many retries came before. */
export const MAX_BACKOFF_MS = 10_000;

/** Whether an HTTP answer of `status` may come out otherwise on a retry: 408, 429 or 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/**
 * Milliseconds to wait before retry number `retry` (1 for the first): exponential backoff
 * with full jitter, a random wait up to `firstMs` doubled for each retry before it, at most
 * {@link MAX_BACKOFF_MS}, so that requests failing together do not come back together.
 */
export function backoffMs(retry: number, firstMs: number, random: () => number = Math.random): number {
  return random() * Math.min(MAX_BACKOFF_MS, firstMs * 2 ** (retry - 1));
}
