/** `_meta` of dataset responses (CONTRACT §4), built in one place for pages and answers. */
import { COLLECTIONS, kindsOf, type Collection, type DatasetType, type Kind } from './kinds.js';
import { trimSlash } from './paths.js';
import type { DatasetMeta, ResponseContext } from './types.js';

/** Version of the data schema, `_meta.schema_version`. */
export const SCHEMA_VERSION = '1.0';

/** Version of the schema document's own layout (`_meta.format_version`); readers reject any other. */
export const SCHEMA_DOCUMENT_VERSION = 1;

/** The window of a response: what matched per kind, what was returned, and the links. */
export interface MetaInput {
  type: DatasetType;
  totals: Partial<Record<Kind, number>>;
  count: number;
  limit: number;
  offset: number;
  next: string | null;
  prev: string | null;
}

/** Builds `_meta` for a response window. */
export function datasetMeta(input: MetaInput, context: ResponseContext): DatasetMeta {
  const totals: Partial<Record<Collection, number>> = {};
  const entities: Partial<Record<Kind, unknown>> = {};
  let total = 0;
  for (const kind of kindsOf(input.type)) {
    const kindTotal = input.totals[kind] ?? 0;
    totals[COLLECTIONS[kind]] = kindTotal;
    entities[kind] = context.dictionary[kind];
    total += kindTotal;
  }
  return {
    type: input.type,
    schema_version: SCHEMA_VERSION,
    count: input.count,
    total,
    totals,
    limit: input.limit,
    offset: input.offset,
    next: input.next,
    prev: input.prev,
    generated_at: context.generatedAt,
    base_url: trimSlash(context.baseUrl),
    entities,
  };
}

/** Whether a window has a next page: some kind has matches beyond it. */
export function hasNextWindow(totals: Partial<Record<Kind, number>>, limit: number, offset: number): boolean {
  return Object.values(totals).some((total) => offset + limit < (total ?? 0));
}
