/**
 * Where the router reads a built site from: files on disk, a static host over HTTP, an
 * edge runtime's asset binding. Documents are addressed by their static paths (docs/api.md#static-paths).
 */
export interface DocumentStore {
  /**
   * The text of the document at a site-relative path such as `api/public/schema.json`,
   * or `undefined` when the site has no such document. Throws only when the store itself
   * fails (a network error, a permission problem).
   */
  read(path: string): Promise<string | undefined>;
  /**
   * Optional: a cheap token that changes whenever the document at `path` changes (a file's
   * inode, size and times; an ETag), or `undefined` when there is none. With it, what the
   * router derives from a large document (a loaded search index) is reused without reading
   * the document again; without it, the document is read and compared on every use.
   */
  revision?(path: string): Promise<string | undefined>;
  /**
   * Optional: the bytes of a binary document (a gzipped dump), or `undefined` when the
   * site has none. Without it, binary documents are not served.
   */
  readBytes?(path: string): Promise<Uint8Array | undefined>;
  /**
   * Optional: at most this many reads of one answer in flight at once, the others waiting
   * their turn. Without it, every read starts when asked for: an answer of 1,500 entities
   * starts 1,500 at once, which a store over a network may serve far slower than in turns.
   */
  concurrency?: number;
  /**
   * Optional: bytes of parsed index documents and scored matches the router keeps between
   * answers over this store (search-slice.ts); `SHARD_CACHE_BYTES` there without it. A store
   * read inside a memory-bound isolate asks for less.
   */
  keptBytes?: number;
  /**
   * Optional: for one answer, what each of its reads awaits first (a store whose reads finish
   * at once lets the event loop turn now and then, each answer on its own count, so a small
   * answer is not held behind a large one's). Without it, reads start when asked for.
   */
  answerPace?(): () => Promise<void>;
}
