/** A record as the load stage reads it from a source file, before validation. */
import type { Kind } from '../../query/semantics/index.js';

/** A record as read from a source file, not yet validated. */
export interface RawRecord {
  kind: Kind;
  file: string;
  line: number;
  /** The parsed record; not parsed (`undefined`) when the record cache holds it ({@link previous}). */
  value: unknown;
  /** The digest of the record's source text (record-cache.ts): its line, or else its JSON; none for a value too deep to write as JSON. */
  key?: string;
  /** Its rank in the previous build's dump, when the record cache holds this very source text. */
  previous?: number;
  /** The line, when not parsed: read only if the cached record cannot be. */
  text?: string;
  /** For a CSV or TSV record: each field's 1-based column, so a message can name it. */
  columns?: Record<string, number>;
}
