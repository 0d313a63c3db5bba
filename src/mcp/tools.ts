/**
 * The tools of the MCP server. Each one asks the client SDK, which runs the router over the
 * site's static documents, so a tool answers exactly what the API answers
 * (docs/api.md#query-form). A tool that throws is answered by the SDK as a tool error
 * result (`isError`) carrying the message, which the agent reads; the server goes on.
 * Each call reads the site as `ToolSite.within` bounds it, and its answer is bounded
 * (answers.ts). Nothing here needs Node: the Worker runs the same tools (http.ts).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ApiError, type DatasetClient, type DatasetParams, type ErrorBody } from '../client/index.js';
import { facetPath, parseFacetDocument } from '../query/formats/facets.js';
import { entityPath, SCHEMA_PATH } from '../query/formats/paths.js';
import { staticUrl } from '../query/formats/urls.js';
import { FILTERS, KINDS } from '../query/semantics/kinds.js';
import { malformedText, parseDatasetQuery } from '../query/semantics/params.js';
import { jsonResult, MAX_ANSWER_BYTES, textResult } from './answers.js';
import { DATASET_INPUT } from './dataset-input.js';

const KIND = z.enum(KINDS).describe('Which kind of entity.');
const READ_ONLY = { readOnlyHint: true, openWorldHint: true } as const;

/** Where the tools read from and how a call's reading is bounded. */
export interface ToolSite {
  /** The site's root URL, for messages. */
  baseUrl: string;
  /** Runs one call's work: over stdio within the call's deadline (site-fetch.ts); as it is where the store is local. */
  within<T>(work: () => Promise<T>): Promise<T>;
}

/** Registers `search_dataset`, `get_entity`, `list_facet_values` and `describe_schema`, answered through `client`. */
export function registerTools(server: McpServer, client: DatasetClient, site: ToolSite): void {
  const within = <T>(work: () => Promise<T>) => site.within(work);
  server.registerTool(
    'search_dataset',
    {
      title: 'Search the dataset',
      description:
        "Exhibitions, exhibitors and service providers matching keywords and filters, in the API's order: an array per kind (entities with _links and _rag_text), and _meta with total and next (the URL of the next window; call again with offset + limit). " +
        'Start with a small limit; list_facet_values gives the valid industry, country and city values.',
      inputSchema: DATASET_INPUT,
      annotations: READ_ONLY,
    },
    // The router checks the values (the input shape checks only their JSON types); a value no
    // URL can carry (a lone surrogate) is refused here, by the same parsing and message.
    async (params) =>
      within(async () => {
        const parsed = parseDatasetQuery(Object.entries(params).map(([name, value]) => [name, String(value)]));
        if (!parsed.ok) throw new Error(parsed.error.message);
        const answer = await client.dataset(params as DatasetParams);
        return jsonResult(
          answer,
          (bytes) => `ask for fewer entities: limit ${Math.max(1, Math.floor((0.9 * answer._meta.limit * MAX_ANSWER_BYTES) / bytes))} would fit`,
        );
      }),
  );

  server.registerTool(
    'get_entity',
    {
      title: 'Get one entity',
      description: 'One exhibition, exhibitor or service provider by its id, exactly as the dataset lists it (all its fields, _links, _rag_text).',
      inputSchema: { kind: KIND, id: z.string().describe('The entity\'s id, as in its "id" field.') },
      annotations: READ_ONLY,
    },
    async ({ kind, id }) =>
      within(async () => {
        const malformed = malformedText('id', id);
        if (malformed !== undefined) throw new Error(malformed);
        const path = entityPath(kind, id);
        const text = await readDocument(client, path, `no ${kind} has the id ${JSON.stringify(id)}; search_dataset gives the ids`);
        return textResult(text, () => `read the entity from ${staticUrl(site.baseUrl, path)} itself`);
      }),
  );

  server.registerTool(
    'list_facet_values',
    {
      title: 'List the values of a filter',
      description:
        "Every value the filter matches for the kind, with the spelling most entities use (label) and how many entities hold it (count), most entities first: the valid values of search_dataset's industry, country and city.",
      inputSchema: { kind: KIND, filter: z.enum(FILTERS).describe('Which filter of search_dataset.') },
      annotations: READ_ONLY,
    },
    async ({ kind, filter }) =>
      within(async () => {
        const path = facetPath(kind, filter);
        const facet = parseFacetDocument(path, await readDocument(client, path, `the site has no ${path}; it was built before facets, rebuild it`));
        const values = facet.values.map(({ value, label, count }) => ({ value, label, count }));
        return jsonResult({ kind, filter, values }, () => `read the ${values.length} values from ${staticUrl(site.baseUrl, path)} itself`);
      }),
  );

  server.registerTool(
    'describe_schema',
    {
      title: 'Describe the schema',
      description:
        'The schema document: every field of each kind (type, meaning, whether it is filterable or searchable), the parameters of search_dataset, and links to the facets and the changes feed.',
      annotations: READ_ONLY,
    },
    async () => within(async () => jsonResult(await client.schema(), () => `read the schema document from ${staticUrl(site.baseUrl, SCHEMA_PATH)} itself`)),
  );
}

// A document of the site by its static path, as the API serves it; `notFound` says why a 404 happened.
async function readDocument(client: DatasetClient, path: string, notFound: string): Promise<string> {
  const answer = await client.request(`/${path}`);
  if (answer.status === 404) throw new Error(notFound);
  if (answer.status !== 200) throw new ApiError(answer.status, JSON.parse(answer.body) as ErrorBody);
  return answer.body;
}
