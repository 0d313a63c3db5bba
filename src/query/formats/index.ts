/**
 * The door of `query/formats` (the site's documents, one module each with its type, writer and parser): what other
 * rooms may use of it.
 */
export { ALLOWED_METHODS, API_HEADERS, documentHeaders, IMMUTABLE_CACHE_CONTROL } from './api-headers.js';
export {
  CHANGES_FORMAT_VERSION,
  CHANGES_INDEX_PATH,
  buildId,
  changeSetDocument,
  changeSetPath,
  changesIndexDocument,
  parseChangesIndex,
} from './changes-feed.js';
export type { BuildChanges, ChangeSetDocument, ChangesIndexDocument, KindChanges } from './changes-feed.js';
export { DUMP_INDEX_VERSION, dumpIndexDocument } from './dump-index.js';
export type { DumpPartEntry } from './dump-index.js';
export { FACETS_FORMAT_VERSION, FACETS_INDEX_PATH, facetPath, parseFacetDocument } from './facets.js';
export type { FacetDocument, FacetValue } from './facets.js';
export { nextFeedStep } from './feed-cursor.js';
export {
  LEAF_LEAST,
  LEAF_MOST,
  LEAVES_FORMAT_VERSION,
  cutLeaves,
  eachLeaf,
  leafMapPath,
  leafMapText,
  leafPath,
  leavesOfWindow,
  listingLeaves,
  parseLeafMap,
} from './listing-leaves.js';
export type { KindLeaves, LeafMap } from './listing-leaves.js';
export { UNSTAMPED, isWrittenFrom, stampGeneratedAt, stampedMember, unstampedText } from './generated-at.js';
export {
  DUMPS_FOLDER,
  DUMP_PART_KEY,
  DUMP_PART_KEY_LENGTH,
  OPENAPI_PATH,
  PAGE_SIZE,
  SCHEMA_PATH,
  dumpIndexPath,
  dumpPartPath,
  entityPath,
  folderPages,
  listingFolder,
  listingPath,
  parseDumpPartPath,
  parseListingPath,
  parseQueryFilterPath,
  relationFolder,
  relationPath,
} from './paths.js';
export type { Relation } from './paths.js';
export {
  BROWSE_PAGE_PATH,
  BROWSE_PAGE_POLICY,
  DUMP_CONTENT_TYPES,
  LLMS_TXT_CONTENT_TYPE,
  LLMS_TXT_PATH,
  ROOT_FILES,
} from './root-files.js';
export { SCHEMA_VERSION } from './schema-version.js';
export {
  bodyCopyPath,
  bodyCopyPathOf,
  DEFAULT_RETENTION_MS,
  isBodyCopyPath,
  SNAPSHOT_FORMAT_VERSION,
  SNAPSHOT_ROOT_PATH,
  IMMUTABLE_FOLDERS,
  isImmutablePath,
  isSnapshotId,
  parseSnapshot,
  parseVersionedPath,
  snapshotId,
  snapshotPath,
  snapshotText,
  versionedPath,
} from './snapshots.js';
export type { Snapshot } from './snapshots.js';
export { encodeSegment } from './segments.js';
export { SiteError, entityDocument, missingDocument, parseDocument } from './site-error.js';
export {
  CHANGED_DOCUMENTS_PATH,
  FEED_DIGESTS_FOLDER,
  FEED_STATE_PATH,
  LEASE_PATH,
  MANIFEST_FOLDER,
  MANIFEST_PATH,
  PARTIAL_SITE_PATH,
  PUBLISHED_FOLDER,
  PUBLISHED_MANIFEST_PATH,
  PUBLISH_JOURNAL_PATH,
  RECORD_CACHE_FOLDER,
  RECORD_CACHE_PATH,
  ROTATION_STATE_PATH,
  SLOTS_STATE_FOLDER,
  SLOTS_STATE_PATH,
  SITE_FORMAT_PATH,
  STATE_FOLDER,
  TERM_CACHE_FOLDER,
  TERM_CACHE_PATH,
  WORKER_RECORD_PATH,
} from './state-folder.js';
export { API_ROOT, DATASET_ROUTE, MCP_ROUTE, SCHEMA_ROUTE, queryUrl, staticUrl, trimSlash } from './urls.js';
export { documentVersion, SITE_DOCUMENTS, SITE_FORMAT } from './site-documents.js';
