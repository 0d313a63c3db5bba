/** Entities as served (docs/api.md#entities): what every part of the query layer reads. */
import type { Kind } from './kinds.js';

/** An entity as served: its fields, `_links` and `_rag_text`. */
export interface Entity {
  id: string;
  [field: string]: unknown;
}

/** The entities of each kind. */
export type EntitiesByKind = Record<Kind, readonly Entity[]>;
