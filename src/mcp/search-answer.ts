/**
 * The answer of search_dataset made from the API's: the data dictionary (`_meta.entities`,
 * most of a small answer) left out, as describe_schema gives it once; and a link to each
 * entity's document.
 */
import type { ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import type { DatasetMeta, DatasetResponse } from '../query/responses/index.js';
import { type Entity, COLLECTIONS, KINDS, type Collection } from '../query/semantics/index.js';
import { entityLink } from './resource-links.js';

/** A search answer as the tool gives it: the API's without the dictionary. */
export type SearchAnswer = Omit<DatasetResponse, '_meta'> & { _meta: Omit<DatasetMeta, 'entities'> };

/**
 * `response` (its entities cut to `fields` by the API already) without its dictionary, with
 * the links to the entities' documents on the site at `baseUrl`.
 */
export function searchAnswer(
  response: DatasetResponse,
  baseUrl: string,
): { answer: SearchAnswer; links: ResourceLink[] } {
  const { entities: _dictionary, ...meta } = response._meta;
  const arrays: Partial<Record<Collection, Entity[]>> = {};
  const links: ResourceLink[] = [];
  for (const kind of KINDS) {
    const listed = response[COLLECTIONS[kind]];
    if (listed === undefined) continue;
    links.push(...listed.map((entity) => entityLink(kind, entity.id, baseUrl)));
    arrays[COLLECTIONS[kind]] = listed;
  }
  return { answer: { ...arrays, _meta: meta }, links };
}
