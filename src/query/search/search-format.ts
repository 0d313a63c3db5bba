/**
 * What every document of a search index shares (docs/api.md#search-index): its format
 * name, its version, and how a reader refuses a document of another format, version or kind.
 */
import type { Kind } from '../semantics/index.js';
import { parseDocument, SiteError } from '../formats/index.js';

/** Format name of a kind's search index entry; its other documents are `-terms`, `-values`, `-common` and `-common-part` (a chunk of ids has no format name). */
export const SEARCH_INDEX_FORMAT = 'dataset-site-search';
/**
 * Format version written into every search index document; a reader rejects any other.
 * 3: the index is an entry and shards of terms and of filter values, read by the shard.
 * 4: a term of many postings is cut into pieces over several shards, which a reader merges.
 * 5: common query terms have lists of classes instead (their name terms are in no shard), and the ids of all entities are in chunks by rank.
 * 6: a part of a common term's list writes its ranks and classes as one string of matches; a chunk of ids holds its version and ids only, and blocks of 64 chunks are read where a window needs many of their chunks.
 * 7: common query terms reaching the same terms share one list (the entry's `common_tails`); a second index, for `text`.
 * 8: the `status` filter's value shards; the exhibitions' days by rank, for `from`, `to` and `sort`.
 * 9: a common query term matches and is not scored, its list a set of entities a bit each at most.
 * 10: documents name entities by slot, which an entity keeps from build to build; the `q` entry's `slots` turn them into ranks.
 * 11: a value shard's slots are written as a common list's members, a bitset where that is shorter (China's exhibitors at L: 42 kB, not 195).
 * 12: every document is immutable, named by the generation that last changed it, which its entry's `versions` name; the snapshot root names the entries.
 * 13: the chunks and blocks of ids hold the digest of each entity's body in their snapshot (`bodies`).
 */
export const SEARCH_INDEX_VERSION = 13;

/**
 * A document to write: its static path and its JSON text, `generated_at` left for the writer to
 * stamp; or that text in UTF-8, as the build's term worker hands its documents over (moved, not copied).
 */
export interface IndexDocument {
  path: string;
  content: string | Uint8Array;
  /** False for a document without `generated_at` (the ids by slot). */
  timestamped?: false;
}

/** How a renderer hands over each document's JSON text: as it is, or (the build's term worker) as UTF-8. */
export type ContentForm = (json: string) => string | Uint8Array;

/** The text as it is. */
export const AS_TEXT: ContentForm = (json) => json;

/** Parses a search index document of `format` for `kind` at `path`; anything else is a {@link SiteError} that says to rebuild. */
export function parseVersioned<T extends { format: string; version: number; kind: Kind }>(
  path: string,
  text: string,
  format: string,
  kind: Kind,
): T {
  const file = parseDocument<Partial<T>>(path, text);
  if (
    typeof file !== 'object' ||
    file === null ||
    file.format !== format ||
    file.version !== SEARCH_INDEX_VERSION ||
    file.kind !== kind
  ) {
    throw new SiteError(
      `${path} is a ${JSON.stringify(file?.format)} document of version ${JSON.stringify(file?.version)} for ${JSON.stringify(file?.kind)}; ` +
        `this dataset-site reads ${format} version ${SEARCH_INDEX_VERSION} for ${kind}. Rebuild the site with this version.`,
    );
  }
  return file as T;
}

/** The error of a search index document whose `member` is malformed. */
export function malformed(path: string, member: string): SiteError {
  return new SiteError(`${path} has a malformed ${member}; rebuild the site`);
}
