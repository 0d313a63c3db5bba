/**
 * Stage 1, load: find the source files with fast-glob and read them into raw records,
 * each with the file and line it came from. Unreadable files become diagnostics.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../shared/index.js';
import { COLLECTIONS, KINDS, type Kind } from '../../query/semantics/index.js';
import { readDelimitedFile } from './csv-records.js';
import type { RawRecord } from './raw-record.js';
import { sourceKey, type PreviousRecords } from '../cache/index.js';
import { findSources } from './find-sources.js';
import { SOURCE_FORMATS } from '../index.js';
import { arrayElementLines, lineAt } from './json-lines.js';
import { decodeUtf8, lineOfByte } from './utf8.js';

/** What the load stage produces. */
export interface LoadedSources {
  files: string[];
  /** A few files of other formats found and not read. */
  skipped: string[];
  records: RawRecord[];
  diagnostics: Diagnostic[];
}

/**
 * Largest source file read, in bytes: its text must fit in one JavaScript string
 * (V8 allows about 2^29 characters). More data goes into more files.
 */
export const MAX_SOURCE_FILE_BYTES = 500 * 2 ** 20;
const KIND_OF_COLLECTION = new Map<string, Kind>(KINDS.map((kind) => [COLLECTIONS[kind], kind]));

/**
 * Reads every source file (find-sources.ts, SOURCE_FORMATS) below `sourcesDir` (sorted, so
 * the result is the same on every machine). `displayPath` turns an absolute path into
 * the name shown in diagnostics. An NDJSON line the previous build's record cache holds
 * is not parsed.
 */
export async function loadSources(
  sourcesDir: string,
  displayPath: (file: string) => string,
  previous: PreviousRecords = {},
): Promise<LoadedSources> {
  const { files, skipped, diagnostics } = await findSources(sourcesDir, displayPath);
  const result: LoadedSources = { files, skipped, records: [], diagnostics };
  for (const file of files) {
    const name = displayPath(file);
    const text = await readText(file, name, result.diagnostics);
    if (text === undefined) continue;
    const first = result.records.length;
    if (file.endsWith('.json')) readJsonFile(text, name, result);
    else if (/\.(?:csv|tsv)$/.test(file)) readTableFile(text, file, name, result);
    else readNdjsonFile(text, name, kindOfFolder(file), previous, result);
    keyParsedRecords(result.records, first, previous);
  }
  return result;
}

// A record of a JSON, CSV or TSV file is known by its JSON: the same text for the same record.
function keyParsedRecords(records: RawRecord[], first: number, previous: PreviousRecords): void {
  for (let i = first; i < records.length; i++) {
    const record = records[i]!;
    if (record.key !== undefined) continue;
    const json = jsonOf(record.value);
    if (json === undefined) continue;
    record.key = sourceKey(json);
    record.previous = previous[record.kind]?.ranks.get(record.key);
  }
}

// A value nested deeper than the stack allows is not written (validation rejects it).
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

async function readText(file: string, name: string, diagnostics: Diagnostic[]): Promise<string | undefined> {
  let bytes: Uint8Array;
  try {
    const { size } = await stat(file);
    if (size > MAX_SOURCE_FILE_BYTES) {
      const message = `the file holds ${size} bytes; a source file may hold at most ${MAX_SOURCE_FILE_BYTES} (${MAX_SOURCE_FILE_BYTES / 2 ** 20} MiB): split it into several files (every ${SOURCE_FORMATS.join(', ')} file below the sources folder is read)`;
      diagnostics.push({ code: 'unreadable_file', severity: 'error', file: name, message });
      return undefined;
    }
    bytes = await readFile(file);
  } catch (error) {
    diagnostics.push({
      code: 'unreadable_file',
      severity: 'error',
      file: name,
      message: `cannot read the file: ${(error as Error).message}`,
    });
    return undefined;
  }
  const decoded = decodeUtf8(bytes);
  if ('invalidAt' in decoded) {
    const line = lineOfByte(bytes, decoded.invalidAt);
    diagnostics.push({
      code: 'invalid_utf8',
      severity: 'error',
      file: name,
      line,
      message: `invalid UTF-8 at byte ${decoded.invalidAt}; save the file as UTF-8`,
    });
    return undefined;
  }
  return decoded.text.charCodeAt(0) === 0xfeff ? decoded.text.slice(1) : decoded.text;
}

function readJsonFile(text: string, file: string, result: LoadedSources): void {
  if (text.trim() === '') {
    result.diagnostics.push({
      code: 'unparseable',
      severity: 'error',
      file,
      line: 1,
      message: 'the file is empty; expected a JSON object such as {"exhibitions": [...]}',
    });
    return;
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    result.diagnostics.push(parseFailure(error as Error, text, file, 1));
    return;
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    result.diagnostics.push({
      code: 'unparseable',
      severity: 'error',
      file,
      line: 1,
      message: 'expected a JSON object holding any of the arrays exhibitions, exhibitors, service_providers',
    });
    return;
  }
  const lines = arrayElementLines(text);
  for (const [member, value] of Object.entries(document)) {
    const kind = KIND_OF_COLLECTION.get(member);
    if (!kind) {
      result.diagnostics.push({
        code: 'unknown_field',
        severity: 'warning',
        file,
        line: 1,
        field: member,
        message: `unknown member, ignored; expected ${[...KIND_OF_COLLECTION.keys()].join(', ')}`,
      });
      continue;
    }
    if (!Array.isArray(value)) {
      result.diagnostics.push({
        code: 'unparseable',
        severity: 'error',
        file,
        line: 1,
        field: member,
        message: 'must be an array of records',
      });
      continue;
    }
    const memberLines = lines.get(member) ?? [];
    value.forEach((record, i) => result.records.push({ kind, file, line: memberLines[i] ?? 1, value: record }));
  }
}

function readNdjsonFile(
  text: string,
  file: string,
  kind: Kind | undefined,
  previous: PreviousRecords,
  result: LoadedSources,
): void {
  if (!kind) {
    const folders = [...KIND_OF_COLLECTION.keys()].join(', ');
    result.diagnostics.push({
      code: 'misplaced_file',
      severity: 'error',
      file,
      message: `an NDJSON file must be inside a folder named ${folders}, which says what its records are`,
    });
    return;
  }
  const cached = previous[kind]?.ranks;
  const lines = text.split('\n');
  lines.forEach((lineText, i) => {
    if (lineText.trim() === '') return;
    const key = sourceKey(lineText);
    const rank = cached?.get(key);
    if (rank !== undefined) {
      result.records.push({ kind, file, line: i + 1, value: undefined, key, previous: rank, text: lineText });
      return;
    }
    try {
      result.records.push({ kind, file, line: i + 1, value: JSON.parse(lineText), key });
    } catch (error) {
      result.diagnostics.push(parseFailure(error as Error, lineText, file, i + 1));
    }
  });
}

// A CSV or TSV export is of the kind its folder names, or else its own name (`exhibitors.csv`).
function readTableFile(text: string, file: string, name: string, result: LoadedSources): void {
  const kind = kindOfFolder(file) ?? KIND_OF_COLLECTION.get(path.basename(file).replace(/\.(?:csv|tsv)$/, ''));
  if (!kind) {
    const collections = [...KIND_OF_COLLECTION.keys()].join(', ');
    result.diagnostics.push({
      code: 'misplaced_file',
      severity: 'error',
      file: name,
      message: `a CSV or TSV file must be named ${collections} (.csv or .tsv), or be inside a folder so named, which says what its records are`,
    });
    return;
  }
  readDelimitedFile(text, name, kind, file.endsWith('.tsv') ? '\t' : ',', result.records, result.diagnostics);
}

function kindOfFolder(file: string): Kind | undefined {
  return KIND_OF_COLLECTION.get(path.basename(path.dirname(file)));
}

// V8 says "... in JSON at position 123" (or "line 4 column 2"); turn that into a line.
function parseFailure(error: Error, text: string, file: string, firstLine: number): Diagnostic {
  const position = /position (\d+)/.exec(error.message);
  const lineColumn = /line (\d+) column/.exec(error.message);
  const offsetLine = position ? lineAt(text, Number(position[1])) : lineColumn ? Number(lineColumn[1]) : 1;
  const reason = error.message
    .replace(/^JSON\.parse: /, '')
    .replace(/ in JSON at position \d+.*$/, '')
    .replace(/\s*\(line \d+ column \d+\)$/, '');
  return {
    code: 'unparseable',
    severity: 'error',
    file,
    line: firstLine + offsetLine - 1,
    message: `not valid JSON: ${reason}`,
  };
}
