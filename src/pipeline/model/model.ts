/**
 * Stage 3, model: turn valid source records into entities as served: derived `status`,
 * absolute `_links` and `_rag_text`, keys in the served order. A record whose entity the
 * previous build served as this one would (record-cache.ts) stays as it is: its source
 * fields are all the query semantics reads, and its bytes are the previous ones.
 */
import { entityPath, relationPath } from '../../query/formats/paths.js';
import { staticUrl } from '../../query/formats/urls.js';
import type { EntitiesByKind, Entity } from '../../query/semantics/entity.js';
import type { Kind } from '../../query/semantics/kinds.js';
import { SOURCE_FIELDS, type ExhibitionStatus, type SourceRecord } from '../../schema/entities.js';
import { names, ragText, type ExhibitionNames } from './rag-text.js';
import type { RecordOrigins } from '../cache/record-cache.js';
import type { ValidRecords } from './validate.js';

/**
 * Builds the served entities of every kind. `today` is the build date, `YYYY-MM-DD` (UTC).
 * The `origins` of the records become those of their entities; an entity with a
 * `previous` origin is its record, without `_links` and `_rag_text`, which its bytes hold.
 */
export function modelEntities(records: ValidRecords, baseUrl: string, today: string, origins: RecordOrigins = new Map()): EntitiesByKind {
  const url = (path: string) => staticUrl(baseUrl, path);
  const exhibitionUrls = new Map<string, string>(); // exhibitors link the same exhibitions many times
  const exhibitionUrl = (id: string) => {
    let link = exhibitionUrls.get(id);
    if (link === undefined) exhibitionUrls.set(id, (link = url(entityPath('exhibition', id))));
    return link;
  };
  const exhibitionNames = new Map(records.exhibition.map((record) => [record.id, names('exhibition', record)]));
  const namesOf: ExhibitionNames = (id) => exhibitionNames.get(id) ?? [];
  const toEntity = (kind: Kind, record: Record<string, unknown>, fields: Record<string, unknown>, links: () => Record<string, unknown>) => {
    const origin = origins.get(record);
    if (origin?.previous !== undefined) return record as Entity;
    const entity = entityOf(kind, fields, links(), namesOf);
    if (origin !== undefined) origins.set(entity, origin).delete(record);
    return entity;
  };
  return {
    exhibition: records.exhibition.map((record) => {
      const status = exhibitionStatus(record, today);
      // A cached exhibition holds the status derived then: the same today, or it is made anew.
      const origin = origins.get(record);
      if (origin !== undefined && status !== record.status) origin.previous = undefined;
      return toEntity('exhibition', record, { ...record, status }, () => ({
        self: url(entityPath('exhibition', record.id)),
        exhibitors: url(relationPath(record, 'exhibitors', 1)),
        providers: url(relationPath(record, 'providers', 1)),
      }));
    }),
    exhibitor: records.exhibitor.map((record) =>
      toEntity('exhibitor', record, record, () => ({
        self: url(entityPath('exhibitor', record.id)),
        exhibitions: record.exhibition_ids.map(exhibitionUrl),
      })),
    ),
    service_provider: records.service_provider.map((record) =>
      toEntity('service_provider', record, record, () => ({ self: url(entityPath('service_provider', record.id)) })),
    ),
  };
}

/** `cancelled`/`postponed` from the source; otherwise from the dates against `today`. */
export function exhibitionStatus(record: SourceRecord<'exhibition'>, today: string): ExhibitionStatus {
  if (record.status === 'cancelled' || record.status === 'postponed') return record.status;
  if (today < record.start_date) return 'upcoming';
  if (today > record.end_date) return 'ended';
  return 'ongoing';
}

function entityOf(kind: Kind, record: Record<string, unknown>, links: Record<string, unknown>, exhibitionNames: ExhibitionNames): Entity {
  const entity: Record<string, unknown> = {};
  for (const field of SOURCE_FIELDS[kind]) entity[field] = record[field];
  entity._links = links;
  entity._rag_text = ragText(kind, entity, exhibitionNames);
  return entity as Entity;
}
