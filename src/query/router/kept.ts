/**
 * What the router keeps parsed between requests (search-slice.ts): each search index document and
 * what is derived from them, and how a slice reads through what is kept.
 */
import type { CommonList, ExhibitionDays, SearchMatches, SearchShard, SlotIds } from '../search/index.js';
import type { FacetCount } from '../semantics/index.js';

/** What is kept between requests: a parsed shard or list, with its `generated_at` (the latest of its documents). */
export type Kept =
  | { shard: SearchShard; generatedAt: string }
  | { values: Map<string, number[]>; generatedAt: string }
  | { list: CommonList; generatedAt: string }
  | { ids: SlotIds; generatedAt?: undefined }
  | { matches: SearchMatches; generatedAt: string }
  | { passing: Uint8Array; generatedAt: string }
  | { derived: SearchMatches; generatedAt?: undefined }
  | { ordered: { ranks: number[]; total: number }; generatedAt?: undefined }
  | { days: ExhibitionDays; generatedAt?: undefined }
  | { counts: FacetCount[]; generatedAt: string };

/** Reads a parsed document through the kept ones: its key, how to parse it, and its bytes parsed. */
export type KeptReader = <T extends Kept>(
  key: string,
  parse: () => Promise<T>,
  bytes: (value: T) => number,
) => Promise<T>;
