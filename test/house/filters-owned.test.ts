/**
 * A filter is owned in one place: `FILTERS`, `QUERY_FILTERS` and `FILTER_FIELDS` in src/query/semantics/kinds.ts
 * (with `FILTER_VALUE_SETS` for a closed set of values). Everything else that names the
 * filters (the browse page, the OpenAPI examples, the parameter examples, llms.txt,
 * `DatasetQuery`) follows from them, so adding a filter means kinds.ts, the oracle and
 * docs/api.md. A list of filters kept by hand elsewhere would miss the next one silently:
 * this test finds one.
 */
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import {
  DATASET_PARAMETERS,
  FILTER_FIELDS,
  FILTER_PARAMETERS,
  KINDS,
  QUERY_FILTERS,
} from '../../src/query/semantics/index.js';

const OWNER = 'src/query/semantics/kinds.ts';

/**
 * Each array literal of `source` that lists parameters by name, two filters among them (every
 * element a quoted dataset parameter: a list of fields that happen to share a filter's name is
 * not one), as `file:line: [text]`.
 */
export function filterLists(file: string, source: string): string[] {
  const filters = new Set<string>(FILTER_PARAMETERS);
  // `organizer` and `venue` are fields before they are filters: a list naming one is of fields (the `text` fields).
  const fieldNamed = QUERY_FILTERS.filter((filter) =>
    KINDS.some((kind) => FILTER_FIELDS[kind][filter].includes(filter)),
  );
  const parameters = new Set<string>(DATASET_PARAMETERS.filter((name) => !(fieldNamed as string[]).includes(name)));
  const found: string[] = [];
  for (const match of source.matchAll(/\[([^[\]]*)\]/g)) {
    const elements = match[1]!
      .split(',')
      .map((element) => element.trim())
      .filter((element) => element !== '');
    const names = elements
      .map((element) => /^'([^']*)'$|^"([^"]*)"$/.exec(element))
      .map((quoted) => quoted?.[1] ?? quoted?.[2]);
    if (names.some((name) => name === undefined || !parameters.has(name))) continue;
    if (names.filter((name) => filters.has(name!)).length < 2) continue;
    const line = source.slice(0, match.index).split('\n').length;
    found.push(`${file}:${line}: [${match[1]!.trim()}]`);
  }
  return found;
}

describe('the filters', () => {
  it('are listed in kinds.ts alone: no other module of src/ keeps a list of them', () => {
    const files = fg.sync('src/**/*.ts', { ignore: ['**/*.d.ts', OWNER] });
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => filterLists(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('finds a list of filters kept by hand, and leaves a list of other names alone', () => {
    const listed = "for (const name of ['industry', 'country', 'city', 'sort']) watch(name);";
    expect(filterLists('a.ts', listed)).toEqual(["a.ts:1: ['industry', 'country', 'city', 'sort']"]);
    expect(filterLists('a.ts', 'const spaced = ["country",\n "city"];')).toEqual(['a.ts:1: ["country",\n "city"]']);
    expect(filterLists('a.ts', "const fields = ['organizer', 'venue', 'city', 'country'];")).toEqual([]);
    expect(filterLists('a.ts', "[...of('country', e), ...of('city', e)]")).toEqual([]);
    expect(filterLists('a.ts', "const searched = ['q', 'text', 'city'];")).toEqual([]);
    expect(filterLists('a.ts', "const tags = ['product', 'service'];")).toEqual(["a.ts:1: ['product', 'service']"]);
  });
});
