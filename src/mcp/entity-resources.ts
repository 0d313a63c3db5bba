/**
 * The entities' documents as MCP resources: the `resource_link` items of the tools' answers
 * name them by their URLs, which a client may read with `resources/read` as well as over
 * HTTP. They are a template, not a list: a site holds too many to list.
 */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { DatasetClient } from '../client/index.js';
import { API_ROOT, trimSlash } from '../query/formats/index.js';
import { COLLECTIONS, KINDS } from '../query/semantics/index.js';
import { readJsonResource } from './read-document.js';
import type { ToolSite } from './tools.js';

const COLLECTION_NAMES: readonly string[] = KINDS.map((kind) => COLLECTIONS[kind]);

/** Registers the template `{base}/api/public/{collection}/{id}.json`, read through `client`. */
export function registerEntityResources(server: McpServer, client: DatasetClient, site: ToolSite): void {
  const template = new ResourceTemplate(`${trimSlash(site.baseUrl)}/${API_ROOT}/{collection}/{id}.json`, {
    list: undefined,
  });
  server.registerResource(
    'entity',
    template,
    {
      title: 'One entity',
      description:
        "An exhibition, exhibitor or service provider's JSON document, as the tools link it (collection: exhibitions, exhibitors or service_providers; id escaped as in its _links.self).",
      mimeType: 'application/json',
    },
    (uri, { collection, id }) =>
      site.within(async () => {
        if (typeof collection !== 'string' || !COLLECTION_NAMES.includes(collection)) {
          throw new Error(`no such collection in ${uri.href}; it is one of ${COLLECTION_NAMES.join(', ')}`);
        }
        return readJsonResource(
          client,
          uri,
          `${API_ROOT}/${collection}/${String(id)}.json`,
          `the site has no ${uri.href}; search_dataset gives the entities' links`,
        );
      }),
  );
}
