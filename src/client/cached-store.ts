/**
 * A document store that keeps what it read for as long as the site says answers may be
 * cached (`max-age=300`; an immutable document found, for good), so that a repeated query
 * costs no request: the search shards and entity documents of a `q` answer are fetched once.
 */
import { API_HEADERS, isImmutablePath } from '../query/formats/index.js';
import type { DocumentStore } from '../query/router/index.js';

/** How long a read document is kept, in milliseconds: the API's own `max-age`. */
export const CLIENT_CACHE_MS = Number(/max-age=(\d+)/.exec(API_HEADERS['Cache-Control']!)![1]) * 1000;

/** Documents kept at most; the oldest go first. */
const MAX_DOCUMENTS = 2000;

/** `store` with each document kept for `maxAge` milliseconds after it was read (`now` for tests). */
export function cachedStore(
  store: DocumentStore,
  maxAge = CLIENT_CACHE_MS,
  now: () => number = Date.now,
): DocumentStore {
  const kept = new Map<string, { text: Promise<string | undefined>; until: number }>();
  return {
    read(path) {
      const hit = kept.get(path);
      if (hit && hit.until > now()) return hit.text;
      kept.delete(path);
      const text = store.read(path);
      kept.set(path, { text, until: now() + maxAge });
      // A name of an immutable document is never written with other bytes: found, it is kept until pushed out.
      if (isImmutablePath(path))
        void text.then(
          (found) => {
            const entry = kept.get(path);
            if (found !== undefined && entry?.text === text) entry.until = Number.POSITIVE_INFINITY;
          },
          () => {},
        );
      // A failed read is not kept: the next one tries again.
      text.catch(() => kept.delete(path));
      if (kept.size > MAX_DOCUMENTS) kept.delete(kept.keys().next().value!);
      return text;
    },
  };
}
