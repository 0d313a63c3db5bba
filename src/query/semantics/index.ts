/**
 * The door of `query/semantics` (what a query means: kinds, parameters, normalize, filters, order, schedule, and
 * what each search reads of an entity; the search index is query/search/, the reference Dataset query/dataset/): what other rooms may use of it.
 */
export { CLOSEST_KEPT, closestValues, editsAllowed, foldValue } from './closest-values.js';
export type { EntitiesByKind, Entity } from './entity.js';
export { filterRanks, filterText, filterValues, matchedFilters, matchedKeys } from './filters.js';
export type { FilterValues, Postings } from './filters.js';
export { hash53, hash53Utf8 } from './hash.js';
export { heldValues } from './held-values.js';
export type { FilteredEntities } from './held-values.js';
export { NO_INDUSTRY_NAMES, filterKey, industryGroups, namesOfGroups } from './industry-names.js';
export type { IndustryNames } from './industry-names.js';
export type { HeldValue } from './held-values.js';
export {
  COLLECTIONS,
  DATASET_TYPES,
  EXHIBITION_STATUSES,
  FILTERS,
  FILTER_FIELDS,
  FILTER_PARAMETERS,
  QUERY_FILTERS,
  TAG_FILTERS,
  FILTER_VALUE_SETS,
  KINDS,
  MAX_RELATED_IDS,
  NAME_FIELDS,
  RELATION_PARAMETERS,
  RELATIONS,
  filterKinds,
  isFilter,
  isFilterParameter,
  isQueryFilter,
  kindFilterParameters,
  kindFilters,
  kindOfCollection,
  kindRelation,
  kindsOf,
  typeFilters,
  typeHasFilter,
} from './kinds.js';
export type {
  Collection,
  DatasetType,
  ExhibitionStatus,
  Filter,
  FilterParameter,
  Kind,
  QueryFilter,
  Relation,
  ValueParameter,
} from './kinds.js';
export {
  DATASET_PARAMETERS,
  DATASET_PARAMETER_SCHEMAS,
  DEFAULT_LIMIT,
  FORMATS,
  MAX_CSV_LIMIT,
  MAX_LIMIT,
  MAX_Q_LENGTH,
  META_SHAPES,
} from './parameter-schemas.js';
export type { DatasetParameter, Format, MetaShape, ParameterSchema } from './parameter-schemas.js';
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
export {
  DATE_PARAMETERS,
  SCHEDULE_PARAMETERS,
  SORTS,
  changesListing,
  dayNumber,
  dayWindow,
  isScheduled,
  isWindowed,
  orderByStart,
  overlaps,
  startOrderWindow,
  startWindow,
  withinSchedule,
} from './schedule.js';
export type { Schedule, Sort } from './schedule.js';
export {
  FIELD_WEIGHTS,
  MAX_ALTERNATIVES,
  SEARCHES,
  SEARCH_FIELDS,
  alternativesOf,
  givenSearches,
  indexTerm,
  searchedTexts,
} from './searches.js';
export type { Search, SearchTexts } from './searches.js';
export { splitAlternatives } from './alternatives.js';
export { filterAlternatives, isTagFilter, spellingKey } from './tag-values.js';
export {
  DEFAULT_FACET_SIZE,
  MAX_FACET_SIZE,
  countFacet,
  labelFacet,
  matchedRanks,
  parseFacets,
} from './facet-counts.js';
export type { FacetCount, FacetCounts, FacetsAsked } from './facet-counts.js';
export { sortDefault } from './order.js';
export { compareCodePoints, normalize, utf8Length } from './text.js';
