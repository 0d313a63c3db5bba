/**
 * The listings a site must have (docs/api.md#static-paths), worked out here on their own
 * terms rather than by the build's planner (pipeline/plan.ts), so a planner that drops or
 * invents a combination is caught: the unfiltered listing of every type, and every
 * combination of filter values (each filter given or left out) that one entity holds all
 * at once, for the entity's kind and for `all`.
 */
import type { Dataset } from '../query/semantics/dataset.js';
import { filterValues, type FilterValues } from '../query/semantics/filters.js';
import { DATASET_TYPES, FILTERS, KINDS, type DatasetType } from '../query/semantics/kinds.js';

/** A listing the site must have: a type and normalized filter values. */
export interface ExpectedListing {
  type: DatasetType;
  filters: FilterValues;
}

/** Every listing of the dataset's site, each once. */
export function expectedListings(dataset: Dataset): ExpectedListing[] {
  const listings = new Map<string, ExpectedListing>();
  const add = (type: DatasetType, filters: FilterValues) => listings.set(JSON.stringify([type, ...FILTERS.map((filter) => filters[filter] ?? null)]), { type, filters });
  for (const type of DATASET_TYPES) add(type, {});
  for (const kind of KINDS) {
    for (const entity of dataset.entities[kind]) {
      let combinations: FilterValues[] = [{}];
      for (const filter of FILTERS) {
        const values = filterValues(kind, filter, entity);
        combinations = combinations.flatMap((combination) => [combination, ...values.map((value) => ({ ...combination, [filter]: value }))]);
      }
      for (const combination of combinations) {
        add(kind, combination);
        add('all', combination);
      }
    }
  }
  return [...listings.values()];
}
