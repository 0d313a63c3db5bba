/**
 * A window of a `q` query, answered from the search index file of one kind: its
 * MiniSearch index gives ranks in relevance order, its postings apply the filters, its
 * `ids` name the entity documents to read.
 */
import type MiniSearch from 'minisearch';
import { filterRanks } from './filter-ranks.js';
import type { Filter, Kind } from './kinds.js';
import { entityPath, searchIndexPath, type FilterValues } from './paths.js';
import type { KindSlice } from './query-answer.js';
import { decodeRanks } from './ranks-codec.js';
import { loadSearchIndex, searchRanks, SEARCH_INDEX_FORMAT, SEARCH_INDEX_VERSION, type SearchDocument } from './search.js';
import { missingDocument, parseDocument, SiteError, type SiteReader } from './site-reader.js';
import type { DocumentStore } from './store.js';
import type { Entity } from './types.js';

/** A search index file as the build writes it (see `renderSearchIndex`). */
interface SearchIndexFile {
  format: string;
  version: number;
  kind: Kind;
  /** Entity ids in the default order: rank → id. */
  ids: string[];
  /** Normalized filter value → ranks holding it, encoded (see ranks-codec.ts). */
  postings: Record<Filter, Record<string, string>>;
  index: unknown;
  generated_at: string;
}

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
  reader: SiteReader,
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
  const entities = await Promise.all(ids.map((id) => reader.required<Entity>(entityPath(kind, id))));
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

  const file = parseDocument<SearchIndexFile>(path, text);
  if (file.format !== SEARCH_INDEX_FORMAT || file.version !== SEARCH_INDEX_VERSION || file.kind !== kind) {
    throw new SiteError(
      `${path} is a ${JSON.stringify(file.format)} index of version ${JSON.stringify(file.version)} for ${JSON.stringify(file.kind)}; ` +
        `this dataset-site reads ${SEARCH_INDEX_FORMAT} version ${SEARCH_INDEX_VERSION} for ${kind}. Rebuild the site with this version.`,
    );
  }
  // With a revision the text is not needed to tell a change, and not kept.
  const loaded = { revision, text: revision === undefined ? text : undefined, file, search: loadSearchIndex(file.index), decoded: new Map() };
  byKind.set(kind, loaded);
  return loaded;
}
