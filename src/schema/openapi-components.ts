/**
 * The schemas of what the site answers, as components of the OpenAPI document (openapi.ts):
 * the entities and the dump index from their zod definitions, the dataset response, the
 * generated documents (schema, facets, changes feed, search index), the error body and
 * MCP's JSON-RPC messages. document-walk.test.ts holds every document of a built site to them.
 */
import { z } from 'zod';
import { ERROR_STATUS } from '../query/responses/index.js';
import {
  CLOSEST_KEPT,
  COLLECTIONS,
  DATASET_TYPES,
  FILTER_PARAMETERS,
  KINDS,
  MAX_LIMIT,
} from '../query/semantics/index.js';
import { DUMP_INDEX_SCHEMA } from './dump-index-schema.js';
import { entitySchema } from './entity-schema.js';
import { ENTITY_SCHEMA } from './openapi-documents.js';
import type { JsonSchema } from './openapi-path-template.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const LINK = { type: 'string', format: 'uri' };
const NULLABLE_LINK = { type: ['string', 'null'], format: 'uri' };
const FEED_AFTER = {
  type: ['string', 'null'],
  description:
    'The build whose state this change set is counted from (null for a baseline): apply it only over that cursor.',
};

/** Every schema component, by name. */
export function answerSchemas(): Record<string, JsonSchema> {
  return {
    ...Object.fromEntries(KINDS.map((kind) => [ENTITY_SCHEMA[kind], entitySchema(kind)])),
    DatasetResponse: {
      type: 'object',
      properties: {
        ...Object.fromEntries(
          KINDS.map((kind) => [COLLECTIONS[kind], { type: 'array', items: ref(ENTITY_SCHEMA[kind]) }]),
        ),
        _meta: ref('DatasetMeta'),
      },
      required: ['_meta'],
    },
    DatasetMeta: datasetMetaSchema(),
    SchemaDocument: schemaDocumentSchema(),
    FacetsIndex: object({
      facets: {
        type: 'array',
        items: object({
          kind: { type: 'string', enum: KINDS },
          filter: { type: 'string', enum: FILTER_PARAMETERS },
          url: LINK,
        }),
      },
      _links: object({ self: LINK, schema: LINK }),
      _meta: documentMeta('facets'),
    }),
    Facet: object({
      kind: { type: 'string', enum: KINDS },
      filter: { type: 'string', enum: FILTER_PARAMETERS },
      values: {
        type: 'array',
        items: object({
          value: { type: 'string', description: 'The value as filters compare it (normalized).' },
          label: { type: 'string', description: 'The spelling most entities holding it use.' },
          count: { type: 'integer', description: 'Entities holding it: the `_meta.total` of its query.' },
          query: { ...LINK, description: 'The query-form URL of those entities.' },
          listing: {
            ...NULLABLE_LINK,
            description: 'The first page of their precomputed listing; null for a query filter, which has none.',
          },
        }),
      },
      _links: object({ self: LINK, index: LINK, schema: LINK }),
      _meta: documentMeta('facets', { values: { type: 'integer' } }),
    }),
    ChangesIndex: object({
      builds: {
        type: 'array',
        items: object({
          build: { type: 'string' },
          at: { type: 'string', format: 'date-time' },
          baseline: { type: 'boolean' },
          after: FEED_AFTER,
          url: LINK,
          counts: { type: 'object' },
        }),
      },
      _links: object({
        self: LINK,
        latest: NULLABLE_LINK,
        dumps: object(Object.fromEntries(KINDS.map((kind) => [COLLECTIONS[kind], LINK]))),
      }),
      _meta: documentMeta('changes', {
        window_days: { type: 'integer' },
        history_from: {
          type: ['string', 'null'],
          description:
            'The oldest cursor the feed takes a reader on from. A cursor that is neither this nor a listed build is gone: copy every entity from `_links.dumps` again (docs/api.md#changes).',
        },
      }),
    }),
    ChangeSet: object({
      build: { type: 'string' },
      at: { type: 'string', format: 'date-time' },
      baseline: { type: 'boolean' },
      after: FEED_AFTER,
      ...Object.fromEntries(
        KINDS.map((kind) => {
          const changed = { type: 'array', items: object({ id: { type: 'string' }, url: LINK }) };
          return [
            COLLECTIONS[kind],
            object({ added: changed, changed, removed: { type: 'array', items: { type: 'string' } } }),
          ];
        }),
      ),
      _links: object({ self: LINK, previous: NULLABLE_LINK, next: NULLABLE_LINK, index: LINK }),
      _meta: documentMeta('changes'),
    }),
    DumpIndex: withoutDialect(
      z.toJSONSchema(DUMP_INDEX_SCHEMA, { io: 'output', target: 'draft-2020-12' }) as JsonSchema,
    ),
    Error: errorSchema(),
    JsonRpcMessage: {
      type: 'object',
      description:
        'A JSON-RPC 2.0 message of MCP: a request or notification (method, params), or an answer (result or error).',
      properties: {
        jsonrpc: { type: 'string', const: '2.0' },
        id: { type: ['string', 'integer', 'null'] },
        method: { type: 'string' },
        params: { type: 'object' },
        result: { type: 'object' },
        error: {
          type: 'object',
          properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
          required: ['code', 'message'],
        },
      },
      required: ['jsonrpc'],
    },
  };
}

function datasetMetaSchema(): JsonSchema {
  return {
    type: 'object',
    properties: {
      type: { type: 'string', enum: DATASET_TYPES },
      schema_version: { type: 'string' },
      count: { type: 'integer', description: 'Entities in this answer.' },
      total: { type: 'integer', description: 'Entities matching, in all.' },
      totals: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Matches per collection.' },
      limit: {
        type: 'integer',
        description: `The effective limit: the one asked, or ${MAX_LIMIT} when more was asked.`,
      },
      offset: { type: 'integer', description: 'The effective offset.' },
      next: { ...NULLABLE_LINK, description: 'URL of the next window, null at the end.' },
      prev: { ...NULLABLE_LINK, description: 'URL of the previous window, null at the start.' },
      generated_at: { type: 'string', format: 'date-time' },
      base_url: { type: 'string' },
      unmatched: unmatchedSchema(),
      facets: facetsSchema(),
      entities: {
        type: 'object',
        description: 'The data dictionary of the kinds in the answer; absent with meta=counts (docs/api.md#compact).',
      },
    },
    required: [
      'type',
      'schema_version',
      'count',
      'total',
      'totals',
      'limit',
      'offset',
      'next',
      'prev',
      'generated_at',
      'base_url',
    ],
  };
}

// `_meta.facets` (docs/api.md#query-facets): only when the query asks for facets.
function facetsSchema(): JsonSchema {
  return {
    type: 'object',
    description:
      'Only with facets: per field asked, its values among every match of the query, most held first (ties by value), at most facet_size of them (docs/api.md#query-facets).',
    additionalProperties: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          value: { type: 'string', description: 'The value, as the facet documents name it (their label).' },
          count: { type: 'integer', description: 'Matches holding it.' },
        },
        required: ['value', 'count'],
      },
    },
  };
}

// `_meta.unmatched` (docs/api.md#unmatched): only in an answer with no match.
function unmatchedSchema(): JsonSchema {
  return {
    type: 'array',
    description:
      'Present only when nothing matches and some filter value is held by no entity of the kinds asked: each such filter, in parameter order.',
    items: {
      type: 'object',
      properties: {
        parameter: { type: 'string', enum: [...FILTER_PARAMETERS], description: 'The filter parameter.' },
        value: { type: 'string', description: 'Its value as given, trimmed.' },
        facets: {
          type: 'object',
          additionalProperties: LINK,
          description: 'URL of the facet document of each kind asked, by collection: every value the filter matches.',
        },
        closest: {
          type: 'array',
          maxItems: CLOSEST_KEPT,
          items: { type: 'string' },
          description:
            'Labels of the closest values there are: equal once accents, case and punctuation are dropped, or a few edits away; fewest edits first, then most entities.',
        },
      },
      required: ['parameter', 'value', 'facets', 'closest'],
      additionalProperties: false,
    },
  };
}

function schemaDocumentSchema(): JsonSchema {
  return object({
    parameters: { type: 'object', description: 'Each parameter of the query form as a small JSON Schema.' },
    static_pages: { type: 'object' },
    _links: object({
      self: LINK,
      dataset: LINK,
      changes: LINK,
      facets: LINK,
      openapi: LINK,
      mcp: { ...LINK, description: 'The MCP endpoint (Streamable HTTP), where the host runs it.' },
      dumps: object(Object.fromEntries(KINDS.map((kind) => [COLLECTIONS[kind], LINK]))),
    }),
    _meta: documentMeta('schema', { base_url: { type: 'string' }, entities: { type: 'object' } }),
  });
}

function errorSchema(): JsonSchema {
  return {
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
        properties: {
          schema_version: { type: 'string' },
          generated_at: { type: 'string', format: 'date-time' },
          base_url: { type: 'string' },
        },
        required: ['schema_version', 'generated_at', 'base_url'],
      },
    },
    required: ['error', '_meta'],
  };
}

// An object with these properties, all required.
function object(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties) };
}

// `_meta` of a generated document of this type.
function documentMeta(type: string, more: Record<string, JsonSchema> = {}): JsonSchema {
  return object({
    type: { type: 'string', const: type },
    schema_version: { type: 'string' },
    format_version: { type: 'integer' },
    generated_at: { type: 'string', format: 'date-time' },
    ...more,
  });
}

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _, ...rest } = schema;
  return rest;
}
