/**
 * The listings a site must have (docs/api.md#static-paths) and the ranks each one lists,
 * worked out here on their own terms rather than by the build's planner (pipeline/render/plan.ts),
 * so a planner that drops or invents a combination is caught: the unfiltered listing of
 * every type, every combination of filter values (each filter given or left out) that one
 * entity holds all at once, for the entity's kind and (when every kind has those filters) for `all`, and the two relation
 * listings of every exhibition. One pass over the entities in the default order files
 * each rank under every listing it belongs to, so each listing's ranks come out in answer
 * order without matching the whole dataset once per listing.
 */
import { folderPages, listingFolder, relationFolder, type Relation } from '../query/formats/index.js';
import { relationKind, type Matches } from '../query/responses/index.js';
import { type Dataset } from '../query/dataset/index.js';
import {
  filterValues,
  type FilterValues,
  DATASET_TYPES,
  FILTERS,
  KINDS,
  kindsOf,
  typeFilters,
  type DatasetType,
} from '../query/semantics/index.js';

/** A listing the site must have: its type, where its pages are, and the ranks it lists. */
export interface ExpectedListing {
  type: DatasetType;
  /** The folder of its pages, `{folder}/{n}.json`. */
  folder: string;
  /** Normalized filter values of a dataset listing; `undefined` for a relation listing. */
  filters?: FilterValues;
  /** Ranks of each kind of the type, ascending: the default order, the listing's order. */
  matches: Matches;
}

/** Every dataset and relation listing of the dataset's site, each once. */
export function expectedListings(dataset: Dataset): ExpectedListing[] {
  return [...datasetListings(dataset), ...relationListings(dataset)];
}

/** The path of page `page` of a listing. */
export function pagePath(listing: ExpectedListing, page: number): string {
  return folderPages(listing.folder)(page);
}

function datasetListings(dataset: Dataset): ExpectedListing[] {
  const listings = new Map<string, ExpectedListing>();
  const names = dataset.industryNames();
  // A combination is a value or undefined per filter of FILTERS; its key joins them with separators no value holds.
  const listing = (type: DatasetType, values: readonly (string | undefined)[], key: string): ExpectedListing => {
    let found = listings.get(type + key);
    if (found === undefined) {
      const filters: FilterValues = {};
      FILTERS.forEach((filter, i) => values[i] !== undefined && (filters[filter] = values[i]));
      found = {
        type,
        folder: listingFolder(type, filters),
        filters,
        matches: Object.fromEntries(kindsOf(type).map((kind) => [kind, []])),
      };
      listings.set(type + key, found);
    }
    return found;
  };
  const none = FILTERS.map(() => undefined);
  for (const type of DATASET_TYPES) listing(type, none, keyOf(none));
  for (const kind of KINDS) {
    // A combination's ranks go to the kind's listing and to `all`'s (when its filters apply to every kind): both found with one lookup.
    const both = new Map<string, number[][]>();
    dataset.entities[kind].forEach((entity, rank) => {
      const choices = FILTERS.map((filter) => [undefined, ...filterValues(kind, filter, entity, names)]);
      for (const values of combinations(choices)) {
        const key = keyOf(values);
        let ranks = both.get(key);
        if (ranks === undefined) {
          const types: DatasetType[] = values.every(
            (value, i) => value === undefined || ALL_FILTERS.includes(FILTERS[i]!),
          )
            ? [kind, 'all']
            : [kind];
          ranks = types.map((type) => listing(type, values, key).matches[kind] as number[]);
          both.set(key, ranks);
        }
        for (const list of ranks) list.push(rank);
      }
    });
  }
  return [...listings.values()];
}

const ALL_FILTERS = typeFilters('all');

// Every way to pick one value of each filter's choices.
function combinations(choices: readonly (string | undefined)[][]): (string | undefined)[][] {
  return choices.reduce<(string | undefined)[][]>(
    (picked, values) => picked.flatMap((prefix) => values.map((value) => [...prefix, value])),
    [[]],
  );
}

// The key of a combination of the filters' values.
function keyOf(values: readonly (string | undefined)[]): string {
  return values.map(part).join('');
}

function part(value: string | undefined): string {
  return value === undefined ? '\u0001' : `\u0002${value}`;
}

function relationListings(dataset: Dataset): ExpectedListing[] {
  const listings = new Map<string, ExpectedListing>();
  for (const exhibition of dataset.entities.exhibition) {
    for (const relation of ['exhibitors', 'providers'] as const satisfies Relation[]) {
      const folder = relationFolder(exhibition, relation);
      if (listings.has(folder)) continue; // the providers of a place, listed once for every exhibition there
      const kind = relationKind(relation);
      const ranks =
        relation === 'exhibitors' ? dataset.linkedExhibitors(exhibition.id) : dataset.coveringProviders(exhibition);
      listings.set(folder, { type: kind, folder, matches: { [kind]: ranks } });
    }
  }
  return [...listings.values()];
}
