/**
 * The ids and names of a kind's entities, all the search index reads of them, packed in one
 * string for the term-shard worker: per entity its id and its two names, each ended by NUL
 * (a validated text holds no control character but tab, line feed and carriage return); a
 * name that is `null` is SOH alone, one that is missing STX alone.
 */
import type { Entity } from '../../query/semantics/entity.js';
import { NAME_FIELDS, type Kind } from '../../query/semantics/kinds.js';

const END = '\u0000';
const NULL = '\u0001';
const MISSING = '\u0002';

/** The ids and names of `entities`, packed. */
export function packNames(kind: Kind, entities: readonly Entity[]): string {
  const [cn, en] = NAME_FIELDS[kind];
  const parts: string[] = [];
  for (const entity of entities) parts.push(entity.id, END, packed(entity[cn]), END, packed(entity[en]), END);
  return parts.join('');
}

/** The entities of {@link packNames}: each its id and names, in order. */
export function unpackNames(kind: Kind, text: string): Entity[] {
  const [cn, en] = NAME_FIELDS[kind];
  const fields = text.split(END);
  const entities: Entity[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3) entities.push({ id: fields[i]!, [cn]: unpacked(fields[i + 1]!), [en]: unpacked(fields[i + 2]!) });
  return entities;
}

// A name as packed: the search index reads a name that is not a string as no text.
function packed(name: unknown): string {
  if (typeof name === 'string') return name;
  return name === null ? NULL : MISSING;
}

function unpacked(name: string): string | null | undefined {
  if (name === NULL) return null;
  if (name === MISSING) return undefined;
  return name;
}
