/**
 * What every document of a search index shares (docs/api.md#search-index): its format
 * name, its version, and how a reader refuses a document of another format, version or kind.
 */
import type { Kind } from '../semantics/index.js';
import { documentVersion, parseDocument, SiteError } from '../formats/index.js';

/** Format name of a kind's search index entry; its other documents are `-terms`, `-values`, `-common` and `-common-part` (a chunk of ids has no format name). */
export const SEARCH_INDEX_FORMAT = 'dataset-site-search';
/** Format version written into every search index document (its history: formats/site-documents.ts); a reader rejects any other. */
export const SEARCH_INDEX_VERSION = documentVersion('search');

/**
 * A document to write: its static path and its JSON text, `generated_at` left for the writer to
 * stamp; or that text in UTF-8, as the build's term worker hands its documents over (moved, not copied).
 */
export interface IndexDocument {
  path: string;
  content: string | Uint8Array;
  /** False for a document without `generated_at` (the ids by slot). */
  timestamped?: false;
  /** The slots whose body versions its `bodies`, left empty, is to hold, in order (pending-bodies.ts). */
  bodySlots?: Int32Array;
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
