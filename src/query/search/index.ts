/**
 * The door of `query/search` (the search index of `q` and `text`: its tokenizer and terms, the shards,
 * common lists and value shards it is cut into, their formats, the slots that name entities, and the
 * scoring and relevance windows that read it; how it works: README.md beside this file): what
 * other rooms may use of it.
 */
export { allMatches, anyMatches } from './both-searches.js';
export {
  BLOCK_READ_CHUNKS,
  COMMON_PART_SLOTS,
  ID_BLOCK_SLOTS,
  ID_CHUNK_SLOTS,
  commonParts,
  joinCommonParts,
  parseCommonPart,
  parseIds,
  renderCommonLists,
  renderIds,
} from './common-lists.js';
export type { CommonPart, SlotIds } from './common-lists.js';
export {
  BODY_VERSION_CHARS,
  bodyVersion,
  versionAt,
  versionOfBody,
  versionOfBodyBytes,
  versionOffset,
  UNSTAMPED_VERSION,
  VERSION_MEMBER,
} from './body-version.js';
export { matchCommon, sharingTerms } from './common-terms.js';
export type { CommonList } from './common-terms.js';
export { parseExhibitionDates } from './dates-document.js';
export type { ExhibitionDays } from './dates-document.js';
export { shardHoldingValue, shardPostings } from './filter-shards.js';
export type { FilterShard } from './filter-shards.js';
export { relevanceOrder, relevanceWindow } from './relevance-window.js';
export { SEARCH_INDEX_VERSION, type ContentForm } from './search-format.js';
export { parseSearchEntry, parseTextEntry } from './search-entry.js';
export type { SearchEntry, TextEntry } from './search-entry.js';
export { renderSearchIndex } from './search-index.js';
export { withBodies } from './pending-bodies.js';
export type { GenerationOf, IndexedDataset, RenderedIndex, RenderedSearches } from './search-index.js';
export { EntryVersions } from './index-versions.js';
export {
  commonPartPath,
  exhibitionDatesPath,
  filterShardPath,
  idBlockPath,
  idChunkPath,
  searchIndexPath,
  termShardPath,
} from './search-paths.js';
export { searchShard } from './search-shard.js';
export { parseTermShard, renderTermShards } from './term-shard-documents.js';
export type { RenderedTerms } from './term-shard-documents.js';
export { parseValueShard } from './value-shards.js';
export type { SearchShard } from './search-shard.js';
export { compactNumbering, forwardIndex, GrowingInts, indexTerms, invertForward } from './forward-index.js';
export type { ForwardIndex, KnownTerms } from './forward-index.js';
export { queryTerms, tokenize } from './search.js';
export type { IndexedTerms } from './search.js';
export { datasetSlots, rankSlots, siteSlots } from './slot-assignment.js';
export type { SlotAssignment } from './slot-assignment.js';
export type { SlotOrder } from './slot-order.js';
export { commonListTerm, searchShards, searchShardsNow, shardIndex } from './term-shards.js';
export type { NamedRanks, SearchMatches, ShardedIndex, TermIndex, TermShard } from './term-shards.js';
