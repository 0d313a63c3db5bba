/**
 * The tools of the MCP server. Each one asks the client SDK, which runs the router over the
 * site's static documents, so a tool answers exactly what the API answers
 * (docs/api.md#query-form). A tool that throws is answered by the SDK as a tool error
 * result (`isError`) carrying the message, which the agent reads; the server goes on.
 * Each call reads the site as `ToolSite.within` bounds it; its answer is structured
 * content valid against the tool's output schema (output-schemas.ts), the same as JSON
 * text, and links to the entities' documents, bounded as a whole (answers.ts). Nothing
 * here needs Node: the Worker runs the same tools (http.ts). An argument a tool does not
 * know is refused, naming it (strict-input.ts).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { DatasetClient, DatasetParams } from '../client/index.js';
import { facetPath, parseFacetDocument, entityPath, SCHEMA_PATH, staticUrl } from '../query/formats/index.js';
import {
  COLLECTIONS,
  FILTER_PARAMETERS,
  filterKinds,
  KINDS,
  kindFilterParameters,
  type Entity,
  malformedText,
  MAX_CSV_LIMIT,
  MAX_LIMIT,
  parseDatasetQuery,
} from '../query/semantics/index.js';
import { MAX_ANSWER_BYTES, structuredResult } from './answers.js';
import { SEARCH_DEFAULT_LIMIT, SEARCH_INPUT } from './dataset-input.js';
import { ENTITY_OUTPUT, FACET_OUTPUT, SCHEMA_OUTPUT, SEARCH_OUTPUT } from './output-schemas.js';
import { readDocument } from './read-document.js';
import { entityLink } from './resource-links.js';
import { searchAnswer } from './search-answer.js';
import { strictInput } from './strict-input.js';

const KIND = z.enum(KINDS).describe('Which kind of entity.');
// Nothing is changed; the site read is outside the server (open world); the same call answers the same until the data is rebuilt.
const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: true } as const;

/** Where the tools read from and how a call's reading is bounded. */
export interface ToolSite {
  /** The site's root URL, for messages and the links to its documents. */
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
        "Exhibitions, exhibitors and service providers matching keywords and filters, in the API's order: an array per kind, and _meta with total and next. " +
        `Each entity has its fields, _links (URLs of its document and related records) and _rag_text; an entity is about 1,000 to 2,000 characters, so ask for few (limit: ${SEARCH_DEFAULT_LIMIT} per array when not given, at most ${MAX_LIMIT}; page with offset) and name the fields you need (fields). ` +
        'q searches names only, text the descriptive fields and the names; exhibitions also by status, by the days they overlap (from, to) and by start date (sort). ' +
        'meta=counts with fields=id answers ids alone, with no _links. Several ids between | in exhibition or exhibitor give the records related to any. ' +
        'facets (with one type) counts the values of filters over every match in _meta.facets: which countries or cities hold most. ' +
        `For a file, GET the query form's URL with format=csv (one kind, up to ${MAX_CSV_LIMIT} rows a window, next window in the Link header). ` +
        'list_facet_values gives the valid values of the filters; describe_schema says what each field means (not repeated here). ' +
        `An answer over ${MAX_ANSWER_BYTES / 2 ** 20} MiB is refused with a limit that fits.`,
      inputSchema: SEARCH_INPUT,
      outputSchema: SEARCH_OUTPUT,
      annotations: READ_ONLY,
    },
    // The router checks the values (the input shape checks only their JSON types); a value no
    // URL can carry (a lone surrogate) is refused here, by the same parsing and message.
    async ({ fields, facets, ...given }) =>
      within(async () => {
        const params = {
          ...given,
          ...(fields && { fields: fields.join(',') }),
          ...(facets && { facets: facets.join(',') }),
          limit: given.limit ?? SEARCH_DEFAULT_LIMIT,
        };
        const parsed = parseDatasetQuery(Object.entries(params).map(([name, value]) => [name, String(value)]));
        if (!parsed.ok) throw new Error(parsed.error.message);
        const response = await client.dataset(params as DatasetParams);
        const { answer, links } = searchAnswer(response, site.baseUrl);
        return structuredResult(
          answer,
          links,
          (bytes) =>
            `ask for fewer entities: limit ${Math.max(1, Math.floor((0.9 * answer._meta.limit * MAX_ANSWER_BYTES) / bytes))} would fit`,
        );
      }),
  );

  server.registerTool(
    'get_entity',
    {
      title: 'Get one entity',
      description:
        'One exhibition, exhibitor or service provider by its id, exactly as the dataset lists it: all its fields, _links (for an exhibition, the URLs of its exhibitors and providers) and _rag_text; about 1,000 to 2,000 characters.',
      inputSchema: strictInput('get_entity', {
        kind: KIND,
        id: z.string().describe('The entity\'s id, as in its "id" field.'),
      }),
      outputSchema: ENTITY_OUTPUT,
      annotations: READ_ONLY,
    },
    async ({ kind, id }) =>
      within(async () => {
        const malformed = malformedText('id', id);
        if (malformed !== undefined) throw new Error(malformed);
        const path = entityPath(kind, id);
        const entity = JSON.parse(
          await readDocument(client, path, `no ${kind} has the id ${JSON.stringify(id)}; search_dataset gives the ids`),
        ) as Entity;
        return structuredResult(
          entity,
          [entityLink(kind, entity.id, site.baseUrl)],
          () => `read the entity from ${staticUrl(site.baseUrl, path)} itself`,
        );
      }),
  );

  server.registerTool(
    'list_facet_values',
    {
      title: 'List the values of a filter',
      description:
        `Every value the filter matches for the kind, with the spelling most entities use (label) and how many entities hold it (count), most entities first: the valid values of search_dataset's ${filtersWithKinds()}, tags in both languages. ` +
        'About 50 characters a value.',
      inputSchema: strictInput('list_facet_values', {
        kind: KIND,
        filter: z.enum(FILTER_PARAMETERS).describe('Which filter of search_dataset.'),
      }),
      outputSchema: FACET_OUTPUT,
      annotations: READ_ONLY,
    },
    async ({ kind, filter }) =>
      within(async () => {
        if (!kindFilterParameters(kind).includes(filter))
          throw new Error(
            `${filter} is no filter of ${COLLECTIONS[kind]}; theirs are ${kindFilterParameters(kind).join(', ')}`,
          );
        const path = facetPath(kind, filter);
        const facet = parseFacetDocument(
          path,
          await readDocument(client, path, `the site has no ${path}; it was built before facets, rebuild it`),
        );
        const values = facet.values.map(({ value, label, count }) => ({ value, label, count }));
        return structuredResult(
          { kind, filter, values },
          [],
          () => `read the ${values.length} values from ${staticUrl(site.baseUrl, path)} itself`,
        );
      }),
  );

  server.registerTool(
    'describe_schema',
    {
      title: 'Describe the schema',
      description:
        'The schema document, once per session (search_dataset leaves it out): every field of each kind (type, meaning, whether it is filterable or searchable) in _meta.entities, the parameters of search_dataset, and links to the facets, the dumps and the changes feed. About 11,000 characters.',
      // Without an input schema the SDK would pass any arguments over unread.
      inputSchema: strictInput('describe_schema', {}),
      outputSchema: SCHEMA_OUTPUT,
      annotations: READ_ONLY,
    },
    async () =>
      within(async () =>
        structuredResult(
          await client.schema(),
          [],
          () => `read the schema document from ${staticUrl(site.baseUrl, SCHEMA_PATH)} itself`,
        ),
      ),
  );
}

// The filters of search_dataset, each that applies to some kinds alone with theirs: `status (exhibitions)`.
function filtersWithKinds(): string {
  return FILTER_PARAMETERS.map((filter) => {
    const kinds = filterKinds(filter);
    return kinds.length === KINDS.length ? filter : `${filter} (${kinds.map((kind) => COLLECTIONS[kind]).join(', ')})`;
  }).join(', ');
}
