/**
 * A window of a `q` query, answered from the search index file of one kind: its
 * MiniSearch index gives ranks in relevance order, its postings apply the filters, its
 * `ids` name the entity documents to read.
 */
import type MiniSearch from 'minisearch';
import type { Entity } from '../semantics/entity.js';
import { filterRanks, type FilterValues } from '../semantics/filters.js';
import type { Filter, Kind } from '../semantics/kinds.js';
import { indexNames, searchRanks, type SearchDocument } from '../semantics/search.js';
import type { KindSlice } from '../responses/dataset-response.js';
import { entityPath, searchIndexPath } from '../formats/paths.js';
import { decodeRanks } from '../formats/ranks-codec.js';
import { parseSearchIndex, type SearchIndexFile } from '../formats/search-index.js';
import { missingDocument, parseDocument } from '../formats/site-error.js';
import type { DocumentReader } from './document-reader.js';
import type { DocumentStore } from './store.js';

/**
 * A loaded index, with what tells whether it is still current: the store's revision of the
 * file when the store has revisions, else the text it was loaded from.
 */
interface LoadedIndex {
  revision: string | undefined;
  text: string | undefined;
  file: SearchIndexFile;
  search: MiniSearch<SearchDocument>;
  /** Decoded filter postings, by filter and normalized value, decoded on first use. */
  decoded: Map<string, number[] | undefined>;
}

// Loading an index (JSON.parse + indexing the names) is the costly part of a `q` answer, so
// loaded indexes are kept per store and kind, and reused while the file is unchanged:
// a rebuild is picked up at once, with no stale answers.
const loadedIndexes = new WeakMap<DocumentStore, Map<Kind, LoadedIndex>>();

/**
 * The entities of one kind matching `q` and `filters` in the window [offset, offset + limit),
 * in relevance order, and how many match in all.
 */
export async function readSearchSlice(
  reader: DocumentReader,
  kind: Kind,
  q: string,
  filters: FilterValues,
  limit: number,
  offset: number,
): Promise<KindSlice> {
  const loaded = await loadIndex(reader.store, kind);
  const { file, search } = loaded;
  reader.stamp(file.generated_at);
  const ranks = filterRanks(searchRanks(search, q), filters, (filter, value) => postingsOf(loaded, filter, value));
  const ids = ranks.slice(offset, offset + limit).map((rank) => file.ids[rank]!);
  const entities = await Promise.all(
    ids.map(async (id) => {
      const path = entityPath(kind, id);
      return parseDocument<Entity>(path, await reader.required(path));
    }),
  );
  return { entities, total: ranks.length };
}

function postingsOf(loaded: LoadedIndex, filter: Filter, value: string): number[] | undefined {
  const key = `${filter}\u0000${value}`;
  if (!loaded.decoded.has(key)) {
    const encoded = loaded.file.postings[filter];
    loaded.decoded.set(key, Object.hasOwn(encoded, value) ? decodeRanks(encoded[value]!) : undefined);
  }
  return loaded.decoded.get(key);
}

async function loadIndex(store: DocumentStore, kind: Kind): Promise<LoadedIndex> {
  const path = searchIndexPath(kind);
  let byKind = loadedIndexes.get(store);
  if (!byKind) loadedIndexes.set(store, (byKind = new Map()));
  const cached = byKind.get(kind);
  const revision = await store.revision?.(path);
  if (revision !== undefined && cached?.revision === revision) return cached;
  const text = await store.read(path);
  if (text === undefined) throw missingDocument(path);
  if (revision === undefined && cached?.text === text) return cached;

  const file = parseSearchIndex(path, text, kind);
  // With a revision the text is not needed to tell a change, and not kept.
  const loaded = { revision, text: revision === undefined ? text : undefined, file, search: indexNames(file.index), decoded: new Map() };
  byKind.set(kind, loaded);
  return loaded;
}
