/**
 * The facets of a query's matches of one kind (docs/api.md#query-facets), counted from the search
 * index's value shards: every shard of each field asked, intersected with the matches. No entity
 * body is read; the values are as filters compare them, labelled by the router (facet-labels.ts).
 */
import type { SearchEntry } from '../search/index.js';
import { countFacet, matchedRanks, type FacetCounts, type Filter, type Kind } from '../semantics/index.js';
import type { DocumentReader } from './document-reader.js';
import type { KeptReader } from './kept.js';
import { readValueShard } from './value-shard-reads.js';

/** The fields a slice counts the values of, and how many of each it keeps. */
export interface FacetsOfSlice {
  fields: readonly Filter[];
  size: number;
}

/** The `asked` facets of the `matches` (ranks) of `entry`'s kind, each value as filters compare it (normalized). */
export async function countSliceFacets(
  asked: FacetsOfSlice,
  matches: ArrayLike<number>,
  entry: SearchEntry,
  kind: Kind,
  read: KeptReader,
  reader: DocumentReader,
): Promise<FacetCounts> {
  const matched = matchedRanks(matches, entry.index.count);
  const counted = await Promise.all(
    asked.fields.map(async (filter) => {
      const shards = await Promise.all(
        entry.filters[filter].map((start) => readValueShard(entry, kind, filter, start, read, reader)),
      );
      return countFacet(
        shards.flatMap(({ values }) => [...values]),
        matched,
        asked.size,
      );
    }),
  );
  return Object.fromEntries(asked.fields.map((filter, i) => [filter, counted[i]!])) as FacetCounts;
}
