/**
 * An entity as served (docs/api.md#entities), made in this one place when it is serialized,
 * in the served layout (../served-layout.ts): its source fields in SOURCE_FIELDS order, then
 * `_links`, then `_rag_text`, then `_version`, the version of its body (query/search/body-version.ts). The build's dataset holds entities of source fields alone; the
 * record cache reads a previous entity's source fields back from its served bytes.
 */
import { entityPath, relationPath, staticUrl } from '../../query/formats/index.js';
import type { Entity, Kind } from '../../query/semantics/index.js';
import { SOURCE_FIELDS, type SourceRecord } from '../../schema/index.js';
import { VERSION_MEMBER } from '../../query/search/index.js';
import { names, ragText } from './rag-text.js';

/** An entity as served, its keys in the served order. */
export type ServedEntity = Entity & { _links: Record<string, unknown>; _rag_text: string; _version: string };

/** Makes the served form of an entity of a kind. */
export type ServeEntity = (kind: Kind, entity: Entity) => ServedEntity;

/**
 * The served form of the entities of a dataset whose exhibitions are `exhibitions`, at
 * `baseUrl`: absolute `_links` (an exhibitor's to its exhibitions), `_rag_text` (an
 * exhibitor's names its exhibitions) and the `version` of the build serializing it.
 */
export function entityServer(exhibitions: readonly Entity[], baseUrl: string, version: string): ServeEntity {
  const url = (path: string) => staticUrl(baseUrl, path);
  const exhibitionUrls = new Map<string, string>(); // exhibitors link the same exhibitions many times
  const exhibitionUrl = (id: string) => {
    let link = exhibitionUrls.get(id);
    if (link === undefined) exhibitionUrls.set(id, (link = url(entityPath('exhibition', id))));
    return link;
  };
  const exhibitionNames = new Map(exhibitions.map((exhibition) => [exhibition.id, names('exhibition', exhibition)]));
  const namesOf = (id: string) => exhibitionNames.get(id) ?? [];
  const links: Record<Kind, (entity: Entity) => Record<string, unknown>> = {
    exhibition: (entity) => {
      const exhibition = entity as unknown as SourceRecord<'exhibition'>;
      return {
        self: url(entityPath('exhibition', exhibition.id)),
        exhibitors: url(relationPath(exhibition, 'exhibitors', 1)),
        providers: url(relationPath(exhibition, 'providers', 1)),
      };
    },
    exhibitor: (entity) => ({
      self: url(entityPath('exhibitor', entity.id)),
      exhibitions: (entity.exhibition_ids as string[]).map(exhibitionUrl),
    }),
    service_provider: (entity) => ({ self: url(entityPath('service_provider', entity.id)) }),
  };
  return (kind, entity) => {
    const served: Record<string, unknown> = {};
    for (const field of SOURCE_FIELDS[kind]) served[field] = entity[field];
    served._links = links[kind](entity);
    served._rag_text = ragText(kind, served, namesOf);
    served[VERSION_MEMBER] = version;
    return served as ServedEntity;
  };
}
