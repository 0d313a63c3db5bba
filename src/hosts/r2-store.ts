/**
 * A {@link DocumentStore} over a Cloudflare R2 bucket binding (or anything with its `get`
 * and `head`), the documents stored under their site paths, behind an optional key prefix.
 */
import type { DocumentStore } from '../query/router/store.js';

/** The part of an R2 bucket binding the store uses. */
export interface R2BucketLike {
  get(key: string): Promise<{ text(): Promise<string>; arrayBuffer(): Promise<ArrayBuffer>; etag: string } | null>;
  head(key: string): Promise<{ etag: string } | null>;
}

/**
 * Reads `prefix + path` from the bucket: a missing object is a missing document. Its
 * revision is the object's ETag (one metadata request), so a search index entry is read
 * again only when it changed.
 */
export function r2Store(bucket: R2BucketLike, prefix = ''): DocumentStore {
  return {
    async read(path) {
      const object = await bucket.get(prefix + path);
      return object === null ? undefined : object.text();
    },
    async readBytes(path) {
      const object = await bucket.get(prefix + path);
      return object === null ? undefined : new Uint8Array(await object.arrayBuffer());
    },
    async revision(path) {
      return (await bucket.head(prefix + path))?.etag;
    },
  };
}
