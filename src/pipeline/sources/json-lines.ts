/**
 * Line numbers for records inside a JSON document, which `JSON.parse` does not give:
 * one pass over the text finds where each element of each top-level array starts.
 */

const QUOTE = 34;
const BACKSLASH = 92;
const NEWLINE = 10;
const COLON = 58;

/**
 * For a JSON object whose members are arrays, the 1-based line where each element of
 * each array starts, keyed by member name. Assumes `text` is valid JSON.
 */
export function arrayElementLines(text: string): Map<string, number[]> {
  const lines = new Map<string, number[]>();
  let line = 1;
  let depth = 0;
  let key = '';
  let lastString = '';
  let current: number[] | undefined;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      line++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13) continue;
    if (depth === 2 && expectValue && current && c !== 93 /* ] */) {
      current.push(line);
      expectValue = false;
    }
    if (c === QUOTE) {
      const end = skipString(text, i);
      if (depth === 1) lastString = text.slice(i, end + 1);
      i = end;
      continue;
    }
    if (depth === 1 && c === COLON) key = JSON.parse(lastString) as string;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth === 2 && c === 91) {
        current = [];
        lines.set(key, current);
        expectValue = true;
      }
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
      if (depth === 1) current = undefined;
    } else if (c === 44 /* , */ && depth === 2) expectValue = true;
  }
  return lines;
}

/** The 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === NEWLINE) line++;
  return line;
}

function skipString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return text.length;
}
