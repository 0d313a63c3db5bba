/**
 * The schema document (CONTRACT §8) served at `/api/public/schema` and its static path:
 * the data dictionary plus the parameters of the dataset endpoint, all generated.
 */
import {
  DATASET_TYPES,
  DEFAULT_LIMIT,
  FILTERS,
  MAX_LIMIT,
  MAX_Q_LENGTH,
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
    parameters: {
      type: { type: 'string', enum: DATASET_TYPES, default: 'all', description: 'Which kind of entity to return; all returns the three arrays.' },
      q: { type: 'string', maxLength: MAX_Q_LENGTH, description: 'Keywords searched in the name fields; every term must match (Latin prefixes, CJK runs of 2+ characters).' },
      ...Object.fromEntries(
        FILTERS.map((filter) => [filter, { type: 'string', description: `Exact ${filter} match after normalization (NFKC, trimmed, spaces collapsed, lower case).` }]),
      ),
      limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: `Entities per array; above ${MAX_LIMIT} is served as ${MAX_LIMIT}.` },
      offset: { type: 'integer', minimum: 0, default: 0, description: 'Entities to skip in each array.' },
    },
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
