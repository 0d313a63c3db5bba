/**
 * The schema document (CONTRACT §8) served at `/api/public/schema` and its static path:
 * the data dictionary plus the parameters of the dataset endpoint, all generated.
 */
import {
  DATASET_PARAMETER_SCHEMAS,
  PAGE_SIZE,
  SCHEMA_DOCUMENT_VERSION,
  SCHEMA_PATH,
  SCHEMA_VERSION,
  listingPath,
  staticUrl,
  trimSlash,
  type ResponseContext,
} from '../query/index.js';

/** The schema document for a site. */
export function schemaDocument(context: ResponseContext) {
  return {
    parameters: DATASET_PARAMETER_SCHEMAS,
    static_pages: {
      page_size: PAGE_SIZE,
      example: staticUrl(context.baseUrl, listingPath('all', {}, 1)),
      description: 'Every listing is also precomputed under /api/public/dataset/{type}[/industry/{v}][/country/{v}][/city/{v}]/{page}.json.',
    },
    _links: {
      self: staticUrl(context.baseUrl, SCHEMA_PATH),
      dataset: staticUrl(context.baseUrl, listingPath('all', {}, 1)),
    },
    _meta: {
      type: 'schema',
      schema_version: SCHEMA_VERSION,
      format_version: SCHEMA_DOCUMENT_VERSION,
      generated_at: context.generatedAt,
      base_url: trimSlash(context.baseUrl),
      entities: context.dictionary,
    },
  };
}
