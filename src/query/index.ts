/**
 * `dataset-site/query`: the query semantics and the router of dataset-site, with no Node
 * dependency, for Node, browsers and edge runtimes. An explicit list: everything else in
 * src/query is internal and may change. test/house/public-api.test.ts pins these names.
 *
 * ### Usage:
 * ```ts
 * import { createRouter, fetchStore } from 'dataset-site/query';
 * const route = createRouter({ store: fetchStore('https://data.example.com', fetch) });
 * const { status, body } = await route({ method: 'GET', url: '/api/public/dataset?type=exhibitor&q=auto' });
 * ```
 */
export {
  KINDS,
  DATASET_TYPES,
  COLLECTIONS,
  FILTERS,
  FILTER_FIELDS,
  NAME_FIELDS,
  type Kind,
  type DatasetType,
  type Collection,
  type Filter,
  type Entity,
  type EntitiesByKind,
  type FilterValues,
  normalize,
  DATASET_PARAMETER_SCHEMAS,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MAX_Q_LENGTH,
  parseDatasetQuery,
  type DatasetParameter,
  type DatasetQuery,
  type ParameterError,
  type ParameterSchema,
  type ParseResult,
} from './semantics/index.js';
export { tokenize, searchIndexPath } from './search/index.js';
export { Dataset } from './dataset/index.js';
export {
  answerDataset,
  answerListingPage,
  answerRelationPage,
  type DatasetMeta,
  type DatasetResponse,
  type Dictionary,
  type ResponseContext,
  ERROR_STATUS,
  errorBody,
  type ErrorBody,
  type ErrorCode,
} from './responses/index.js';
export {
  SCHEMA_VERSION,
  PAGE_SIZE,
  SCHEMA_PATH,
  entityPath,
  listingPath,
  relationPath,
  type Relation,
  API_ROOT,
  DATASET_ROUTE,
  SCHEMA_ROUTE,
  queryUrl,
  staticUrl,
  SiteError,
  ALLOWED_METHODS,
  API_HEADERS,
} from './formats/index.js';
export {
  createRouter,
  type Router,
  type RouterOptions,
  type RouterRequest,
  type RouterResponse,
  type DocumentStore,
  fetchStore,
  type FetchLike,
} from './router/index.js';
