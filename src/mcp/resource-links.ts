/**
 * The `resource_link` items of a tool's answer: one per entity it holds, the URL of the
 * entity's JSON document on the site the server reads, which a client may fetch over HTTP
 * or read with `resources/read` (entity-resources.ts). Where the server reads the site at
 * its published address (always over `POST /mcp`), that is the entity's `_links.self`.
 */
import type { ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import { entityPath, staticUrl } from '../query/formats/index.js';
import type { Kind } from '../query/semantics/index.js';

/** The link to the document of the entity of `kind` and `id` on the site at `baseUrl`. */
export function entityLink(kind: Kind, id: string, baseUrl: string): ResourceLink {
  return {
    type: 'resource_link',
    uri: staticUrl(baseUrl, entityPath(kind, id)),
    name: `${kind} ${id}`,
    mimeType: 'application/json',
  };
}
