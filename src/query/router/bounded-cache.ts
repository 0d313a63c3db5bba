/**
 * A cache bounded in bytes, least recently used first out: what a router keeps between
 * requests must fit beside the requests themselves in a Worker isolate's 128 MB.
 */

/** Values by key, each with its size in bytes; past the bound, the least recently used go first. */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private total = 0;

  /** Keeps at most `maxBytes` in all; a value larger than that is not kept. */
  constructor(readonly maxBytes: number) {}

  /** The value of `key`, now the most recently used; undefined when not kept. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` under `key` as the most recently used, dropping the least recently used past the bound. */
  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    for (const [oldest, entry] of this.entries) {
      if (this.total + bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
    this.entries.set(key, { value, bytes });
    this.total += bytes;
  }

  /** Drops `key`'s value if kept. */
  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  /** Bytes kept now. */
  get bytes(): number {
    return this.total;
  }
}
