/**
 * The OpenAPI 3.1 description of the site's API (docs/api.md#openapi), made from the
 * definitions everything else uses: the entity schemas of entities.ts (as JSON Schema
 * 2020-12), the dataset parameters of params.ts, the error codes of error-response.ts and
 * the static paths of paths.ts. Written by the build as `api/public/openapi.json`.
 */
import { z } from 'zod';
import { CHANGES_INDEX_PATH } from '../query/formats/changes-feed.js';
import { FACETS_INDEX_PATH } from '../query/formats/facets.js';
import { dumpIndexPath, SCHEMA_PATH } from '../query/formats/paths.js';
import { DATASET_ROUTE, SCHEMA_ROUTE, trimSlash } from '../query/formats/urls.js';
import { SCHEMA_VERSION } from '../query/responses/dataset-response.js';
import { ERROR_STATUS } from '../query/responses/error-response.js';
import { COLLECTIONS, DATASET_TYPES, FILTERS, KINDS, type Kind } from '../query/semantics/kinds.js';
import { DATASET_PARAMETERS, DATASET_PARAMETER_SCHEMAS, DEFAULT_LIMIT } from '../query/semantics/params.js';
import { DUMP_INDEX_SCHEMA } from './dump-index.js';
import { OUTPUT_SCHEMAS } from './entities.js';

/** Component names of the entity schemas, by kind. */
const ENTITY_SCHEMA: Record<Kind, string> = { exhibition: 'Exhibition', exhibitor: 'Exhibitor', service_provider: 'ServiceProvider' };

type JsonSchema = Record<string, unknown>;
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema, description: string) => ({ description, content: { 'application/json': { schema } } });

/** Examples of the query form's parameters, taken from the data so that they find something. */
export interface ParameterExamples {
  q?: string;
  industry?: string;
  country?: string;
  city?: string;
}

/** The OpenAPI 3.1 document of a site served under `baseUrl`. */
export function openApiDocument(baseUrl: string, examples: ParameterExamples = {}) {
  const errors = Object.fromEntries(
    [...new Set(Object.values(ERROR_STATUS))].map((status) => [String(status), json(ref('Error'), `An error (${Object.entries(ERROR_STATUS).filter(([, s]) => s === status).map(([code]) => code).join(', ')}).`)]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trade-show exhibitions, exhibitors and service providers',
      version: SCHEMA_VERSION,
      description:
        'A public, read-only JSON API for AI agents and RAG systems, precomputed as static documents. ' +
        'Every answer carries Cache-Control: public, max-age=300; the data is rebuilt every 5 minutes.',
    },
    servers: [{ url: trimSlash(baseUrl) }],
    paths: {
      [`/${DATASET_ROUTE}`]: {
        get: {
          operationId: 'queryDataset',
          summary: 'Entities of one kind or all, filtered, searched and paged',
          description: 'Follow `_meta.next` for the next window; `_meta.total` counts every match.',
          parameters: DATASET_PARAMETERS.map((name) => {
            const { description, ...schema } = DATASET_PARAMETER_SCHEMAS[name];
            const example = name === 'type' ? 'exhibitor' : name === 'limit' ? 20 : name === 'offset' ? 0 : examples[name];
            return { name, in: 'query', required: false, description, schema, ...(example === undefined ? {} : { example }) };
          }),
          responses: { '200': json(ref('DatasetResponse'), 'The arrays of the kinds asked for, then `_meta`.'), ...errors },
        },
      },
      [`/${SCHEMA_ROUTE}`]: { get: { operationId: 'getSchema', summary: 'The data dictionary and the parameters', responses: { '200': json({ type: 'object' }, 'The schema document.'), ...errors } } },
      [`/${SCHEMA_PATH}`]: { get: { operationId: 'getSchemaDocument', summary: 'The schema document, as a static file', responses: { '200': json({ type: 'object' }, 'The schema document.'), ...errors } } },
      ...Object.fromEntries(
        KINDS.map((kind) => [
          `/api/public/${COLLECTIONS[kind]}/{id}.json`,
          {
            get: {
              operationId: `get${ENTITY_SCHEMA[kind]}`,
              summary: `One ${kind.replace('_', ' ')}, exactly as listed`,
              parameters: [{ name: 'id', in: 'path', required: true, description: 'The id, with `/`, `\\`, `.` at the start and other unsafe characters escaped as in every `_links` URL.', schema: { type: 'string' } }],
              responses: { '200': json(ref(ENTITY_SCHEMA[kind]), `The ${kind.replace('_', ' ')}.`), ...errors },
            },
          },
        ]),
      ),
      '/api/public/dataset/{type}/{page}.json': {
        get: {
          operationId: 'getListingPage',
          summary: `A precomputed page (${DEFAULT_LIMIT} entities) of a listing in the default order`,
          description: `Filtered listings live below it: /api/public/dataset/{type}[/industry/{v}][/country/{v}][/city/{v}]/{page}.json (${FILTERS.join(', ')}).`,
          parameters: [
            { name: 'type', in: 'path', required: true, schema: { type: 'string', enum: DATASET_TYPES } },
            { name: 'page', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          ],
          responses: { '200': json(ref('DatasetResponse'), 'The page; `_meta.next` is the next static page.'), ...errors },
        },
      },
      [`/${FACETS_INDEX_PATH}`]: { get: { operationId: 'getFacets', summary: 'The facet documents: every filter value of each kind with its count', responses: { '200': json({ type: 'object' }, 'The facets index.'), ...errors } } },
      ...Object.fromEntries(
        KINDS.map((kind) => [
          `/${dumpIndexPath(kind)}`,
          {
            get: {
              operationId: `get${ENTITY_SCHEMA[kind]}DumpIndex`,
              summary: `Every ${kind.replace('_', ' ')} at once: the parts of the bulk dump`,
              description: 'Read the parts in order: their lines are every entity of the kind, exactly as listed, in the default order. Each part is NDJSON (`url`, application/x-ndjson) with a gzip copy (`gzip_url`, application/gzip).',
              responses: { '200': json(ref('DumpIndex'), 'The parts, in order, with their entities, bytes and SHA-256.'), ...errors },
            },
          },
        ]),
      ),
      '/api/public/dumps/{collection}/{part}': {
        get: {
          operationId: 'getDumpPart',
          summary: 'One part of a bulk dump, as its index lists it',
          parameters: [
            { name: 'collection', in: 'path', required: true, schema: { type: 'string', enum: KINDS.map((kind) => COLLECTIONS[kind]) } },
            { name: 'part', in: 'path', required: true, description: 'The key and form, as in the index: `{key}.ndjson` or `{key}.ndjson.gz`.', schema: { type: 'string', pattern: '^[0-9a-f]{16}\\.ndjson(\\.gz)?$' } },
          ],
          responses: {
            '200': {
              description: 'The lines of the part: one entity a line, each ending with a newline; or the same bytes gzipped.',
              content: { 'application/x-ndjson': { schema: { type: 'string' } }, 'application/gzip': { schema: { type: 'string', format: 'binary' } } },
            },
            ...errors,
          },
        },
      },
      [`/${CHANGES_INDEX_PATH}`]: { get: { operationId: 'getChanges', summary: 'The changes feed: what each build added, changed and removed', responses: { '200': json({ type: 'object' }, 'The changes index.'), ...errors } } },
    },
    components: {
      schemas: {
        ...Object.fromEntries(KINDS.map((kind) => [ENTITY_SCHEMA[kind], entitySchema(kind)])),
        DatasetResponse: {
          type: 'object',
          properties: { ...Object.fromEntries(KINDS.map((kind) => [COLLECTIONS[kind], { type: 'array', items: ref(ENTITY_SCHEMA[kind]) }])), _meta: ref('DatasetMeta') },
          required: ['_meta'],
        },
        DatasetMeta: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: DATASET_TYPES },
            schema_version: { type: 'string' },
            count: { type: 'integer', description: 'Entities in this answer.' },
            total: { type: 'integer', description: 'Entities matching, in all.' },
            totals: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Matches per collection.' },
            limit: { type: 'integer' },
            offset: { type: 'integer' },
            next: { type: ['string', 'null'], description: 'URL of the next window, null at the end.' },
            prev: { type: ['string', 'null'], description: 'URL of the previous window, null at the start.' },
            generated_at: { type: 'string', format: 'date-time' },
            base_url: { type: 'string' },
            entities: { type: 'object', description: 'The data dictionary of the kinds in the answer.' },
          },
          required: ['type', 'schema_version', 'count', 'total', 'totals', 'limit', 'offset', 'next', 'prev', 'generated_at', 'base_url', 'entities'],
        },
        DumpIndex: dumpIndexSchema(),
        Error: {
          type: 'object',
          properties: {
            error: {
              type: 'object',
              properties: {
                status: { type: 'integer' },
                code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
                message: { type: 'string' },
                parameter: { type: 'string', description: 'The query parameter refused, for invalid_parameter.' },
              },
              required: ['status', 'code', 'message'],
            },
            _meta: {
              type: 'object',
              properties: { schema_version: { type: 'string' }, generated_at: { type: 'string', format: 'date-time' }, base_url: { type: 'string' } },
              required: ['schema_version', 'generated_at', 'base_url'],
            },
          },
          required: ['error', '_meta'],
        },
      },
    },
  };
}

/** The JSON Schema (2020-12) of an entity as served, without its `$schema` (a component of the OpenAPI document). */
export function entitySchema(kind: Kind): JsonSchema {
  const { $schema: _, ...schema } = entitySchemaDocument(kind);
  return schema;
}

/** Static path of the JSON Schema document of a kind's entities. */
export function entitySchemaPath(kind: Kind): string {
  return `api/public/schemas/${COLLECTIONS[kind]}.json`;
}

/** The JSON Schema (2020-12) document of a kind's entities as served. */
export function entitySchemaDocument(kind: Kind): JsonSchema {
  return z.toJSONSchema(OUTPUT_SCHEMAS[kind], { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
}

// The JSON Schema of a dump index, a component of the OpenAPI document.
function dumpIndexSchema(): JsonSchema {
  const { $schema: _, ...schema } = z.toJSONSchema(DUMP_INDEX_SCHEMA, { io: 'output', target: 'draft-2020-12' }) as JsonSchema;
  return schema;
}
