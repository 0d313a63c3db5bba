/**
 * Stage 3, model: turn valid source records into the dataset's entities, one shape for
 * every kind: the source fields, with an exhibition's `status` derived from its dates.
 * `_links` and `_rag_text` are added when an entity is serialized (served-entity.ts). A
 * record the record cache took from the previous build holds the status derived then:
 * when today's differs, its entity is made anew.
 */
import type { EntitiesByKind, Entity, ExhibitionStatus } from '../../query/semantics/index.js';
import type { SourceRecord } from '../../schema/index.js';
import { noOrigins, type RecordOrigins } from '../cache/index.js';
import type { ValidRecords } from './validate.js';

/** Builds the entities of every kind. `today` is the build date, `YYYY-MM-DD` (UTC). */
export function modelEntities(
  records: ValidRecords,
  today: string,
  origins: RecordOrigins = noOrigins(),
): EntitiesByKind {
  return {
    exhibition: records.exhibition.map((record): Entity => {
      const status = exhibitionStatus(record, today);
      if (status === record.status) return record;
      const origin = origins.exhibition.get(record.id);
      if (origin !== undefined) origin.previous = undefined;
      return { ...record, status };
    }),
    exhibitor: records.exhibitor,
    service_provider: records.service_provider,
  };
}

/** `cancelled`/`postponed` from the source; otherwise from the dates against `today`. */
export function exhibitionStatus(record: SourceRecord<'exhibition'>, today: string): ExhibitionStatus {
  if (record.status === 'cancelled' || record.status === 'postponed') return record.status;
  if (today < record.start_date) return 'upcoming';
  if (today > record.end_date) return 'ended';
  return 'ongoing';
}
