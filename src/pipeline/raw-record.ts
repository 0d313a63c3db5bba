/** A record as the load stage reads it from a source file, before validation. */
import type { Kind } from '../query/semantics/kinds.js';

/** A record as read from a source file, not yet validated. */
export interface RawRecord {
  kind: Kind;
  file: string;
  line: number;
  value: unknown;
  /** For a CSV or TSV record: each field's 1-based column, so a message can name it. */
  columns?: Record<string, number>;
}
