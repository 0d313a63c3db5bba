/**
 * The OpenAPI 3.1 description of the site's API (docs/api.md#openapi), made from the
 * definitions everything else uses: the entity schemas of entities.ts (as JSON Schema
 * 2020-12), the dataset parameters of params.ts, the error codes of error-response.ts, the
 * headers of http.ts, and every static document at the path the build writes it
 * (openapi-documents.ts), each answered with `GET` and `HEAD`, an `ETag`, and a 304 to
 * `If-None-Match`. Written by the build as `api/public/openapi.json`.
 */
import { filterExample, type DataExamples } from './data-examples.js';
import {
  DATASET_ROUTE,
  MCP_ROUTE,
  SCHEMA_ROUTE,
  trimSlash,
  SCHEMA_VERSION,
  API_HEADERS,
} from '../query/formats/index.js';
import { ERROR_STATUS } from '../query/responses/index.js';
import {
  DATASET_PARAMETERS,
  DATASET_PARAMETER_SCHEMAS,
  MAX_CSV_LIMIT,
  MAX_LIMIT,
  isFilterParameter,
} from '../query/semantics/index.js';
import { answerSchemas } from './openapi-components.js';
import { documentPaths } from './openapi-documents.js';
import type { DocumentPath, JsonSchema } from './openapi-path-template.js';

export { entitySchema, entitySchemaDocument, entitySchemaPath } from './entity-schema.js';

/** Examples of the parameters, taken from the data so that they find something (parameter-examples.ts). */
export type ParameterExamples = DataExamples;

const ref = (kind: 'schemas' | 'responses' | 'parameters' | 'headers', name: string): JsonSchema => ({
  $ref: `#/components/${kind}/${name}`,
});

/** The OpenAPI 3.1 document of a site served under `baseUrl`, its examples taken from the data. */
export function openApiDocument(baseUrl: string, examples: ParameterExamples = {}) {
  const documents = documentPaths(examples);
  const queryForm: DocumentPath[] = [
    {
      template: `/${DATASET_ROUTE}`,
      operationId: 'queryDataset',
      summary: 'Entities of one kind or all, filtered, searched and paged',
      description: `Follow \`_meta.next\` (or the \`Link\` header's \`rel="next"\`) for the next window; \`_meta.total\` counts every match. A \`limit\` above ${MAX_LIMIT} (${MAX_CSV_LIMIT} with \`format=csv\`) is served as the maximum, and \`_meta.limit\` says so. With \`format=csv\` (one \`type\`), the answer is \`text/csv; charset=utf-8\`: a header row, then a row per entity (see \`format\`); with \`meta=counts\`, no dictionary and no \`_links\`. Answered where a router runs (not by static hosts).`,
      parameters: [],
      // The CSV of format=csv is described by its parameter and this description, not as a second media type: a
      // generated client would then type every answer as JSON or text, and code reading the JSON would not compile.
      content: { 'application/json': ref('schemas', 'DatasetResponse') },
    },
    {
      template: `/${SCHEMA_ROUTE}`,
      operationId: 'getSchema',
      summary: 'The data dictionary and the parameters',
      parameters: [],
      content: { 'application/json': ref('schemas', 'SchemaDocument') },
    },
  ];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trade-show exhibitions, exhibitors and service providers',
      version: SCHEMA_VERSION,
      description:
        'A public, read-only JSON API for AI agents and RAG systems, precomputed as static documents: no key, no authentication. ' +
        `Every answer carries Cache-Control: ${API_HEADERS['Cache-Control']}; the data changes when the site is rebuilt, and _meta.generated_at says when an answer's data was built. ` +
        `Every URL in a document (\`_links\`, \`_meta.next\`, the facets' \`listing\`, the dumps' parts) is a path of this description. MCP: POST /${MCP_ROUTE}.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: trimSlash(baseUrl), description: 'The site' }],
    security: [],
    paths: {
      ...Object.fromEntries(
        [...queryForm, ...documents].map((document) => [document.template, pathItem(document, examples)]),
      ),
      [`/${MCP_ROUTE}`]: mcpPathItem(),
    },
    components: {
      schemas: answerSchemas(),
      responses: {
        ...Object.fromEntries(
          errorStatuses().map(([status, codes]) => [
            `Error${status}`,
            {
              description: `An error (${codes.join(', ')}).`,
              headers: { 'Cache-Control': ref('headers', 'CacheControl') },
              content: { 'application/json': { schema: ref('schemas', 'Error') } },
            },
          ]),
        ),
        NotModified: {
          description: 'The client holds this very answer (`If-None-Match` names its ETag): no body.',
          headers: { ETag: ref('headers', 'ETag'), 'Cache-Control': ref('headers', 'CacheControl') },
        },
      },
      parameters: {
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description:
            'The ETag of an answer the client holds (or `*`): where a router answers, the same answer is then a bodiless 304.',
          schema: { type: 'string' },
          example: '"1x2y3z-4k"',
        },
      },
      headers: {
        ETag: {
          description: "A strong tag of the answer's content (where a router answers; static hosts give their own).",
          schema: { type: 'string' },
        },
        CacheControl: {
          description: 'How long the answer may be kept.',
          schema: { type: 'string', example: API_HEADERS['Cache-Control'] },
        },
        Link: {
          description:
            'The next and previous windows of a query-form answer, as `_meta.next` and `_meta.prev` name them (RFC 8288); absent when there is neither.',
          schema: {
            type: 'string',
            example: '<https://data.example.com/api/public/dataset?type=exhibitor&limit=100&offset=100>; rel="next"',
          },
        },
      },
    },
  };
}

// GET and HEAD of one document, with its path parameters and If-None-Match.
function pathItem(document: DocumentPath, examples: ParameterExamples) {
  const parameters = [
    ...document.parameters.map(({ name, description, schema, example }) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema,
      ...(example === undefined ? {} : { example }),
    })),
    ...(document.template === `/${DATASET_ROUTE}` ? queryParameters(examples) : []),
    ref('parameters', 'IfNoneMatch'),
  ];
  const headers = {
    ETag: ref('headers', 'ETag'),
    'Cache-Control': ref('headers', 'CacheControl'),
    ...(document.template === `/${DATASET_ROUTE}` ? { Link: ref('headers', 'Link') } : {}),
  };
  const errors = Object.fromEntries(errorStatuses().map(([status]) => [status, ref('responses', `Error${status}`)]));
  const content = Object.fromEntries(Object.entries(document.content).map(([type, schema]) => [type, { schema }]));
  return {
    parameters,
    get: {
      operationId: document.operationId,
      summary: document.summary,
      ...(document.description === undefined ? {} : { description: document.description }),
      responses: {
        '200': { description: document.summary, headers, content },
        '304': ref('responses', 'NotModified'),
        ...errors,
      },
    },
    head: {
      operationId: document.operationId.replace(/^(get|query)/, 'head'),
      summary: `Headers only: ${document.summary.charAt(0).toLowerCase()}${document.summary.slice(1)}`,
      responses: {
        '200': { description: 'The headers a GET gets, no body.', headers },
        '304': ref('responses', 'NotModified'),
        ...Object.fromEntries(
          errorStatuses().map(([status, codes]) => [
            status,
            { description: `An error (${codes.join(', ')}), no body.` },
          ]),
        ),
      },
    },
  };
}

// The parameters of the query form, from their one definition, each with an example from the data.
function queryParameters(examples: ParameterExamples) {
  return DATASET_PARAMETERS.map((name) => {
    const { description, ...schema } = DATASET_PARAMETER_SCHEMAS[name];
    // The examples are of the exhibitors, as `type` is; a filter they have not, of a kind that has it.
    const example =
      name === 'type'
        ? 'exhibitor'
        : name === 'limit'
          ? 20
          : name === 'offset'
            ? 0
            : isFilterParameter(name)
              ? filterExample(examples, name, 'exhibitor')
              : // A snapshot is named by the answers, never made up: no example.
                name === 'snapshot'
                ? undefined
                : // A closed set's other value than its default: what giving the parameter changes.
                  name === 'format' || name === 'meta'
                  ? schema.enum?.find((value) => value !== schema.default)
                  : // Fields of the exhibitors, as `type` is, and a size below the default.
                    name === 'facets'
                    ? 'country,city'
                    : name === 'facet_size'
                      ? 5
                      : examples[name];
    return { name, in: 'query', required: false, description, schema, ...(example === undefined ? {} : { example }) };
  });
}

// Each status the API may answer with an error, with its codes.
function errorStatuses(): [status: string, codes: string[]][] {
  const statuses = [...new Set(Object.values(ERROR_STATUS))].sort((a, b) => a - b);
  return statuses.map((status) => [
    String(status),
    Object.entries(ERROR_STATUS)
      .filter(([, s]) => s === status)
      .map(([code]) => code),
  ]);
}

function mcpPathItem() {
  const rpc = (description: string) => ({
    description,
    content: { 'application/json': { schema: ref('schemas', 'JsonRpcMessage') } },
  });
  return {
    post: {
      operationId: 'postMcp',
      summary: 'MCP over Streamable HTTP, stateless: the tools of `dataset-site mcp`',
      description:
        'Send JSON-RPC messages (initialize, tools/list, tools/call…) with `Accept: application/json, text/event-stream`; each answer is JSON. ' +
        'No session: GET and DELETE are answered 405. Where dataset-site serve or the Worker over R2 answers, not on static hosts. ' +
        'A body over 1 MiB is a 413, malformed JSON-RPC a JSON-RPC error.',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              oneOf: [ref('schemas', 'JsonRpcMessage'), { type: 'array', items: ref('schemas', 'JsonRpcMessage') }],
            },
          },
        },
      },
      responses: {
        '200': rpc('The JSON-RPC answer.'),
        '202': { description: 'A notification, accepted: no body.' },
        '400': rpc('Malformed JSON or JSON-RPC: a JSON-RPC error.'),
        '406': rpc('The client does not accept application/json and text/event-stream.'),
        '413': rpc('The body is over 1 MiB: a JSON-RPC error.'),
        '415': rpc('The body is not application/json.'),
      },
    },
  };
}
