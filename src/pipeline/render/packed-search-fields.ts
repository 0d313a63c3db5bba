/**
 * The ids of a kind's entities and the fields a search reads (searches.ts), all its index
 * reads of them, packed in one string for the term-shard worker: per entity its id, then
 * each searched field, each ended by NUL (a validated text holds no control character but tab,
 * line feed and carriage return). A field is packed as its texts: a string as it is, the
 * strings of an array separated by SOH, anything else empty, which the indexes read alike.
 */
import { type Entity, type Kind, SEARCH_FIELDS, type Search } from '../../query/semantics/index.js';
import { searchTextDigest } from '../../shared/index.js';

const END = '\u0000';
const ITEM = '\u0001';

/** The ids and the fields `search` reads of `entities`, packed. */
export function packSearchFields(search: Search, kind: Kind, entities: readonly Entity[]): string {
  const fields = SEARCH_FIELDS[search][kind].flat();
  const parts: string[] = [];
  for (const entity of entities) {
    parts.push(entity.id, END);
    for (const field of fields) parts.push(fieldText(entity[field]), END);
  }
  return parts.join('');
}

/** The entities of {@link packSearchFields}: each its id and the fields `search` reads as text, in order. */
export function unpackSearchFields(search: Search, kind: Kind, text: string): Entity[] {
  const fields = SEARCH_FIELDS[search][kind].flat();
  const values = text.split(END);
  const entities: Entity[] = [];
  const stride = fields.length + 1;
  for (let i = 0; i + stride <= values.length; i += stride) {
    const entity: Entity = { id: values[i]! };
    fields.forEach((field, j) => {
      const value = values[i + 1 + j]!;
      entity[field] = value.includes(ITEM) ? value.split(ITEM) : value;
    });
    entities.push(entity);
  }
  return entities;
}

/**
 * The digest of each entity's packed id and fields for a search (its first 8 bytes, as two
 * 32-bit numbers an entity, in order): equal digests, equal texts. Never both zero, which a
 * term cache's hole holds.
 */
export function packedDigests(search: Search, kind: Kind, text: string): Uint32Array {
  const stride = SEARCH_FIELDS[search][kind].flat().length + 1;
  const digests: number[] = [];
  let [ends, start] = [0, 0];
  for (let end = text.indexOf(END); end !== -1; end = text.indexOf(END, end + 1)) {
    if (++ends < stride) continue;
    const digest = searchTextDigest(text.slice(start, end));
    const [high, low] = [digest.readUInt32LE(0), digest.readUInt32LE(4)];
    digests.push(high, high === 0 && low === 0 ? 1 : low);
    [ends, start] = [0, end + 1];
  }
  return Uint32Array.from(digests);
}

// A field as the indexes read it: a string, or the strings of an array.
function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string').join(ITEM);
  return '';
}
