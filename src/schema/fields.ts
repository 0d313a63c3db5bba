/**
 * Field builders shared by the entity schemas: each accepts the lenient source forms of
 * docs/api.md#sources and outputs the one served form (docs/api.md#entities).
 */
import { z } from 'zod';

/** Separators a tag field given as one string is split on. */
export const TAG_SEPARATORS = /[,，、;；|]/;

/** Message of a URL that is not http(s); the diagnostics name this failure. */
export const NON_HTTP_URL = 'must be an http(s) URL';

/**
 * An id given as a number: a whole number of at most 2^53 − 1. A larger one was already
 * rounded by the JSON parser (9007199254740993 reads as …992), so two ids could become
 * one: it is refused, and must be written as a string.
 */
const numericId = z.number().refine(Number.isSafeInteger, {
  error: (issue) =>
    Number.isInteger(issue.input)
      ? `a numeric id above ${Number.MAX_SAFE_INTEGER} (2^53 − 1) is rounded when read, so two ids could become one: write it as a string, such as "9007199254740993"`
      : 'a numeric id must be a whole number; write other ids as strings',
});

/** An id: a non-empty string, or a number written as its decimal string. */
export function idField(description: string) {
  return z
    .union([z.string(), numericId], { error: 'must be a string or a number' })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, 'must not be empty'))
    .describe(description);
}

/** Optional text: trimmed; absent or blank becomes `null`. */
export function textField(description: string) {
  return z.preprocess(blankToNull, z.string({ error: 'must be a string' }).nullable()).describe(description);
}

/** A list of strings; one string is split on {@link TAG_SEPARATORS}; blanks dropped; absent is `[]`. */
export function tagsField(description: string) {
  return z.preprocess(toTagList, z.array(z.string({ error: 'must hold only strings' }))).describe(description);
}

/** A list of strings where one string becomes a one-item list (no splitting). */
export function stringListField(description: string) {
  return z
    .preprocess(
      (value) => (typeof value === 'string' ? [value] : (value ?? [])),
      z.array(z.string({ error: 'must hold only strings' })),
    )
    .transform((items) => items.map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(z.string()))
    .describe(description);
}

/** A calendar date `YYYY-MM-DD`. */
export function dateField(description: string) {
  return z.preprocess(trimString, z.iso.date({ error: 'must be a date YYYY-MM-DD' })).describe(description);
}

/** An optional http(s) URL; absent or blank becomes `null`. */
export function urlField(description: string) {
  return z.preprocess(blankToNull, httpUrl().nullable()).describe(description);
}

/** A list of http(s) URLs; absent is `[]`. */
export function urlListField(description: string) {
  return z.preprocess((value) => value ?? [], z.array(httpUrl())).describe(description);
}

/** A list of ids (strings, or numbers written as strings); absent is `[]`. */
export function idListField(description: string) {
  return z
    .preprocess(
      (value) => value ?? [],
      z.array(z.union([z.string(), numericId], { error: 'must hold only ids (strings or numbers)' })),
    )
    .transform((ids) => [...new Set(ids.map((id) => String(id).trim()).filter(Boolean))])
    .pipe(z.array(z.string()))
    .describe(description);
}

function httpUrl() {
  return z
    .string({ error: 'must be a string' })
    .trim()
    .refine(isHttpUrl, { error: (issue) => `${NON_HTTP_URL}; got ${JSON.stringify(String(issue.input).slice(0, 80))}` })
    .meta({ format: 'uri' });
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function blankToNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
}

function trimString(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

function toTagList(value: unknown): unknown {
  if (value === undefined || value === null) return [];
  const items = typeof value === 'string' ? value.split(TAG_SEPARATORS) : value;
  if (!Array.isArray(items)) return items;
  return items.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
}
