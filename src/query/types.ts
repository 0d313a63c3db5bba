/** Shapes of the documents the API serves, shared by every part that reads or writes them. */
import type { Collection, DatasetType, Kind } from './kinds.js';

/** An entity as served: its fields, `_links` and (where present) `_rag_text`. */
export interface Entity {
  id: string;
  [field: string]: unknown;
}

/** The entities of each kind. */
export type EntitiesByKind = Record<Kind, readonly Entity[]>;

/** The data dictionary: for each kind, a description of every field (from schema.json). */
export type Dictionary = Record<Kind, unknown>;

/** `_meta` of a dataset response (CONTRACT §4), keys in the order they are written. */
export interface DatasetMeta {
  type: DatasetType;
  schema_version: string;
  count: number;
  total: number;
  totals: Partial<Record<Collection, number>>;
  limit: number;
  offset: number;
  next: string | null;
  prev: string | null;
  generated_at: string;
  base_url: string;
  entities: Partial<Record<Kind, unknown>>;
}

/** A dataset response: the arrays of the kinds requested, then `_meta`. */
export interface DatasetResponse {
  exhibitions?: Entity[];
  exhibitors?: Entity[];
  service_providers?: Entity[];
  _meta: DatasetMeta;
}

/** What a response needs besides the data: where the site lives and when it was made. */
export interface ResponseContext {
  baseUrl: string;
  generatedAt: string;
  dictionary: Dictionary;
}
