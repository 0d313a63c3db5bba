/** The query string the client sends for a dataset query's parameters. */
import { malformedText } from '../query/semantics/index.js';

/** A query string, or the parameter it cannot carry and why. */
export type QueryString = { ok: true; text: string } | { ok: false; parameter: string; message: string };

/**
 * The query string of `params`: `undefined` and `null` are absent (a JSON-minded caller's
 * `country: null` sent `country=null`), an array is its items joined by commas. A value
 * holding a lone surrogate, which no URL can carry, is refused with the query form's message.
 */
export function queryString(params: Partial<Record<string, unknown>>): QueryString {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    const malformed = malformedText(name, text);
    if (malformed !== undefined) return { ok: false, parameter: name, message: malformed };
    pairs.push(`${name}=${encodeURIComponent(text)}`);
  }
  return { ok: true, text: pairs.join('&') };
}
