/**
 * Calling the MCP tools as an agent's client does, and holding each answer to what the
 * tools promise: on success, a text that is the JSON of its `structuredContent`, which is
 * valid against the tool's listed `outputSchema`, then `resource_link` items.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, ResourceLink, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { expect } from 'vitest';
import type { DatasetResponse } from '../../src/client/index.js';

/** A tool's answer, checked: its structured content and its links. */
export interface ToolAnswer<T> {
  result: CallToolResult;
  value: T;
  links: ResourceLink[];
}

/** Calls of the tools `mcp` lists: `answer` checks a success, `refusal` gives an error's text. */
export async function toolCaller(mcp: Client) {
  // Listing the tools also makes the SDK client check each structuredContent against its outputSchema.
  const { tools } = await mcp.listTools();
  const validators = new Map(
    tools.map((tool: Tool) => [tool.name, new AjvJsonSchemaValidator().getValidator(tool.outputSchema ?? {})]),
  );
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await mcp.callTool({ name, arguments: args })) as CallToolResult;
  return {
    tools,
    call,
    async answer<T>(name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer<T>> {
      const result = await call(name, args);
      const [text, ...links] = result.content;
      if (text?.type !== 'text') throw new Error(`expected a text first, got ${JSON.stringify(result.content)}`);
      expect(result.isError, text.text).toBeFalsy();
      expect(JSON.parse(text.text)).toEqual(result.structuredContent);
      const validity = validators.get(name)!(result.structuredContent);
      expect(validity, `${name}: ${validity.errorMessage}`).toMatchObject({ valid: true });
      for (const link of links) expect(link.type).toBe('resource_link');
      return { result, value: result.structuredContent as T, links: links as ResourceLink[] };
    },
    async refusal(name: string, args: Record<string, unknown> = {}): Promise<string> {
      const result = await call(name, args);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      const [text] = result.content;
      if (text?.type !== 'text') throw new Error(`expected a text, got ${JSON.stringify(result.content)}`);
      return text.text;
    },
  };
}

/** What search_dataset answers for an API answer: the same without the data dictionary. */
export function withoutDictionary(response: DatasetResponse): unknown {
  const { entities: _dictionary, ...meta } = response._meta;
  return { ...response, _meta: meta };
}

/**
 * The URL of each entity's document in a dataset answer, in its order, on the site read at
 * `readAt` (its `_links.self` there): the links search_dataset gives.
 */
export function selfLinks(response: DatasetResponse, readAt: string): string[] {
  return [...(response.exhibitions ?? []), ...(response.exhibitors ?? []), ...(response.service_providers ?? [])].map(
    (entity) => (entity._links as { self: string }).self.replace(response._meta.base_url, readAt),
  );
}
