/**
 * The values a filter matches among the entities of a kind (docs/api.md#facets): each
 * normalized value, the spelling most entities holding it use and how many hold it. The
 * facet documents list them; a reference answer names the closest of them for a filter
 * value no entity holds (closest-values.ts).
 */
import type { EntitiesByKind } from './entity.js';
import { filterText, type Postings } from './filters.js';
import { FILTER_FIELDS, type FilterParameter, type Kind } from './kinds.js';
import { spellingKey } from './tag-values.js';
import { compareCodePoints, normalize } from './text.js';

/** One value a filter matches among the entities of a kind. */
export interface HeldValue {
  /** The value as filters compare it (normalized). */
  value: string;
  /** The spelling most entities holding it use: trimmed, inner white space collapsed (ties: the first in code-point order). */
  label: string;
  /** Entities of the kind holding it. */
  count: number;
}

/** What the values are counted from: a kind's entities and a filter's postings (the reference Dataset of query/dataset/ is one). */
export interface FilteredEntities {
  entities: EntitiesByKind;
  postings(kind: Kind, filter: FilterParameter): Postings;
}

// Asked for by every facet document and every empty reference answer: counted once a dataset.
const counted = new WeakMap<FilteredEntities, Map<string, readonly HeldValue[]>>();

/** The values of a kind's filter: most entities first, ties in code-point order of the value. Shared: not to be changed. */
export function heldValues(dataset: FilteredEntities, kind: Kind, filter: FilterParameter): readonly HeldValue[] {
  let held = counted.get(dataset);
  if (held === undefined) counted.set(dataset, (held = new Map()));
  const key = `${kind} ${filter}`;
  let values = held.get(key);
  if (values === undefined) held.set(key, (values = countValues(dataset, kind, filter)));
  return values;
}

function countValues(dataset: FilteredEntities, kind: Kind, filter: FilterParameter): HeldValue[] {
  // Entities by spelling first (a site holds few distinct spellings), then each spelling normalized once.
  const entitiesBySpelling = new Map<string, number>();
  const tidy = tidier();
  const held: string[] = [];
  for (const entity of dataset.entities[kind]) {
    held.length = 0;
    for (const field of FILTER_FIELDS[kind][filter]) {
      const raw = entity[field];
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        const text = filterText(value);
        const spelling = text === undefined ? '' : tidy(text);
        if (spelling !== '' && !held.includes(spelling)) held.push(spelling);
      }
    }
    for (const spelling of held) entitiesBySpelling.set(spelling, (entitiesBySpelling.get(spelling) ?? 0) + 1);
  }
  const spellings = new Map<string, Map<string, number>>();
  // A tag's spellings in the plural and the singular are one value's.
  for (const [spelling, count] of entitiesBySpelling) {
    const value = spellingKey(filter, normalize(spelling));
    const counts = spellings.get(value) ?? new Map<string, number>();
    counts.set(spelling, count);
    spellings.set(value, counts);
  }
  const values: HeldValue[] = [];
  for (const [value, ranks] of dataset.postings(kind, filter)) {
    const label =
      [...(spellings.get(value) ?? [])].sort(([a, x], [b, y]) => y - x || compareCodePoints(a, b))[0]?.[0] ?? value;
    values.push({ value, label, count: ranks.length });
  }
  return values.sort((a, b) => b.count - a.count || compareCodePoints(a.value, b.value));
}

// A value as a spelling: trimmed, each run of white space one space; each distinct value worked out once.
function tidier(): (value: string) => string {
  const tidied = new Map<string, string>();
  return (value) => {
    let spelling = tidied.get(value);
    if (spelling === undefined) tidied.set(value, (spelling = value.trim().replace(/\s+/gu, ' ')));
    return spelling;
  };
}
