/**
 * The ids of a kind's entities and the fields its searches read (searches.ts), all the search
 * indexes read of them, packed in one string for the term-shard worker: per entity its id, then
 * each searched field, each ended by NUL (a validated text holds no control character but tab,
 * line feed and carriage return). A field is packed as its text: a string as it is, the
 * strings of an array one a line, anything else empty, which the indexes read alike.
 */
import type { Entity } from '../../query/semantics/entity.js';
import type { Kind } from '../../query/semantics/kinds.js';
import { SEARCHES, SEARCH_FIELDS } from '../../query/semantics/searches.js';

const END = '\u0000';

/** The fields of a kind any search reads, each once. */
function searchedFields(kind: Kind): string[] {
  return [...new Set(SEARCHES.flatMap((search) => SEARCH_FIELDS[search][kind].flat()))];
}

/** The ids and searched fields of `entities`, packed. */
export function packSearchFields(kind: Kind, entities: readonly Entity[]): string {
  const fields = searchedFields(kind);
  const parts: string[] = [];
  for (const entity of entities) {
    parts.push(entity.id, END);
    for (const field of fields) parts.push(fieldText(entity[field]), END);
  }
  return parts.join('');
}

/** The entities of {@link packSearchFields}: each its id and its searched fields as text, in order. */
export function unpackSearchFields(kind: Kind, text: string): Entity[] {
  const fields = searchedFields(kind);
  const values = text.split(END);
  const entities: Entity[] = [];
  const stride = fields.length + 1;
  for (let i = 0; i + stride <= values.length; i += stride) {
    const entity: Entity = { id: values[i]! };
    fields.forEach((field, j) => (entity[field] = values[i + 1 + j]!));
    entities.push(entity);
  }
  return entities;
}

// A field as the indexes read it: a string, or the strings of an array one a line.
function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string').join('\n');
  return '';
}
