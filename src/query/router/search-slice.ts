/**
 * A window of a `q` query, answered from the search index of one kind read by the shard:
 * its entry says which shards each term needs, the term shards give the ranks in
 * relevance order and the ids of the entities, the value shards apply the filters.
 */
import type { Entity } from '../semantics/entity.js';
import { shardHoldingValue } from '../semantics/filter-shards.js';
import { filterRanks, type FilterValues } from '../semantics/filters.js';
import { FILTERS, type Filter, type Kind } from '../semantics/kinds.js';
import { searchShards, type TermShard } from '../semantics/term-shards.js';
import { normalize } from '../semantics/text.js';
import type { KindSlice } from '../responses/dataset-response.js';
import { entityPath, filterShardPath, searchIndexPath, termShardPath } from '../formats/paths.js';
import { parseSearchEntry, parseTermShard, parseValueShard, type SearchEntry } from '../formats/search-index.js';
import { missingDocument, parseDocument } from '../formats/site-error.js';
import type { DocumentReader } from './document-reader.js';
import type { DocumentStore } from './store.js';

/** Shards read under one entry revision, kept while it lasts, each with its `generated_at`. */
interface LoadedKind {
  /** The store's revision of the entry when the store has revisions, else its text. */
  entryToken: string;
  entry: SearchEntry;
  terms: Map<string, { shard: TermShard; generatedAt: string }>;
  values: Map<string, { values: Map<string, number[]>; generatedAt: string }>;
  /** Characters of the shards kept, to bound what a long run of different queries holds. */
  size: number;
}

/** Characters of shard text kept per kind and store before the kept shards are dropped. */
const MAX_KEPT_SIZE = 64_000_000;

// Parsing shards is the costly part of a `q` answer, so they are kept per store and kind
// while the entry's revision stays: a rebuild is picked up at once, with no stale answers.
const loadedKinds = new WeakMap<DocumentStore, Map<Kind, LoadedKind>>();

/**
 * The entities of one kind matching `q` and `filters` in the window [offset, offset + limit),
 * in relevance order, and how many match in all.
 */
export async function readSearchSlice(reader: DocumentReader, kind: Kind, q: string, filters: FilterValues, limit: number, offset: number): Promise<KindSlice> {
  const loaded = await loadEntry(reader.store, kind);
  reader.stamp(loaded.entry.generatedAt);
  const search = searchShards(loaded.entry.index, q);
  let step = search.next([]);
  while (!step.done) step = search.next(await Promise.all(step.value.map((start) => termShard(reader, loaded, kind, start))));
  const matches = step.value;
  const postings = new Map<Filter, number[] | undefined>();
  for (const filter of FILTERS) {
    const value = filters[filter];
    if (value !== undefined && matches.ranks.length > 0) postings.set(filter, await valuePostings(reader, loaded, kind, filter, normalize(value)));
  }
  const ranks = filterRanks(matches.ranks, filters, (filter) => postings.get(filter));
  const entities = await Promise.all(
    ranks.slice(offset, offset + limit).map(async (rank) => {
      const path = entityPath(kind, matches.idOf(rank));
      return parseDocument<Entity>(path, await reader.required(path));
    }),
  );
  return { entities, total: ranks.length };
}

async function termShard(reader: DocumentReader, loaded: LoadedKind, kind: Kind, start: string): Promise<TermShard> {
  const path = termShardPath(kind, start);
  let kept = loaded.terms.get(path);
  if (!kept) {
    const text = await reader.required(path);
    kept = parseTermShard(path, text, kind, start);
    keep(loaded, text.length);
    loaded.terms.set(path, kept);
  }
  reader.stamp(kept.generatedAt);
  return kept.shard;
}

async function valuePostings(reader: DocumentReader, loaded: LoadedKind, kind: Kind, filter: Filter, value: string): Promise<number[] | undefined> {
  const start = shardHoldingValue(loaded.entry.filters[filter], value);
  if (start === undefined) return undefined;
  const path = filterShardPath(kind, filter, start);
  let kept = loaded.values.get(path);
  if (!kept) {
    const text = await reader.required(path);
    kept = parseValueShard(path, text, kind, filter, start);
    keep(loaded, text.length);
    loaded.values.set(path, kept);
  }
  reader.stamp(kept.generatedAt);
  return kept.values.get(value);
}

// Counts a shard about to be kept; past the bound, what was kept is dropped first.
function keep(loaded: LoadedKind, size: number): void {
  if (loaded.size + size > MAX_KEPT_SIZE) {
    loaded.terms.clear();
    loaded.values.clear();
    loaded.size = 0;
  }
  loaded.size += size;
}

async function loadEntry(store: DocumentStore, kind: Kind): Promise<LoadedKind> {
  const path = searchIndexPath(kind);
  let byKind = loadedKinds.get(store);
  if (!byKind) loadedKinds.set(store, (byKind = new Map()));
  const cached = byKind.get(kind);
  const revision = await store.revision?.(path);
  if (revision !== undefined && cached?.entryToken === revision) return cached;
  const text = await store.read(path);
  if (text === undefined) throw missingDocument(path);
  const token = revision ?? text;
  if (cached?.entryToken === token) return cached;
  const entry = parseSearchEntry(path, text, kind);
  // Shards read under the same revision of the index stay good when only the entry's bytes changed (a new generated_at).
  const loaded: LoadedKind =
    cached?.entry.revision === entry.revision
      ? { ...cached, entryToken: token, entry }
      : { entryToken: token, entry, terms: new Map(), values: new Map(), size: 0 };
  byKind.set(kind, loaded);
  return loaded;
}
