/** The message of a 414 (docs/api.md#errors), naming the parameter whose value made the URL too long. */
import { DATASET_PARAMETERS, MAX_Q_LENGTH, SEARCHES } from '../semantics/index.js';

/**
 * Why a URL is too long, from `start`, the part of its request line a host read before its
 * limit ran out: the value being read then (the last parameter there) is the long one. A
 * parameter of the API is named, with what it takes; otherwise (a long path, an unknown name,
 * a start that shows no parameter) the message says what every parameter takes.
 */
export function uriTooLongMessage(start: string): string {
  const query = start.includes('?') ? start.slice(start.indexOf('?') + 1) : '';
  const last = query.slice(query.lastIndexOf('&') + 1);
  const name = last.includes('=') ? last.slice(0, last.indexOf('=')) : undefined;
  if (name === undefined || !(DATASET_PARAMETERS as readonly string[]).includes(name))
    return `the URL is too long; q and text are at most ${MAX_Q_LENGTH} characters and filters are short values`;
  const takes = (SEARCHES as readonly string[]).includes(name)
    ? `${name} is at most ${MAX_Q_LENGTH} characters`
    : `${name} takes a short value`;
  return `the URL is too long: the value of ${name} runs past the limit; ${takes}`;
}
