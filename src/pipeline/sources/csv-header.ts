/**
 * The header row of a CSV or TSV export, checked before its records are read: a header that
 * holds another delimiter than the file's (a "CSV" separated by semicolons), a column
 * without a name, a column named twice, and a name that is a field's only when case is
 * ignored (`ID` for `id`) would each give every record the same misleading message, or
 * silently drop a column: each fails the file instead, naming what to change.
 */
import type { Diagnostic } from '../../shared/index.js';

/** The delimiters a table file may be separated by. */
export type Delimiter = ',' | '\t';

const DELIMITER_NAMES: Record<string, string> = {
  ',': 'commas',
  '\t': 'tabs',
  ';': 'semicolons',
  '|': 'vertical bars (|)',
};

/**
 * A header line that holds none of `delimiter` but does hold another delimiter (`;` or `|`,
 * and `\t` in a CSV file or `,` in a TSV file): the message naming the likely delimiter.
 */
export function wrongDelimiter(headerLine: string, delimiter: Delimiter): string | undefined {
  if (headerLine.includes(delimiter)) return undefined;
  const others = [';', '|', delimiter === ',' ? '\t' : ','];
  const counts = others
    .map((other) => [other, headerLine.split(other).length - 1] as const)
    .filter(([, count]) => count > 0);
  if (counts.length === 0) return undefined;
  const [likely] = counts.reduce((most, next) => (next[1] > most[1] ? next : most));
  const format = delimiter === ',' ? 'CSV' : 'TSV';
  const remedy =
    delimiter === ','
      ? 'export it with commas as separators, or with tabs as a .tsv file'
      : 'export it with tabs as separators, or with commas as a .csv file';
  return `not ${format}: the header holds no ${DELIMITER_NAMES[delimiter]} but ${JSON.stringify(likely)}, so the file seems separated by ${DELIMITER_NAMES[likely]}; ${remedy}`;
}

/**
 * Problems of the header's field names (trimmed), each at its column of the header line:
 * an empty name, a name given twice, a name that matches one of `fields` only when case is
 * ignored.
 */
export function headerProblems(
  names: readonly string[],
  fields: readonly string[],
  file: string,
  line: number,
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const firstColumn = new Map<string, number>();
  names.forEach((name, i) => {
    const where = { code: 'unparseable', severity: 'error', file, line, column: i + 1 } as const;
    if (name === '') {
      problems.push({
        ...where,
        message: `column ${i + 1} of the header has no name; name the field it holds, or remove the column`,
      });
      return;
    }
    const first = firstColumn.get(name);
    if (first !== undefined) {
      problems.push({
        ...where,
        field: name,
        message: `the header names this field twice (columns ${first} and ${i + 1}); keep one of the two columns`,
      });
      return;
    }
    firstColumn.set(name, i + 1);
    const field = fields.includes(name)
      ? undefined
      : fields.find((known) => known.toLowerCase() === name.toLowerCase());
    if (field !== undefined)
      problems.push({
        ...where,
        field: name,
        message: `no field is named ${JSON.stringify(name)}; field names are lower case: name the column ${JSON.stringify(field)}`,
      });
  });
  return problems;
}
