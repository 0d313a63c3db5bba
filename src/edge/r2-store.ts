/**
 * A {@link DocumentStore} over a Cloudflare R2 bucket binding (or anything with its `get`
 * and `head`), the documents stored under their site paths, behind an optional key prefix.
 */
import type { DocumentStore } from '../query/router/index.js';

/** The part of an R2 bucket binding the store uses. */
export interface R2BucketLike {
  get(key: string): Promise<{ text(): Promise<string>; arrayBuffer(): Promise<ArrayBuffer>; etag: string } | null>;
  head(key: string): Promise<{ etag: string } | null>;
}

/**
 * Objects one answer reads from the bucket at once. Under `wrangler dev` (M set, 8 answers
 * of `type=all&limit=500` at once, about 1,900 objects each), 6–16 in flight answered in
 * 5.7–6.4 s and left workerd at 370–385 MB, 64 took 7.3 s and 447 MB, and all at once
 * 20.5 s and 848 MB; alone, such an answer took 0.6–1.0 s in turns and 1.1–2.6 s at once.
 * Production R2 is further away, so more in flight than the fewest pays there.
 */
export const R2_READS_IN_FLIGHT = 16;

/**
 * Bytes of parsed index documents the router keeps over the bucket, a quarter of what it keeps
 * elsewhere: a Worker isolate has 128 MB, and under `wrangler dev` over the L set (8 answers
 * in flight, three passes of bench/tail-queries.ts with `text`) it peaked at 135 MiB keeping 32,
 * and at 133 MiB keeping 16 once the term shards named their entities' bodies (index version 14).
 */
export const R2_KEPT_BYTES = 8 * 2 ** 20;

/** Longest key R2 takes, in bytes of UTF-8. */
const R2_MAX_KEY_BYTES = 1024;

/**
 * Reads `prefix + path` from the bucket: a missing object is a missing document. Its
 * revision is the object's ETag (one metadata request), so a search index entry is read
 * again only when it changed.
 */
export function r2Store(bucket: R2BucketLike, prefix = ''): DocumentStore {
  // A key longer than R2 takes names no object: missing, not R2's error (10020, "object name is not valid").
  const keyOf = (path: string) => {
    const key = prefix + path;
    return new TextEncoder().encode(key).length > R2_MAX_KEY_BYTES ? undefined : key;
  };
  const get = (path: string) => {
    const key = keyOf(path);
    return key === undefined ? null : bucket.get(key);
  };
  return {
    concurrency: R2_READS_IN_FLIGHT,
    keptBytes: R2_KEPT_BYTES,
    async read(path) {
      const object = await get(path);
      return object === null ? undefined : object.text();
    },
    async readBytes(path) {
      const object = await get(path);
      return object === null ? undefined : new Uint8Array(await object.arrayBuffer());
    },
    async revision(path) {
      const key = keyOf(path);
      return key === undefined ? undefined : (await bucket.head(key))?.etag;
    },
  };
}
