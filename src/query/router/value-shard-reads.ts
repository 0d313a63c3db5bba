/** A filter's value shard of a kind's search index (docs/api.md#search-index) read through what the router keeps. */
import { parseValueShard, type SearchEntry } from '../search/index.js';
import type { Kind, ValueParameter } from '../semantics/index.js';
import type { DocumentReader } from './document-reader.js';
import type { KeptReader } from './kept.js';

/** The value shard of `filter` starting at `start` (normalized value → ranks) of `entry`'s index, read through `read`. */
export function readValueShard(
  entry: SearchEntry,
  kind: Kind,
  filter: ValueParameter,
  start: string,
  read: KeptReader,
  reader: DocumentReader,
): Promise<{ values: Map<string, number[]>; generatedAt: string }> {
  const path = entry.versions.valueShard(filter, start);
  return read(
    path,
    async () => parseValueShard(path, await reader.required(path), kind, filter, start, entry.slots),
    (parsed) => valuesBytes(parsed.values),
  );
}

// About the bytes a value shard holds parsed: its values' characters and their ranks.
function valuesBytes(values: ReadonlyMap<string, readonly number[]>): number {
  let bytes = 0;
  for (const [value, ranks] of values) bytes += 64 + 2 * value.length + 8 * ranks.length;
  return bytes;
}
