/**
 * The format of a site as one name: the versions of every document layout its readers (the
 * router, and so the Worker over R2, the Pages worker and the client SDK) accept. A reader
 * refuses a document of another version, so a site and a reader of different formats
 * cannot work together: publish compares them before it sends a site (publish/worker-format.ts).
 */
import { CHANGES_FORMAT_VERSION, DUMP_INDEX_VERSION, FACETS_FORMAT_VERSION } from '../formats/index.js';
import { SEARCH_INDEX_VERSION } from '../search/index.js';
import { SCHEMA_DOCUMENT_VERSION } from './schema-document.js';

/** The version of each document layout this dataset-site writes and reads. */
export const SITE_FORMAT_VERSIONS = {
  search: SEARCH_INDEX_VERSION,
  schema: SCHEMA_DOCUMENT_VERSION,
  facets: FACETS_FORMAT_VERSION,
  changes: CHANGES_FORMAT_VERSION,
  dumps: DUMP_INDEX_VERSION,
} as const;

/** The site format this dataset-site writes and reads, as one name, such as `search8-schema3-facets1-changes1-dumps1`. */
export const SITE_FORMAT = Object.entries(SITE_FORMAT_VERSIONS)
  .map(([layout, version]) => `${layout}${version}`)
  .join('-');
