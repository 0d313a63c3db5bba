/**
 * Stage 4, plan: which listings exist. A listing is a type and a combination of filter
 * values that has matches (plus the unfiltered listing of every type, even when empty),
 * with the matching ranks of each kind in the default order. A combination with a filter
 * that applies to one kind alone (`status`) is a listing of that kind only.
 */
import { type Dataset } from '../../query/dataset/index.js';
import {
  type FilterValues,
  FILTERS,
  KINDS,
  typeFilters,
  type DatasetType,
  type Kind,
} from '../../query/semantics/index.js';

/** One listing to precompute: its type, normalized filter values and matches per kind. */
export interface Listing {
  type: DatasetType;
  filters: FilterValues;
  matches: Partial<Record<Kind, number[]>>;
}

/**
 * Every listing of the site, in a stable order. An entity belongs to every combination
 * of its own filter values, so grouping entities by combination gives exactly the
 * combinations with matches, in one pass per kind.
 */
export function planListings(dataset: Dataset): Listing[] {
  const all = new Map<string, Listing>();
  const listings: Listing[] = [];
  for (const kind of KINDS) {
    const groups = groupByCombination(dataset, kind);
    for (const [key, group] of groups) {
      listings.push({ type: kind, filters: group.filters, matches: { [kind]: group.ranks } });
      if (!appliesToAll(group.filters)) continue;
      let merged = all.get(key);
      if (!merged) {
        merged = { type: 'all', filters: group.filters, matches: {} };
        all.set(key, merged);
      }
      merged.matches[kind] = group.ranks;
    }
  }
  return [...listings, ...[...all.keys()].sort().map((key) => all.get(key)!)];
}

// Whether every filter set in `filters` applies to every kind.
function appliesToAll(filters: FilterValues): boolean {
  return FILTERS.every((filter) => filters[filter] === undefined || ALL_FILTERS.includes(filter));
}
const ALL_FILTERS = typeFilters('all');

interface Group {
  filters: FilterValues;
  ranks: number[];
}

// Filter value (undefined: no filter) -> next filter's level; the last level holds the ranks.
type Level = Map<string | undefined, Level | number[]>;

function groupByCombination(dataset: Dataset, kind: Kind): Map<string, Group> {
  const count = dataset.entities[kind].length;
  // Each entity's values per filter, from the postings the dataset keeps anyway: no value is normalized twice.
  const valuesOf = FILTERS.map((filter) => valuesByRank(dataset.postings(kind, filter), count));
  const tree: Level = new Map();
  const add = (level: Level, depth: number, rank: number) => {
    const values = valuesOf[depth]![rank]!;
    for (let i = -1; i < values.length; i++) {
      const value = i < 0 ? undefined : values[i];
      let next = level.get(value);
      if (depth === FILTERS.length - 1) {
        if (next) (next as number[]).push(rank);
        else level.set(value, [rank]);
        continue;
      }
      if (!next) level.set(value, (next = new Map()));
      add(next as Level, depth + 1, rank);
    }
  };
  for (let rank = 0; rank < count; rank++) add(tree, 0, rank);

  const groups: [string, Group][] = [];
  const collect = (level: Level, depth: number, filters: FilterValues) => {
    for (const [value, next] of level) {
      const combination = value === undefined ? filters : { ...filters, [FILTERS[depth]!]: value };
      if (depth < FILTERS.length - 1) collect(next as Level, depth + 1, combination);
      else groups.push([combinationKey(combination), { filters: combination, ranks: next as number[] }]);
    }
  };
  collect(tree, 0, {});
  if (count === 0) groups.push([combinationKey({}), { filters: {}, ranks: [] }]);
  return new Map(groups.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function valuesByRank(postings: ReadonlyMap<string, readonly number[]>, count: number): string[][] {
  const none: string[] = [];
  const values: string[][] = new Array<string[]>(count).fill(none);
  for (const [value, ranks] of postings) {
    for (const rank of ranks) {
      if (values[rank] === none) values[rank] = [value];
      else values[rank]!.push(value);
    }
  }
  return values;
}

function combinationKey(filters: FilterValues): string {
  return JSON.stringify(FILTERS.map((filter) => filters[filter] ?? null));
}
