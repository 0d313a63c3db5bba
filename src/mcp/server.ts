/**
 * `dataset-site mcp`: an MCP server for agents, over stdio, answering from any deployed site
 * through the client SDK (one semantics: the router's). stdout carries the protocol only.
 * What it takes from the site is bounded (site-fetch.ts: size, deadline, JSON), and so is
 * what it answers (answers.ts).
 */
import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createClient } from '../client/index.js';
import { resolveBaseUrl } from '../config.js';
import { UserError } from '../diagnostics.js';
import { LLMS_TXT_CONTENT_TYPE, LLMS_TXT_PATH } from '../query/formats/llms-txt.js';
import { staticUrl } from '../query/formats/urls.js';
import { boundedText } from './answers.js';
import { DEFAULT_TIMEOUT_SECONDS, siteFetch, withDeadline } from './site-fetch.js';
import { registerTools } from './tools.js';

/** Options of {@link createMcpServer}. */
export interface McpOptions {
  /** URL of the deployed site's root, where `api/public/` lives; a bad one is a usage error (exit 2). */
  baseUrl: string;
  /** Seconds a tool call may wait for the site's documents; past it, the call is a tool error naming the URL. @default 30 */
  timeout?: number;
}

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The MCP server of the site at `baseUrl`: its tools and `llms.txt` as a resource, not yet
 * connected to a transport.
 */
export function createMcpServer(options: McpOptions): McpServer {
  const baseUrl = resolveBaseUrl(options.baseUrl);
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_SECONDS;
  if (!(timeout > 0)) throw new UserError(`--timeout must be a number of seconds above 0 (got ${options.timeout})`, 2);
  const client = createClient({ baseUrl, fetch: siteFetch(timeout) });
  const server = new McpServer(
    { name: 'dataset-site', version },
    {
      instructions:
        `Trade-show exhibitions, exhibitors and service providers published at ${baseUrl}. ` +
        'describe_schema says what each field means; list_facet_values gives the valid industry, country and city values; search_dataset queries; get_entity reads one entity by id.',
    },
  );
  registerTools(server, client, { baseUrl, timeout });
  const llmsTxt = staticUrl(baseUrl, LLMS_TXT_PATH);
  server.registerResource('llms.txt', llmsTxt, { title: 'llms.txt', description: 'What the data is, with ready queries, in one page (the llms.txt convention).', mimeType: 'text/plain' }, () =>
    withDeadline(timeout, async () => {
      const answer = await client.request(`/${LLMS_TXT_PATH}`);
      if (answer.status !== 200) throw new Error(`${llmsTxt} answered ${answer.status}; the site was built before llms.txt, rebuild it`);
      return { contents: [{ uri: llmsTxt, mimeType: LLMS_TXT_CONTENT_TYPE, text: boundedText(answer.body, () => `read ${llmsTxt} itself`) }] };
    }),
  );
  return server;
}

/**
 * Runs {@link createMcpServer} over stdin and stdout until stdin ends.
 *
 * ### Usage:
 * ```ts
 * await serveMcp({ baseUrl: 'https://data.example.com' });
 * ```
 */
export async function serveMcp(options: McpOptions): Promise<void> {
  await createMcpServer(options).connect(new StdioServerTransport());
}
