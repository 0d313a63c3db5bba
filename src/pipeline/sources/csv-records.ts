/**
 * Records from CSV and TSV exports (docs/api.md#sources), parsed with csv-parse: the first
 * row names the fields; each cell becomes the field's source form by the type the data
 * dictionary gives it (a list splits like a tag string, a number or a boolean is read as
 * one, an empty cell is absent), so validation and its messages are those of JSON
 * records. Each record keeps its line and the column of each field, for the messages. A
 * file whose header is wrong (csv-header.ts) gives no records, only what is wrong with it.
 */
import { CsvError, parse } from 'csv-parse/sync';
import type { Diagnostic } from '../../shared/index.js';
import type { Kind } from '../../query/semantics/index.js';
import { buildDictionary, SOURCE_FIELDS, TAG_SEPARATORS } from '../../schema/index.js';
import { headerProblems, wrongDelimiter, type Delimiter } from './csv-header.js';
import type { RawRecord } from './raw-record.js';

const TRUE = /^(?:true|yes|1)$/i;
const FALSE = /^(?:false|no|0)$/i;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** Reads the records of one CSV (`,`) or TSV (tab, no quoting) file of `kind` into `records`; a malformed file is one diagnostic. */
export function readDelimitedFile(
  text: string,
  file: string,
  kind: Kind,
  delimiter: Delimiter,
  records: RawRecord[],
  diagnostics: Diagnostic[],
): void {
  // Before parsing: a file separated by another delimiter may fail to parse with a message that says nothing of it.
  const blank = /^(?:\r\n|\n|\r)*/.exec(text)![0];
  const wrong = wrongDelimiter(/^[^\r\n]*/.exec(text.slice(blank.length))![0], delimiter);
  if (wrong !== undefined) {
    diagnostics.push({
      code: 'unparseable',
      severity: 'error',
      file,
      line: 1 + (blank.match(/\r\n|\n|\r/g)?.length ?? 0),
      message: wrong,
    });
    return;
  }
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each row comes with where it ended; the types of csv-parse do not follow the option.
    rows = parse(text, {
      delimiter,
      quote: delimiter === ',' ? '"' : false,
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
    }) as unknown as typeof rows;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const { lines, column } = error as CsvError & { lines?: number; column?: number };
    const where = typeof column === 'number' ? { line: lines, column: column + 1 } : { line: lines };
    diagnostics.push({
      code: 'unparseable',
      severity: 'error',
      file,
      ...where,
      message: `not valid ${delimiter === ',' ? 'CSV' : 'TSV'}: ${error.message.replace(/ at line \d+.*$| on line \d+.*$/, '')}`,
    });
    return;
  }
  const [header, ...body] = rows;
  if (header === undefined) {
    diagnostics.push({
      code: 'unparseable',
      severity: 'error',
      file,
      line: 1,
      message: 'the file is empty; expected a header row naming the fields, then one record a row',
    });
    return;
  }
  const fields = header.record.map((name) => name.trim());
  const problems = headerProblems(fields, SOURCE_FIELDS[kind], file, firstLine(header));
  if (problems.length > 0) {
    diagnostics.push(...problems);
    return;
  }
  const columns: Record<string, number> = Object.fromEntries(fields.map((field, i) => [field, i + 1]));
  const types = buildDictionary()[kind];
  for (const { record, info } of body) {
    const value: Record<string, unknown> = {};
    record.forEach((cell, i) => {
      const field = fields[i]!;
      if (cell.trim() !== '' && field !== '') value[field] = sourceForm(cell, types[field]?.type);
    });
    records.push({ kind, file, line: firstLine({ record, info }), value, columns });
  }
}

// info.lines is the line a row ends on; a quoted cell may span lines, and csv-parse counts
// each \r and each \n inside one as a line (a \r\n between rows as one).
function firstLine({ record, info }: { record: string[]; info: { lines: number } }): number {
  return info.lines - record.reduce((count, cell) => count + (cell.match(/[\r\n]/g)?.length ?? 0), 0);
}

function sourceForm(cell: string, type: string | undefined): unknown {
  const text = cell.trim();
  if (type === 'array')
    return text
      .split(TAG_SEPARATORS)
      .map((item) => item.trim())
      .filter((item) => item !== '');
  if (type === 'number' && NUMBER.test(text)) return Number(text);
  if (type === 'boolean' && (TRUE.test(text) || FALSE.test(text))) return TRUE.test(text);
  return text;
}
