/**
 * A window of a `q` query, answered from the search index of one kind read by the shard:
 * its entry says which shards each term needs, the term shards give the scores and the ids
 * of the entities, the value shards apply the filters, and only the window is put in order.
 */
import type { Entity } from '../semantics/entity.js';
import { shardHoldingValue } from '../semantics/filter-shards.js';
import type { FilterValues } from '../semantics/filters.js';
import { FILTERS, type Kind } from '../semantics/kinds.js';
import { relevanceWindow } from '../semantics/relevance-window.js';
import type { SearchShard } from '../semantics/search-shard.js';
import { searchShards } from '../semantics/term-shards.js';
import { normalize } from '../semantics/text.js';
import type { KindSlice } from '../responses/dataset-response.js';
import { entityPath, filterShardPath, searchIndexPath, termShardPath } from '../formats/paths.js';
import { parseSearchEntry, parseTermShard, parseValueShard, type SearchEntry } from '../formats/search-index.js';
import { missingDocument, parseDocument } from '../formats/site-error.js';
import { BoundedCache } from './bounded-cache.js';
import type { DocumentReader } from './document-reader.js';
import type { DocumentStore } from './store.js';

/** The entry of a kind's index as last read. */
interface LoadedEntry {
  /** The store's revision of the entry when the store has revisions, else its text. */
  token: string;
  entry: SearchEntry;
}

/** A shard kept between requests, with its `generated_at`. */
type KeptShard = { shard: SearchShard; generatedAt: string } | { values: Map<string, number[]>; generatedAt: string };

/**
 * Bytes of parsed shards a router keeps per store, all kinds together. The shards of the
 * commonest term of the L set (`公司`, about 240,000 exhibitors) take about 14 MB parsed;
 * this keeps a few such terms and hundreds of ordinary shards, and leaves most of a Worker
 * isolate's 128 MB to the requests themselves.
 */
export const SHARD_CACHE_BYTES = 32 * 2 ** 20;

// Parsing shards is the costly part of a `q` answer, so they are kept per store, under the
// revision of their kind's index: a rebuild is picked up at once, with no stale answers.
const kept = new WeakMap<DocumentStore, { entries: Map<Kind, LoadedEntry>; shards: BoundedCache<string, KeptShard> }>();

/**
 * The entities of one kind matching `q` and `filters` in the window [offset, offset + limit),
 * in relevance order, and how many match in all.
 */
export async function readSearchSlice(reader: DocumentReader, kind: Kind, q: string, filters: FilterValues, limit: number, offset: number): Promise<KindSlice> {
  const { entry, shards } = await loadEntry(reader.store, kind);
  reader.stamp(entry.generatedAt);
  const readShard = async <T extends KeptShard>(path: string, parse: (text: string) => T, bytes: (parsed: T) => number): Promise<T> => {
    const key = `${entry.revision}\n${path}`;
    let parsed = shards.get(key) as T | undefined;
    if (parsed === undefined) {
      parsed = parse(await reader.required(path));
      shards.set(key, parsed, bytes(parsed));
    }
    reader.stamp(parsed.generatedAt);
    return parsed;
  };
  const search = searchShards(entry.index, q);
  let step = search.next([]);
  while (!step.done) {
    const paths = step.value.map((start) => [termShardPath(kind, start), start] as const);
    const termShards = await Promise.all(
      paths.map(([path, start]) =>
        readShard(
          path,
          (text) => parseTermShard(path, text, kind, start),
          (parsed) => parsed.shard.bytes,
        ),
      ),
    );
    step = search.next(termShards.map((parsed) => parsed.shard));
  }
  const matches = step.value;
  let allowed: ((rank: number) => boolean) | undefined;
  const wanted = FILTERS.filter((filter) => filters[filter] !== undefined);
  if (wanted.length > 0 && matches.ranks.length > 0) {
    const hits = new Uint8Array(entry.index.count);
    for (const filter of wanted) {
      const value = normalize(filters[filter]!);
      const start = shardHoldingValue(entry.filters[filter], value);
      if (start === undefined) continue;
      const path = filterShardPath(kind, filter, start);
      const { values } = await readShard(
        path,
        (text) => parseValueShard(path, text, kind, filter, start),
        (parsed) => valuesBytes(parsed.values),
      );
      for (const rank of values.get(value) ?? []) hits[rank]!++;
    }
    allowed = (rank) => hits[rank] === wanted.length;
  }
  const window = relevanceWindow(matches, allowed, offset, limit);
  const entities = await Promise.all(
    window.ranks.map(async (rank) => {
      const path = entityPath(kind, matches.idOf(rank));
      return parseDocument<Entity>(path, await reader.required(path));
    }),
  );
  return { entities, total: window.total };
}

// About the bytes a value shard holds parsed: its values' characters and their ranks.
function valuesBytes(values: ReadonlyMap<string, readonly number[]>): number {
  let bytes = 0;
  for (const [value, ranks] of values) bytes += 64 + 2 * value.length + 8 * ranks.length;
  return bytes;
}

async function loadEntry(store: DocumentStore, kind: Kind): Promise<{ entry: SearchEntry; shards: BoundedCache<string, KeptShard> }> {
  const path = searchIndexPath(kind);
  let forStore = kept.get(store);
  if (!forStore) kept.set(store, (forStore = { entries: new Map(), shards: new BoundedCache(SHARD_CACHE_BYTES) }));
  const cached = forStore.entries.get(kind);
  const revision = await store.revision?.(path);
  if (revision !== undefined && cached?.token === revision) return { entry: cached.entry, shards: forStore.shards };
  const text = await store.read(path);
  if (text === undefined) throw missingDocument(path);
  const token = revision ?? text;
  if (cached?.token !== token) forStore.entries.set(kind, { token, entry: parseSearchEntry(path, text, kind) });
  // Shards are kept under the index's revision: those of an older revision are never asked for again and age out.
  return { entry: forStore.entries.get(kind)!.entry, shards: forStore.shards };
}
