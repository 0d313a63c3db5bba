/**
 * `dataset-site mcp`: an MCP server for agents, over stdio, answering from any deployed site
 * through the client SDK (one semantics: the router's). stdout carries the protocol only.
 * What it takes from the site is bounded (site-fetch.ts: size, deadline, JSON), and so is
 * what it answers (answers.ts).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createClient } from '../../client/index.js';
import { resolveBaseUrl, UserError, PACKAGE_VERSION } from '../../shared/index.js';
import { clippingEchoes, datasetMcpServer } from '../index.js';
import { DEFAULT_TIMEOUT_SECONDS, siteFetch, withReadDeadline } from './site-fetch.js';

/** Options of {@link createMcpServer}. */
export interface McpOptions {
  /** URL of the deployed site's root, where `api/public/` lives; a bad one is a usage error (exit 2). */
  baseUrl: string;
  /** Seconds a tool call may wait for the site's documents; past it, the call is a tool error naming the URL. @default 30 */
  timeout?: number;
}

/**
 * The MCP server of the site at `baseUrl`, read over HTTP within each call's deadline: its
 * tools and `llms.txt` as a resource (dataset-server.ts), not yet connected to a transport.
 */
export function createMcpServer(options: McpOptions): McpServer {
  const baseUrl = resolveBaseUrl(options.baseUrl);
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_SECONDS;
  if (!(timeout > 0)) throw new UserError(`--timeout must be a number of seconds above 0 (got ${options.timeout})`, 2);
  // Each read ends at the call's deadline (siteFetch), which names --timeout: the client's own limit is a second later.
  const client = createClient({ baseUrl, fetch: siteFetch(baseUrl, timeout), timeoutMs: timeout * 1000 + 1000 });
  return datasetMcpServer(client, {
    baseUrl,
    version: PACKAGE_VERSION,
    within: (work) => withReadDeadline(timeout, work),
  });
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
  await createMcpServer(options).connect(clippingEchoes(new StdioServerTransport()));
}
