/**
 * The facets of a query's matches of one kind (docs/api.md#query-facets), counted from the search
 * index's value shards: every shard of each field asked, intersected with the matches. No entity
 * body is read; the values are as filters compare them, labelled by the router (facet-labels.ts).
 */
import type { SearchEntry } from '../search/index.js';
import { countFacet, matchedRanks, type FacetCounts, type FilterParameter, type Kind } from '../semantics/index.js';
import type { DocumentReader } from './document-reader.js';
import type { KeptReader } from './kept.js';
import { readValueShard } from './value-shard-reads.js';

/** The fields a slice counts the values of, and how many of each it keeps. */
export interface FacetsOfSlice {
  fields: readonly FilterParameter[];
  size: number;
}

/**
 * The `asked` facets of the `matches` (ranks) of `entry`'s kind, each value as filters compare it (normalized). Each
 * field's counts are kept under `answer`, what decides the matches: a query paged through, or asked again with
 * another size, counts once.
 */
export async function countSliceFacets(
  asked: FacetsOfSlice,
  matches: ArrayLike<number>,
  answer: string,
  entry: SearchEntry,
  kind: Kind,
  read: KeptReader,
  reader: DocumentReader,
): Promise<FacetCounts> {
  let matched: ((rank: number) => boolean) | undefined;
  const counted = await Promise.all(
    asked.fields.map(async (filter) => {
      const { counts } = await read(
        `${kind} facet ${filter} ${answer}`,
        async () => {
          const shards = await Promise.all(
            entry.filters[filter].map((start) => readValueShard(entry, kind, filter, start, read, reader)),
          );
          matched ??= matchedRanks(matches, entry.index.count);
          return {
            counts: countFacet(
              shards.flatMap(({ values }) => [...values]),
              matched,
              Number.POSITIVE_INFINITY,
            ),
            generatedAt: shards.reduce((latest, { generatedAt }) => (generatedAt > latest ? generatedAt : latest), ''),
          };
        },
        (value) => 64 * value.counts.length,
      );
      return counts.slice(0, asked.size);
    }),
  );
  return Object.fromEntries(asked.fields.map((filter, i) => [filter, counted[i]!])) as FacetCounts;
}
