/**
 * What any text of a source record may hold, whatever its field and format (JSON, NDJSON,
 * CSV, TSV): at most {@link MAX_TEXT_LENGTH} characters, and no control character but tab,
 * line feed and carriage return. Checked on each string a field holds, and on each string
 * of a list, before the field's own schema.
 */

/**
 * Longest text a field may hold, in characters (UTF-16 code units, as JavaScript counts
 * them): 100,000, some 30 printed pages, far more than any name, intro or tag needs. Every
 * text is copied into the entity document, its `_rag_text`, listing pages, the dumps and
 * the search index, so one unbounded cell sets a build's memory (a 100 MB `intro` peaked
 * at 1.67 GB); bounded, the memory follows the number of records.
 */
export const MAX_TEXT_LENGTH = 100_000;

// Unicode's control characters (C0, DEL, C1) but tab, line feed and carriage return: a NUL
// makes PostgreSQL refuse the text, the others are invisible and break terminals and parsers.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A problem of one text: where in the field (`[]`, or `[2]` for a list's third item) and what. */
export interface TextProblem {
  path: number[];
  message: string;
}

/** The problems of a field's value: of the string it is, or of each string in the list it is. */
export function textProblems(value: unknown): TextProblem[] {
  if (typeof value === 'string') return problemOf(value, []);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) => (typeof item === 'string' ? problemOf(item, [i]) : []));
}

function problemOf(text: string, path: number[]): TextProblem[] {
  if (text.length > MAX_TEXT_LENGTH) {
    const message = `is ${text.length} characters long; a text may hold at most ${MAX_TEXT_LENGTH}, so that one record cannot hold a build's memory: shorten it, or link to the full text`;
    return [{ path, message }];
  }
  const control = CONTROL.exec(text);
  if (control === null) return [];
  const code = `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  const message = `holds the control character ${code} at character ${control.index + 1}; remove it: a text may hold tab, line feed and carriage return, but no other control character`;
  return [{ path, message }];
}
