/**
 * The tools of the MCP server. Each one asks the client SDK, which runs the router over the
 * site's static documents, so a tool answers exactly what the API answers
 * (docs/api.md#query-form). A tool that throws is answered by the SDK as a tool error
 * result (`isError`) carrying the message, which the agent reads; the server goes on.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ApiError, type DatasetClient, type DatasetParams, type ErrorBody } from '../client/index.js';
import { facetPath, parseFacetDocument } from '../query/formats/facets.js';
import { entityPath } from '../query/formats/paths.js';
import { FILTERS, KINDS } from '../query/semantics/kinds.js';
import { DATASET_INPUT } from './dataset-input.js';

const KIND = z.enum(KINDS).describe('Which kind of entity.');
const READ_ONLY = { readOnlyHint: true, openWorldHint: true } as const;

/** Registers `search_dataset`, `get_entity`, `list_facet_values` and `describe_schema`, answered through `client`. */
export function registerTools(server: McpServer, client: DatasetClient): void {
  server.registerTool(
    'search_dataset',
    {
      title: 'Search the dataset',
      description:
        'Exhibitions, exhibitors and service providers matching keywords and filters, in the API\'s order: an array per kind (entities with _links and _rag_text), and _meta with total and next (the URL of the next window; call again with offset + limit). ' +
        'Start with a small limit; list_facet_values gives the valid industry, country and city values.',
      inputSchema: DATASET_INPUT,
      annotations: READ_ONLY,
    },
    // The router checks the values (the input shape checks only their JSON types).
    async (params) => jsonResult(await client.dataset(params as DatasetParams)),
  );

  server.registerTool(
    'get_entity',
    {
      title: 'Get one entity',
      description: 'One exhibition, exhibitor or service provider by its id, exactly as the dataset lists it (all its fields, _links, _rag_text).',
      inputSchema: { kind: KIND, id: z.string().describe('The entity\'s id, as in its "id" field.') },
      annotations: READ_ONLY,
    },
    async ({ kind, id }) => textResult(await readDocument(client, entityPath(kind, id), `no ${kind} has the id ${JSON.stringify(id)}; search_dataset gives the ids`)),
  );

  server.registerTool(
    'list_facet_values',
    {
      title: 'List the values of a filter',
      description: 'Every value the filter matches for the kind, with the spelling most entities use (label) and how many entities hold it (count), most entities first: the valid values of search_dataset\'s industry, country and city.',
      inputSchema: { kind: KIND, filter: z.enum(FILTERS).describe('Which filter of search_dataset.') },
      annotations: READ_ONLY,
    },
    async ({ kind, filter }) => {
      const path = facetPath(kind, filter);
      const facet = parseFacetDocument(path, await readDocument(client, path, `the site has no ${path}; it was built before facets, rebuild it`));
      return jsonResult({ kind, filter, values: facet.values.map(({ value, label, count }) => ({ value, label, count })) });
    },
  );

  server.registerTool(
    'describe_schema',
    {
      title: 'Describe the schema',
      description: 'The schema document: every field of each kind (type, meaning, whether it is filterable or searchable), the parameters of search_dataset, and links to the facets and the changes feed.',
      annotations: READ_ONLY,
    },
    async () => jsonResult(await client.schema()),
  );
}

// A document of the site by its static path, as the API serves it; `notFound` says why a 404 happened.
async function readDocument(client: DatasetClient, path: string, notFound: string): Promise<string> {
  const answer = await client.request(`/${path}`);
  if (answer.status === 404) throw new Error(notFound);
  if (answer.status !== 200) throw new ApiError(answer.status, JSON.parse(answer.body) as ErrorBody);
  return answer.body;
}

function jsonResult(value: unknown): CallToolResult {
  return textResult(JSON.stringify(value));
}

function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}
