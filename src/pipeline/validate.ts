/**
 * Stage 2, validate: run every raw record through its kind's zod schema, then check ids
 * are unique and exhibition links exist. Every problem becomes a diagnostic; nothing stops
 * at the first one.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics.js';
import type { Kind } from '../query/semantics/kinds.js';
import { SOURCE_FIELDS, SOURCE_SCHEMAS, type SourceRecord } from '../schema/entities.js';
import { NON_HTTP_URL } from '../schema/fields.js';
import type { RawRecord } from './raw-record.js';

/** Valid records of each kind, in source order. */
export type ValidRecords = { [K in Kind]: SourceRecord<K>[] };

/** What the validate stage produces: the valid records and every problem found. */
export interface ValidationResult {
  records: ValidRecords;
  diagnostics: Diagnostic[];
  /** Records left out because they were invalid. */
  rejected: number;
}

/** Validates raw records; invalid records are left out of `records` and reported. */
export function validateRecords(raw: readonly RawRecord[]): ValidationResult {
  const result: ValidationResult = { records: { exhibition: [], exhibitor: [], service_provider: [] }, diagnostics: [], rejected: 0 };
  const warnedFields = new Set<string>();
  const firstSeen = new Map<string, RawRecord>();
  for (const record of raw) {
    const where = { file: record.file, line: record.line, kind: record.kind };
    if (typeof record.value !== 'object' || record.value === null || Array.isArray(record.value)) {
      result.diagnostics.push({ code: 'invalid_field', severity: 'error', ...where, message: 'a record must be a JSON object' });
      result.rejected++;
      continue;
    }
    const value = record.value as Record<string, unknown>;
    const id = describeId(value.id);
    warnUnknownFields(record, value, id, warnedFields, result.diagnostics);
    const parsed = (SOURCE_SCHEMAS[record.kind] as z.ZodType).safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const code = issue.message.startsWith(NON_HTTP_URL) ? 'non_http_url' : 'invalid_field';
        const column = record.columns?.[String(issue.path[0])];
        result.diagnostics.push({ code, severity: 'error', ...where, ...(column === undefined ? {} : { column }), id, field: issue.path.join('.') || undefined, message: issue.message });
      }
      result.rejected++;
      continue;
    }
    const valid = parsed.data as SourceRecord<Kind>;
    const key = `${record.kind}\u0000${valid.id}`;
    const first = firstSeen.get(key);
    if (first) {
      result.diagnostics.push({ code: 'duplicate_id', severity: 'error', ...where, id: valid.id, field: 'id', message: `duplicate id; first defined at ${first.file}:${first.line}` });
      result.rejected++;
      continue;
    }
    firstSeen.set(key, record);
    (result.records[record.kind] as SourceRecord<Kind>[]).push(valid);
  }
  dropUnknownExhibitionLinks(result, firstSeen);
  return result;
}

function dropUnknownExhibitionLinks(result: ValidationResult, firstSeen: Map<string, RawRecord>): void {
  const exhibitionIds = new Set(result.records.exhibition.map((exhibition) => exhibition.id));
  for (const exhibitor of result.records.exhibitor) {
    const unknown = exhibitor.exhibition_ids.filter((id) => !exhibitionIds.has(id));
    if (unknown.length === 0) continue;
    const origin = firstSeen.get(`exhibitor\u0000${exhibitor.id}`)!;
    for (const id of unknown) {
      result.diagnostics.push({
        code: 'unknown_exhibition',
        severity: 'warning',
        file: origin.file,
        line: origin.line,
        kind: 'exhibitor',
        id: exhibitor.id,
        field: 'exhibition_ids',
        message: `no exhibition has id ${JSON.stringify(id)}; link dropped`,
      });
    }
    exhibitor.exhibition_ids = exhibitor.exhibition_ids.filter((id) => exhibitionIds.has(id));
  }
}

function warnUnknownFields(record: RawRecord, value: Record<string, unknown>, id: string | undefined, warned: Set<string>, diagnostics: Diagnostic[]): void {
  const known = SOURCE_FIELDS[record.kind];
  for (const field of Object.keys(value)) {
    const key = `${record.kind}\u0000${field}`;
    if (known.includes(field) || warned.has(key)) continue;
    warned.add(key);
    diagnostics.push({ code: 'unknown_field', severity: 'warning', file: record.file, line: record.line, kind: record.kind, id, field, message: 'unknown field, dropped (warned once per field and kind)' });
  }
}

function describeId(id: unknown): string | undefined {
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  if (typeof id === 'number' && Number.isSafeInteger(id)) return String(id); // a larger one is already rounded
  return undefined;
}
