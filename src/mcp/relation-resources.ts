/**
 * The exhibitions' relation pages as MCP resources: an exhibition's `_links.exhibitors` (its
 * exhibitors) and `_links.providers` (the service providers covering its country or city),
 * and each page's `_meta.next`, read with `resources/read` as over HTTP. Templates, as the
 * entities' documents are (entity-resources.ts), on the site the server reads only, each
 * answer bounded as a tool's is.
 */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Variables } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { DatasetClient } from '../client/index.js';
import { API_ROOT, trimSlash } from '../query/formats/index.js';
import { readJsonResource } from './read-document.js';
import type { ToolSite } from './tools.js';

const PAGE = /^[1-9]\d*$/;
const RELATION_LINKS = "get_entity and search_dataset give an exhibition's _links.exhibitors and _links.providers";

/** Registers the templates of an exhibition's exhibitors and of the providers of a place, read through `client`. */
export function registerRelationResources(server: McpServer, client: DatasetClient, site: ToolSite): void {
  const base = `${trimSlash(site.baseUrl)}/${API_ROOT}`;
  server.registerResource(
    'exhibitors',
    new ResourceTemplate(`${base}/exhibitions/{id}/{relation}/{page}.json`, { list: undefined }),
    {
      title: "An exhibition's exhibitors",
      description:
        "One page (100 exhibitors, _meta.next the next page) of an exhibition's exhibitors, as its _links.exhibitors links it (id escaped as there).",
      mimeType: 'application/json',
    },
    (uri, { id, relation, page }) =>
      site.within(async () => {
        if (relation !== 'exhibitors')
          throw new Error(
            `no such relation in ${uri.href}: an exhibition's pages here are its exhibitors; its providers are at its _links.providers`,
          );
        const exhibition = `${API_ROOT}/exhibitions/${String(id)}`;
        // A missing page says which is missing: the exhibition, or a page past its last.
        return readJsonResource(client, uri, `${exhibition}/exhibitors/${pageOf(uri, page)}.json`, async () =>
          (await client.request(`/${exhibition}.json`)).status === 200
            ? `the site has no ${uri.href}: the exhibition's exhibitors have fewer pages; follow _meta.next from page 1`
            : `the site has no ${uri.href}: no exhibition has the id ${JSON.stringify(String(id))}; ${RELATION_LINKS}`,
        );
      }),
  );
  server.registerResource(
    'providers',
    new ResourceTemplate(`${base}/regions/{country}/{city}/providers/{page}.json`, { list: undefined }),
    {
      title: 'The service providers of a place',
      description:
        'One page (100 providers, _meta.next the next page) of the service providers covering a country or city, as an exhibition there links it in its _links.providers (values normalized and escaped as there, ~ for none).',
      mimeType: 'application/json',
    },
    (uri, { country, city, page }) =>
      site.within(() =>
        readJsonResource(
          client,
          uri,
          `${API_ROOT}/regions/${String(country)}/${String(city)}/providers/${pageOf(uri, page)}.json`,
          `the site has no ${uri.href}: no exhibition is in that country and city, or its providers have fewer pages; ${RELATION_LINKS}`,
        ),
      ),
  );
}

// The page a relation URL names, from 1.
function pageOf(uri: URL, page: Variables[string] | undefined): string {
  if (typeof page === 'string' && PAGE.test(page)) return page;
  throw new Error(`no such page in ${uri.href}: pages are numbered from 1 (1.json, then each page's _meta.next)`);
}
