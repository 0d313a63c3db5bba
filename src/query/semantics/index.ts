/**
 * The door of `query/semantics` (what a query means: kinds, parameters, normalize, filters, order, search, the
 * reference Dataset): what other rooms may use of it.
 */
export { MAX_ALTERNATIVES, allMatches, alternativesOf, anyMatches, givenSearches } from './both-searches.js';
export { CLOSEST_KEPT, closestValues, editsAllowed, foldValue } from './closest-values.js';
export { matchCommon, sharingTerms } from './common-terms.js';
export type { CommonList } from './common-terms.js';
export { Dataset } from './dataset.js';
export type { EntitiesByKind, Entity } from './entity.js';
export { shardHoldingValue, shardPostings } from './filter-shards.js';
export type { FilterShard } from './filter-shards.js';
export { filterValues, matchedFilters } from './filters.js';
export type { FilterValues, Postings } from './filters.js';
export { hash53 } from './hash.js';
export { heldValues } from './held-values.js';
export { NO_INDUSTRY_NAMES, filterKey, namesOfGroups } from './industry-names.js';
export type { IndustryNames } from './industry-names.js';
export type { HeldValue } from './held-values.js';
export {
  COLLECTIONS,
  DATASET_TYPES,
  EXHIBITION_STATUSES,
  FILTERS,
  FILTER_FIELDS,
  KINDS,
  NAME_FIELDS,
  RELATION_PARAMETERS,
  RELATIONS,
  kindFilters,
  kindOfCollection,
  kindRelation,
  kindsOf,
  typeFilters,
} from './kinds.js';
export type { Collection, DatasetType, ExhibitionStatus, Filter, Kind, Relation, ValueParameter } from './kinds.js';
export {
  DATASET_PARAMETERS,
  DATASET_PARAMETER_SCHEMAS,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MAX_Q_LENGTH,
} from './parameter-schemas.js';
export type { DatasetParameter, ParameterSchema } from './parameter-schemas.js';
export {
  filtersOf,
  malformedText,
  parseDatasetQuery,
  relationOf,
  scheduleOf,
  searchesOf,
  unknownParameter,
} from './params.js';
export type { DatasetQuery, ParameterError, ParseResult } from './params.js';
export { relevanceOrder, relevanceWindow } from './relevance-window.js';
export {
  SCHEDULE_PARAMETERS,
  SORTS,
  changesListing,
  dayNumber,
  dayWindow,
  isScheduled,
  overlaps,
  startOrderWindow,
} from './schedule.js';
export type { Schedule, Sort } from './schedule.js';
export { idInShards, searchShard } from './search-shard.js';
export type { SearchShard } from './search-shard.js';
export { indexTerms, queryTerms, tokenize } from './search.js';
export { SEARCHES, SEARCH_FIELDS, searchedTexts } from './searches.js';
export type { Search, SearchTexts } from './searches.js';
export { commonListTerm, searchShards, searchShardsNow, shardIndex } from './term-shards.js';
export type { SearchMatches, ShardedIndex, TermIndex, TermShard } from './term-shards.js';
export { compareCodePoints, normalize } from './text.js';
