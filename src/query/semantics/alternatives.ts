/**
 * Alternatives between `|` (docs/api.md#parameters): what `text` and the relation filters take
 * to ask for several things at once, each finding what any of them finds.
 */

/**
 * The alternatives of a value: its parts between `|`, trimmed, each once, in the order given.
 * A value of no part but `|` is itself whole (which finds nothing).
 */
export function splitAlternatives(value: string): string[] {
  const alternatives = [...new Set(value.split('|').map((part) => part.trim()))].filter((part) => part !== '');
  return alternatives.length === 0 ? [value] : alternatives;
}

/**
 * The names a comma-separated value lists (`fields`, `facets`): trimmed, each once, in the order given; none when it
 * names nothing (blank, or commas alone), which is as if the parameter were absent.
 */
export function commaSeparated(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(',').map((name) => name.trim()))].filter((name) => name !== '');
}
