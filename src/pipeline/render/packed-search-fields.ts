/**
 * The ids of a kind's entities and the fields a search reads (searches.ts), all its index
 * reads of them, packed in two strings for the term-shard worker: the ids, and the searched
 * fields of the entities whose terms the term cache does not hold, each ended by NUL (a
 * validated text holds no control character but tab, line feed and carriage return). A field is packed as its texts: a string as it is, the
 * strings of an array separated by SOH, anything else empty, which the indexes read alike.
 */
import { type Entity, type Kind, SEARCH_FIELDS, type Search } from '../../query/semantics/index.js';

const END = '\u0000';
const ITEM = '\u0001';

/** A kind's entities packed for a search: their ids, and the fields of those whose terms are not known. */
export interface PackedEntities {
  /** Every entity's id, each ended by NUL. */
  ids: string;
  /** The fields `search` reads of each entity not `known`, in rank order, each ended by NUL. */
  fields: string;
}

/** The ids of `entities`, and the fields `search` reads of those not `known` (by rank; none known when not given), packed. */
export function packSearchFields(
  search: Search,
  kind: Kind,
  entities: readonly Entity[],
  known?: Uint8Array,
): PackedEntities {
  const searched = SEARCH_FIELDS[search][kind].flat();
  const [ids, fields]: [string[], string[]] = [[], []];
  entities.forEach((entity, rank) => {
    ids.push(entity.id, END);
    if (known?.[rank] === 1) return;
    for (const field of searched) fields.push(fieldText(entity[field]), END);
  });
  return { ids: ids.join(''), fields: fields.join('') };
}

/** The entities of {@link packSearchFields}: each its id and, when not `known`, the fields `search` reads as text. */
export function unpackSearchFields(
  search: Search,
  kind: Kind,
  { ids, fields }: PackedEntities,
  known?: Uint8Array,
): Entity[] {
  const searched = SEARCH_FIELDS[search][kind].flat();
  const values = fields.split(END);
  let next = 0;
  return ids
    .split(END)
    .slice(0, -1)
    .map((id, rank) => {
      const entity: Entity = { id };
      if (known?.[rank] === 1) return entity;
      for (const field of searched) {
        const value = values[next++]!;
        entity[field] = value.includes(ITEM) ? value.split(ITEM) : value;
      }
      return entity;
    });
}

// A field as the indexes read it: a string, or the strings of an array.
function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string').join(ITEM);
  return '';
}
