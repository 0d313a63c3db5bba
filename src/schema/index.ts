/**
 * The door of `schema` (zod schemas of the entities, the data dictionary, and the JSON Schemas and OpenAPI made from
 * them): what other rooms may use of it.
 */
export { filterExample } from './data-examples.js';
export type { DataExamples } from './data-examples.js';
export { buildDictionary } from './dictionary.js';
export { parseDumpIndex } from './dump-index-schema.js';
export { OUTPUT_SCHEMAS, SOURCE_FIELDS, SOURCE_SCHEMAS } from './entities.js';
export type { SourceRecord } from './entities.js';
export { entitySchemaDocument, entitySchemaPath } from './entity-schema.js';
export { NON_HTTP_URL, TAG_SEPARATORS } from './fields.js';
export { openApiDocument } from './openapi.js';
export { MAX_TEXT_LENGTH, textProblems } from './source-text.js';
