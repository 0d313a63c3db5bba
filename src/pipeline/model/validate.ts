/**
 * Stage 2, validate: run every raw record through its kind's zod schema, then check ids
 * are unique and exhibition links exist. Before its schema, each text a record's fields hold
 * is checked for length and control characters (schema/source-text.ts), whatever the
 * source's format. Every problem becomes a diagnostic; nothing stops
 * at the first one. A record the previous build's record cache holds is taken as that
 * build served it, without its schema: it had no problem then and has the same text.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../../shared/index.js';
import type { Kind } from '../../query/semantics/index.js';
import { SOURCE_FIELDS, SOURCE_SCHEMAS, type SourceRecord, NON_HTTP_URL, textProblems } from '../../schema/index.js';
import type { RawRecord } from '../sources/index.js';
import {
  noOrigins,
  previousFields,
  type PreviousRecords,
  type RecordOrigin,
  type RecordOrigins,
} from '../cache/index.js';

/** Valid records of each kind, in source order. */
export type ValidRecords = { [K in Kind]: SourceRecord<K>[] };

/** What the validate stage produces: the valid records and every problem found. */
export interface ValidationResult {
  records: ValidRecords;
  diagnostics: Diagnostic[];
  /** Records left out because they were invalid. */
  rejected: number;
  /** The origin of each valid record, by kind and id (record-cache.ts). */
  origins: RecordOrigins;
}

/**
 * Validates raw records; invalid records are left out of `records` and reported. A record
 * with a rank in the `previous` build's dump is read from there.
 */
export function validateRecords(raw: readonly RawRecord[], previous: PreviousRecords = {}): ValidationResult {
  const result: ValidationResult = {
    records: { exhibition: [], exhibitor: [], service_provider: [] },
    diagnostics: [],
    rejected: 0,
    origins: noOrigins(),
  };
  const warnedFields = new Set<string>();
  const firstSeen = new Map<string, RawRecord>();
  for (const record of raw) {
    if (record.previous !== undefined) {
      const fields = previousFields(previous[record.kind]!, record.previous);
      if (fields !== undefined) {
        keepUnique(
          record,
          fields as SourceRecord<Kind>,
          { key: record.key, previous: record.previous },
          firstSeen,
          result,
        );
        continue;
      }
      record.value = JSON.parse(record.text!); // it parsed in the previous build
    }
    const where = { file: record.file, line: record.line, kind: record.kind };
    if (typeof record.value !== 'object' || record.value === null || Array.isArray(record.value)) {
      result.diagnostics.push({
        code: 'invalid_field',
        severity: 'error',
        ...where,
        message: 'a record must be a JSON object',
      });
      result.rejected++;
      continue;
    }
    const value = record.value as Record<string, unknown>;
    const texts = SOURCE_FIELDS[record.kind].flatMap((field) =>
      textProblems(value[field]).map((problem) => ({ field, ...problem })),
    );
    const badFields = new Set(texts.map((problem) => problem.field));
    // An id with a bad text is not printed as the record's id: its field's message says what is wrong.
    const id = badFields.has('id') ? undefined : describeId(value.id);
    const unknownFields = warnUnknownFields(record, value, id, warnedFields, result.diagnostics);
    for (const { field, path, message } of texts) {
      result.diagnostics.push({
        code: 'invalid_field',
        severity: 'error',
        ...where,
        ...columnOf(record, field),
        id,
        field: [field, ...path].join('.'),
        message,
      });
    }
    const parsed = (SOURCE_SCHEMAS[record.kind] as z.ZodType).safeParse(value);
    if (!parsed.success || texts.length > 0) {
      // A field whose text was refused has said so once.
      for (const issue of parsed.error?.issues.filter((issue) => !badFields.has(String(issue.path[0]))) ?? []) {
        const code = issue.message.startsWith(NON_HTTP_URL) ? 'non_http_url' : 'invalid_field';
        result.diagnostics.push({
          code,
          severity: 'error',
          ...where,
          ...columnOf(record, String(issue.path[0])),
          id,
          field: issue.path.join('.') || undefined,
          message: issue.message,
        });
      }
      result.rejected++;
      continue;
    }
    // A record that had a warning is never cached, so that every build gives the warning again.
    keepUnique(
      record,
      parsed.data as SourceRecord<Kind>,
      { key: unknownFields ? undefined : record.key, previous: undefined },
      firstSeen,
      result,
    );
  }
  dropUnknownExhibitionLinks(result, firstSeen);
  return result;
}

// Keeps a valid record unless another of its kind has its id.
function keepUnique(
  record: RawRecord,
  valid: SourceRecord<Kind>,
  origin: RecordOrigin,
  firstSeen: Map<string, RawRecord>,
  result: ValidationResult,
): void {
  const key = `${record.kind}\u0000${valid.id}`;
  const first = firstSeen.get(key);
  if (first) {
    const message = `duplicate id; first defined at ${first.file}:${first.line}`;
    result.diagnostics.push({
      code: 'duplicate_id',
      severity: 'error',
      file: record.file,
      line: record.line,
      kind: record.kind,
      id: valid.id,
      field: 'id',
      message,
    });
    result.rejected++;
    return;
  }
  firstSeen.set(key, record);
  (result.records[record.kind] as SourceRecord<Kind>[]).push(valid);
  result.origins[record.kind].set(valid.id, origin);
}

// Drops an exhibitor's links to exhibitions that do not exist, with a warning. An exhibitor
// linked to an exhibition not as the previous build served it is made anew: its `_rag_text`
// holds the names of its exhibitions.
function dropUnknownExhibitionLinks(result: ValidationResult, firstSeen: Map<string, RawRecord>): void {
  const exhibitionIds = new Set<string>();
  const changedExhibitions = new Set<string>();
  for (const exhibition of result.records.exhibition) {
    exhibitionIds.add(exhibition.id);
    if (result.origins.exhibition.get(exhibition.id)!.previous === undefined) changedExhibitions.add(exhibition.id);
  }
  for (const exhibitor of result.records.exhibitor) {
    const origin = result.origins.exhibitor.get(exhibitor.id)!;
    if (origin.previous !== undefined && exhibitor.exhibition_ids.some((id) => changedExhibitions.has(id)))
      origin.previous = undefined;
    const unknown = exhibitor.exhibition_ids.filter((id) => !exhibitionIds.has(id));
    if (unknown.length === 0) continue;
    Object.assign(origin, { key: undefined, previous: undefined });
    const source = firstSeen.get(`exhibitor\u0000${exhibitor.id}`)!;
    for (const id of unknown) {
      result.diagnostics.push({
        code: 'unknown_exhibition',
        severity: 'warning',
        file: source.file,
        line: source.line,
        kind: 'exhibitor',
        id: exhibitor.id,
        field: 'exhibition_ids',
        message: `no exhibition has id ${JSON.stringify(id)}; link dropped`,
      });
    }
    exhibitor.exhibition_ids = exhibitor.exhibition_ids.filter((id) => exhibitionIds.has(id));
  }
}

// Whether the record has fields of no schema; each is warned of once per kind.
function warnUnknownFields(
  record: RawRecord,
  value: Record<string, unknown>,
  id: string | undefined,
  warned: Set<string>,
  diagnostics: Diagnostic[],
): boolean {
  const known = SOURCE_FIELDS[record.kind];
  let found = false;
  for (const field of Object.keys(value)) {
    if (known.includes(field)) continue;
    found = true;
    const key = `${record.kind}\u0000${field}`;
    if (warned.has(key)) continue;
    warned.add(key);
    diagnostics.push({
      code: 'unknown_field',
      severity: 'warning',
      file: record.file,
      line: record.line,
      kind: record.kind,
      id,
      field,
      message: 'unknown field, dropped (warned once per field and kind)',
    });
  }
  return found;
}

// In a CSV or TSV record, the field's column.
function columnOf(record: RawRecord, field: string): { column?: number } {
  const column = record.columns?.[field];
  return column === undefined ? {} : { column };
}

function describeId(id: unknown): string | undefined {
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  if (typeof id === 'number' && Number.isSafeInteger(id)) return String(id); // a larger one is already rounded
  return undefined;
}
