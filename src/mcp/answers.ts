/**
 * The answers of the tools, bounded: an MCP client refuses a message over 10 MiB (the
 * official SDK's limit over stdio) and the session ends with it, so an answer over
 * {@link MAX_ANSWER_BYTES} is a tool error saying how to ask for less.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Largest answer of a tool, in bytes of its text as the message carries it (JSON-escaped): 4 MiB, well under the clients' 10 MiB. */
export const MAX_ANSWER_BYTES = 4 * 2 ** 20;

/** `text`, checked to be at most {@link MAX_ANSWER_BYTES}; else an error whose message ends with `advice(bytes)`. */
export function boundedText(text: string, advice: (bytes: number) => string): string {
  // TextEncoder, not Buffer: the tools also run in the Worker, which has no Node.
  const bytes = new TextEncoder().encode(JSON.stringify(text)).length;
  if (bytes > MAX_ANSWER_BYTES) {
    const limit = `${MAX_ANSWER_BYTES} (${MAX_ANSWER_BYTES / 2 ** 20} MiB) an answer of this MCP server may be, as MCP clients refuse a message over 10 MiB`;
    throw new Error(`the answer is ${bytes} bytes, more than the ${limit}; ${advice(bytes)}`);
  }
  return text;
}

/** A tool's answer of `text`, bounded by {@link boundedText}. */
export function textResult(text: string, advice: (bytes: number) => string): CallToolResult {
  return { content: [{ type: 'text', text: boundedText(text, advice) }] };
}

/** {@link textResult} of `value` as JSON. */
export function jsonResult(value: unknown, advice: (bytes: number) => string): CallToolResult {
  return textResult(JSON.stringify(value), advice);
}
