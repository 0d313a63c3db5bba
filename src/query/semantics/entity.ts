/** Entities as served (docs/api.md#entities): what every part of the query layer reads. */
import type { Kind } from './kinds.js';

/**
 * An entity: its fields by name. As served (and as read from a site) it also holds `_links`,
 * `_rag_text` and `_version`, which the build adds when it serializes it and the semantics never reads.
 */
export interface Entity {
  id: string;
  [field: string]: unknown;
}

/** The entities of each kind. */
export type EntitiesByKind = Record<Kind, readonly Entity[]>;
