/**
 * The served layout of an entity (docs/api.md#entities): its source fields in SOURCE_FIELDS
 * order, then `_links`, then `_rag_text`, then `_version`. model's `entityServer` (served-entity.ts) writes it
 * and the record cache reads a previous entity's source fields back from it, so it is a
 * format with a version, kept here below both rooms.
 */
import type { Entity } from '../query/semantics/index.js';

/** The version of the served layout: source fields first, `_links` after them; 2: `_version` last. */
export const SERVED_LAYOUT_VERSION = 2;

const LINKS_KEY = Buffer.from(',"_links":');

/**
 * The source fields of an entity read back from its served JSON (UTF-8): the text up to its
 * `_links`, closed. `undefined` when they cannot be read.
 */
export function sourceFieldsOf(json: Uint8Array): Entity | undefined {
  const bytes = Buffer.from(json.buffer, json.byteOffset, json.byteLength);
  // A `"` inside a JSON string is escaped, so the first `,"_links":` is the key; the source fields come before it.
  const links = bytes.indexOf(LINKS_KEY);
  if (links < 0) return undefined;
  try {
    return JSON.parse(`${bytes.toString('utf8', 0, links)}}`) as Entity;
  } catch {
    return undefined;
  }
}
