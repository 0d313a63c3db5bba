/**
 * Stage 4, plan: which listings exist. A listing is a type and a combination of filter
 * values that has matches (plus the unfiltered listing of every type, even when empty),
 * with the matching ranks of each kind in the default order.
 */
import { FILTERS, KINDS, filterValues, type Dataset, type DatasetType, type FilterValues, type Kind } from '../query/index.js';

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

interface Group {
  filters: FilterValues;
  ranks: number[];
}

function groupByCombination(dataset: Dataset, kind: Kind): Map<string, Group> {
  const groups = new Map<string, Group>([[combinationKey({}), { filters: {}, ranks: [] }]]);
  dataset.entities[kind].forEach((entity, rank) => {
    let combinations: FilterValues[] = [{}];
    for (const filter of FILTERS) {
      const values = filterValues(kind, filter, entity);
      combinations = combinations.flatMap((combination) => [combination, ...values.map((value) => ({ ...combination, [filter]: value }))]);
    }
    for (const filters of combinations) {
      const key = combinationKey(filters);
      const group = groups.get(key);
      if (group) group.ranks.push(rank);
      else groups.set(key, { filters, ranks: [rank] });
    }
  });
  return new Map([...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function combinationKey(filters: FilterValues): string {
  return JSON.stringify(FILTERS.map((filter) => filters[filter] ?? null));
}
