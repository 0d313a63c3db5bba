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
export { KINDS, DATASET_TYPES, COLLECTIONS, FILTERS, FILTER_FIELDS, NAME_FIELDS } from './semantics/kinds.js';
export type { Kind, DatasetType, Collection, Filter } from './semantics/kinds.js';
export type { Entity, EntitiesByKind } from './semantics/entity.js';
export type { FilterValues } from './semantics/filters.js';
export { normalize } from './semantics/text.js';
export { tokenize } from './semantics/search.js';
export {
  DATASET_PARAMETER_SCHEMAS,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MAX_Q_LENGTH,
  parseDatasetQuery,
} from './semantics/params.js';
export type {
  DatasetParameter,
  DatasetQuery,
  ParameterError,
  ParameterSchema,
  ParseResult,
} from './semantics/params.js';
export { Dataset } from './semantics/dataset.js';
export { answerDataset, answerListingPage, answerRelationPage } from './responses/reference.js';
export { SCHEMA_VERSION } from './formats/schema-version.js';
export type { DatasetMeta, DatasetResponse, Dictionary, ResponseContext } from './responses/dataset-response.js';
export { ERROR_STATUS, errorBody } from './responses/error-response.js';
export type { ErrorBody, ErrorCode } from './responses/error-response.js';
export { PAGE_SIZE, SCHEMA_PATH, entityPath, listingPath, relationPath, searchIndexPath } from './formats/paths.js';
export type { Relation } from './formats/paths.js';
export { API_ROOT, DATASET_ROUTE, SCHEMA_ROUTE, queryUrl, staticUrl } from './formats/urls.js';
export { SiteError } from './formats/site-error.js';
export { createRouter } from './router/router.js';
export type { Router, RouterOptions } from './router/router.js';
export { ALLOWED_METHODS, API_HEADERS } from './formats/api-headers.js';
export type { RouterRequest, RouterResponse } from './router/http.js';
export type { DocumentStore } from './router/store.js';
export { fetchStore } from './router/fetch-store.js';
export type { FetchLike } from './router/fetch-store.js';
