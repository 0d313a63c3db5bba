/**
 * The MCP server of a site, whatever carries it: its four tools, `llms.txt` as a resource,
 * the entities' documents and the exhibitions' relation pages as resource templates,
 * answered through a client of the site (a client SDK over HTTP for the stdio command, the
 * host's own router for `POST /mcp`). Nothing here needs Node.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { DatasetClient } from '../client/index.js';
import { LLMS_TXT_CONTENT_TYPE, LLMS_TXT_PATH, staticUrl } from '../query/formats/index.js';
import { boundedText } from './answers.js';
import { SEARCH_DEFAULT_LIMIT } from './dataset-input.js';
import { registerEntityResources } from './entity-resources.js';
import { registerRelationResources } from './relation-resources.js';
import { registerTools, type ToolSite } from './tools.js';

/** What a site's MCP server says about itself and how its calls are bounded. */
export interface DatasetMcpSite extends ToolSite {
  /** The version of dataset-site, as the server names itself to clients. */
  version: string;
}

/** The MCP server of the site `client` reads, not yet connected to a transport. */
export function datasetMcpServer(client: DatasetClient, site: DatasetMcpSite): McpServer {
  const server = new McpServer(
    { name: 'dataset-site', version: site.version },
    {
      instructions:
        `Trade-show exhibitions, exhibitors and service providers published at ${site.baseUrl}. ` +
        'describe_schema says what each field means (once: search answers leave it out); list_facet_values gives the valid values of the filters (industry, country, city; status for exhibitions); ' +
        `search_dataset queries (${SEARCH_DEFAULT_LIMIT} entities per kind unless limit says, fields keeps only the fields named); get_entity reads one entity by id. ` +
        "The URLs of an answer's entities (_links.self) and of an exhibition's exhibitors and providers (_links.exhibitors, _links.providers, and each page's _meta.next) are resources: read them with resources/read.",
    },
  );
  registerTools(server, client, site);
  registerEntityResources(server, client, site);
  registerRelationResources(server, client, site);
  const llmsTxt = staticUrl(site.baseUrl, LLMS_TXT_PATH);
  server.registerResource(
    'llms.txt',
    llmsTxt,
    {
      title: 'llms.txt',
      description: 'What the data is, with ready queries, in one page (the llms.txt convention).',
      mimeType: 'text/plain',
    },
    () =>
      site.within(async () => {
        const answer = await client.request(`/${LLMS_TXT_PATH}`);
        if (answer.status !== 200)
          throw new Error(`${llmsTxt} answered ${answer.status}; the site was built before llms.txt, rebuild it`);
        return {
          contents: [
            {
              uri: llmsTxt,
              mimeType: LLMS_TXT_CONTENT_TYPE,
              text: boundedText(answer.body, () => `read ${llmsTxt} itself`),
            },
          ],
        };
      }),
  );
  return server;
}
