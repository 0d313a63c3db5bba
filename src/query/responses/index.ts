/**
 * The door of `query/responses` (the bodies answered: windows, the dataset response and its _meta, errors, the
 * reference answers): what other rooms may use of it.
 */
export { datasetMeta, queryResponse, responseText } from './dataset-response.js';
export type { DatasetMeta, DatasetResponse, Dictionary, KindSlice, ResponseContext } from './dataset-response.js';
export { ERROR_STATUS, errorBody } from './error-response.js';
export { answerEntity, parseSiteQuery, pickFields, reshapesEntities } from './fields.js';
export { CSV_CONTENT_TYPE, datasetCsv } from './csv.js';
export type { ErrorBody, ErrorCode } from './error-response.js';
export { parseListingLeaf, parseListingPage } from './listing-page.js';
export type { ListingLeaf } from './listing-page.js';
export { missingRelated, unknownRelated } from './related.js';
export {
  answerDataset,
  answerListingPage,
  answerRelationPage,
  relationKind,
  staticPage,
  totalsOf,
} from './reference.js';
export type { Matches } from './reference.js';
export { parseSchemaDocument, schemaDocument } from './schema-document.js';
export type { PageDepth, SchemaDocument, SiteDescription } from './schema-document.js';
export { filteredKinds, unmatchedFilters } from './unmatched.js';
export type { UnmatchedFilter } from './unmatched.js';
export {
  heldPageCount,
  holdsPages,
  linkHeader,
  pageCount,
  pageQueryUrl,
  pastHeldPagesMessage,
  queryFilterPagesMessage,
  staticPageWindow,
} from './window.js';
export type { HeldPages } from './window.js';
