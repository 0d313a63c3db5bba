/**
 * The search index file of a kind (docs/api.md#search-index): the ids by rank, the filter
 * postings and the names `q` searches. Written by the build, read by the router, checked
 * by `verify`.
 */
import type { Dataset } from '../semantics/dataset.js';
import { FILTERS, type Filter, type Kind } from '../semantics/kinds.js';
import { searchNames, type SearchNames } from '../semantics/search.js';
import { encodePostings } from './ranks-codec.js';
import { parseDocument, SiteError } from './site-error.js';

/** Format name written into every search index file. */
export const SEARCH_INDEX_FORMAT = 'dataset-site-search';
/**
 * Format version written into every search index file; a reader rejects any other.
 * 2: the file holds the names ({@link SearchNames}), indexed when loaded, and its filter
 * postings as encoded ranks (ranks-codec.ts): a quarter of the gzipped size of version 1.
 */
export const SEARCH_INDEX_VERSION = 2;

/** A search index file, members in the order they are written. */
export interface SearchIndexFile {
  format: typeof SEARCH_INDEX_FORMAT;
  version: typeof SEARCH_INDEX_VERSION;
  kind: Kind;
  /** Entity ids in the default order: rank → id. */
  ids: string[];
  /** Per filter, normalized value → ranks holding it, encoded (see ranks-codec.ts), so `q` results are filtered without the entities. */
  postings: Record<Filter, Record<string, string>>;
  /** The names searched, by rank. */
  index: SearchNames;
  generated_at: string;
}

/** The JSON text of a kind's search index file, its `generated_at` left for the writer to stamp. */
export function renderSearchIndex(dataset: Dataset, kind: Kind): string {
  const entities = dataset.entities[kind];
  const file: SearchIndexFile = {
    format: SEARCH_INDEX_FORMAT,
    version: SEARCH_INDEX_VERSION,
    kind,
    ids: entities.map((entity) => entity.id),
    postings: Object.fromEntries(FILTERS.map((filter) => [filter, encodePostings(dataset.postings(kind, filter))])) as SearchIndexFile['postings'],
    index: searchNames(kind, entities),
    generated_at: '',
  };
  return JSON.stringify(file);
}

/**
 * Parses the search index file of `kind` at `path`. Anything but this format, version and
 * kind, or a malformed member, is a {@link SiteError} that says to rebuild.
 */
export function parseSearchIndex(path: string, text: string, kind: Kind): SearchIndexFile {
  const file = parseDocument<Partial<SearchIndexFile>>(path, text);
  if (file.format !== SEARCH_INDEX_FORMAT || file.version !== SEARCH_INDEX_VERSION || file.kind !== kind) {
    throw new SiteError(
      `${path} is a ${JSON.stringify(file.format)} index of version ${JSON.stringify(file.version)} for ${JSON.stringify(file.kind)}; ` +
        `this dataset-site reads ${SEARCH_INDEX_FORMAT} version ${SEARCH_INDEX_VERSION} for ${kind}. Rebuild the site with this version.`,
    );
  }
  const ids = file.ids;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) throw malformed(path, 'ids');
  if (!isNames(file.index) || file.index.length !== ids.length) throw malformed(path, 'index');
  if (typeof file.postings !== 'object' || file.postings === null || !FILTERS.every((filter) => isPostings(file.postings![filter]))) {
    throw malformed(path, 'postings');
  }
  return file as SearchIndexFile;
}

function isNames(index: unknown): index is SearchNames {
  return Array.isArray(index) && index.every((names) => Array.isArray(names) && names.length === 2 && names.every((name) => typeof name === 'string'));
}

function isPostings(postings: unknown): postings is Record<string, string> {
  return typeof postings === 'object' && postings !== null && Object.values(postings).every((ranks) => typeof ranks === 'string');
}

function malformed(path: string, member: string): SiteError {
  return new SiteError(`${path} has a malformed ${member}; rebuild the site`);
}
