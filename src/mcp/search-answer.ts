/**
 * The answer of search_dataset made from the API's: the data dictionary (`_meta.entities`,
 * most of a small answer) left out, as describe_schema gives it once; each entity cut to
 * the fields asked for; and a link to each entity's document.
 */
import type { ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import type { DatasetMeta, DatasetResponse } from '../query/responses/index.js';
import { type Entity, COLLECTIONS, KINDS, type Collection } from '../query/semantics/index.js';
import { entityLink } from './resource-links.js';

/** Members of an entity that are no field of the dictionary, which `fields` may name too. */
const SERVED_MEMBERS = ['_links', '_rag_text'];

/** A search answer as the tool gives it: the API's without the dictionary. */
export type SearchAnswer = Omit<DatasetResponse, '_meta'> & { _meta: Omit<DatasetMeta, 'entities'> };

/**
 * `response` without its dictionary, each entity cut to `fields` and `id` when `fields` is
 * given, with the links to the entities' documents on the site at `baseUrl`. A name that is
 * no field of the kinds answered throws, listing the valid ones.
 */
export function searchAnswer(
  response: DatasetResponse,
  fields: readonly string[] | undefined,
  baseUrl: string,
): { answer: SearchAnswer; links: ResourceLink[] } {
  const { entities: dictionary, ...meta } = response._meta;
  const keep = fields === undefined ? undefined : keptFields(dictionary, fields);
  const arrays: Partial<Record<Collection, Entity[]>> = {};
  const links: ResourceLink[] = [];
  for (const kind of KINDS) {
    const listed = response[COLLECTIONS[kind]];
    if (listed === undefined) continue;
    links.push(...listed.map((entity) => entityLink(kind, entity.id, baseUrl)));
    arrays[COLLECTIONS[kind]] = keep === undefined ? listed : listed.map((entity) => picked(entity, keep));
  }
  return { answer: { ...arrays, _meta: meta }, links };
}

// The names of `fields` and `id`, each checked to be a field of a kind the dictionary describes.
function keptFields(dictionary: DatasetMeta['entities'], fields: readonly string[]): Set<string> {
  const valid = new Set([
    ...Object.values(dictionary).flatMap((fieldsOfKind) => Object.keys(fieldsOfKind as object)),
    ...SERVED_MEMBERS,
  ]);
  const unknown = fields.filter((field) => !valid.has(field));
  if (unknown.length > 0) {
    const names = unknown.map((field) => JSON.stringify(field)).join(', ');
    throw new Error(
      `fields: ${names} ${unknown.length === 1 ? 'is no field' : 'are no fields'} of the kinds asked; the fields are ${[...valid].join(', ')}`,
    );
  }
  return new Set(['id', ...fields]);
}

function picked(entity: Entity, keep: ReadonlySet<string>): Entity {
  return Object.fromEntries(Object.entries(entity).filter(([name]) => keep.has(name))) as Entity;
}
