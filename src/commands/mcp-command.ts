/** `dataset-site mcp`: agents answered over MCP on stdin/stdout from a deployed site. */
import type { Command } from 'commander';
import { redactUrl } from '../shared/index.js';
import { parseNumber } from './flags.js';

/** Adds `mcp` to `program`. */
export function addMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description(
      'answer agents over MCP on stdin/stdout (tools: search_dataset, get_entity, list_facet_values, describe_schema) from the site deployed at --base-url',
    )
    .requiredOption('--base-url <url>', 'URL of the deployed site, where api/public/ lives (https://data.example.com)')
    .option(
      '--timeout <seconds>',
      'seconds a tool call may wait for the site before it answers an error naming the URL',
      '30',
    )
    .action(async (options: { baseUrl: string; timeout: string }) => {
      const { serveMcp } = await import('../mcp/stdio/index.js');
      await serveMcp({ baseUrl: options.baseUrl, timeout: parseNumber(options.timeout) });
      // stdout carries the protocol only: anything else goes to stderr.
      console.error(`dataset-site mcp: answering from ${redactUrl(options.baseUrl)} on stdin/stdout`);
    });
}
