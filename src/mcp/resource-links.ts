/**
 * The `resource_link` items of a tool's answer: one per entity it holds, the absolute URL
 * of the entity's JSON document, which a client may fetch or show without parsing the answer.
 */
import type { ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import { entityPath } from '../query/formats/paths.js';
import { staticUrl } from '../query/formats/urls.js';
import type { Entity } from '../query/semantics/entity.js';
import type { Kind } from '../query/semantics/kinds.js';

/** The link to the document of `entity` of `kind`: its `_links.self`, or its static URL under `baseUrl`. */
export function entityLink(kind: Kind, entity: Entity, baseUrl: string): ResourceLink {
  const self = (entity._links as { self?: unknown } | undefined)?.self;
  const uri = typeof self === 'string' ? self : staticUrl(baseUrl, entityPath(kind, entity.id));
  return { type: 'resource_link', uri, name: `${kind} ${entity.id}`, mimeType: 'application/json' };
}
