/**
 * The CSV answer of the query form (docs/api.md#csv), `format=csv`: the entities of a JSON
 * answer of one kind as RFC 4180 text, a header row then one row per entity.
 *
 * - Columns: `id`, then the fields `fields` names, or without it every field of the kind but
 *   `_links`, `_rag_text` and `_version`, in the data dictionary's order (the order of the JSON entities).
 * - Cells: a string as it is; a number, a boolean as JSON writes them; `null` or absent empty;
 *   an array its items joined by `|`, or its JSON when an item holds `|` or is not a string,
 *   number or boolean; an object its JSON.
 * - A cell from text starting with `=`, `+`, `-`, `@`, tab or CR begins with `'`, so that a
 *   spreadsheet opening the file shows it and runs no formula (OWASP's CSV injection advice).
 * - A cell holding `,`, `"`, CR or LF is quoted, its `"` doubled; every row ends with CRLF.
 */
import { COLLECTIONS, type DatasetQuery, type Entity, type Kind } from '../semantics/index.js';
import type { DatasetResponse } from './dataset-response.js';

/** The `Content-Type` of a CSV answer. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** Fields a CSV leaves out when `fields` does not name them: the links (`id` names the document), `_rag_text` (the other fields again) and `_version`. */
const LEFT_OUT = ['_links', '_rag_text', '_version'];

/**
 * The CSV text of the JSON answer `response` to `query` (of one kind, as parsing makes sure for
 * `format=csv`), whose entities are objects or (in the router) the JSON texts of their
 * documents; its columns are those the data dictionary `dictionary` of the site and `query.fields` give.
 */
export function datasetCsv(
  response: DatasetResponse<Entity | string>,
  query: DatasetQuery,
  dictionary: Record<Kind, unknown>,
): string {
  const kind = query.type;
  if (kind === 'all') throw new Error('a CSV answers one kind: parseDatasetQuery refuses format=csv with type=all');
  const columns = csvColumns(dictionary, kind, query.fields);
  const rows = (response[COLLECTIONS[kind]] ?? []).map((listed) => {
    const entity = typeof listed === 'string' ? (JSON.parse(listed) as Entity) : listed;
    return columns.map((column) => entity[column]);
  });
  return [columns, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

// The columns of a CSV of `kind`: `id` and the fields `fields` names, or every field but LEFT_OUT, in the dictionary's order.
function csvColumns(dictionary: Record<Kind, unknown>, kind: Kind, fields: readonly string[] | undefined): string[] {
  return Object.keys(dictionary[kind] as object).filter((name) =>
    name === 'id' ? true : fields === undefined ? !LEFT_OUT.includes(name) : fields.includes(name),
  );
}

// One cell of a CSV: a value written as text, guarded against formulas, quoted when it must be.
function csvCell(value: unknown): string {
  const text = cellText(value);
  const guarded = typeof value === 'number' || typeof value === 'boolean' ? text : guardFormula(text);
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

// A value as the text of a cell, before guarding and quoting.
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every(isJoinable)) return value.join('|');
  return JSON.stringify(value);
}

// An array item written plainly between `|`: one that cannot be taken for two.
function isJoinable(item: unknown): boolean {
  return (typeof item === 'string' && !item.includes('|')) || typeof item === 'number' || typeof item === 'boolean';
}

// Text a spreadsheet would run as a formula begins with `'`.
function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
