/**
 * Every filter of kinds.ts reaches every description of the API a build writes, with nothing
 * else to edit (docs/architecture.md#design): the query form's parameters in the schema
 * document and OpenAPI (with its closed set of values and an example from the data), the
 * facets of each kind it applies to, the browse page's form (a filter of some kinds only shown
 * for them) and llms.txt. A filter added to `FILTERS` and `FILTER_FIELDS` that one of these
 * missed would fail here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COLLECTIONS,
  FILTERS,
  FILTER_PARAMETERS,
  FILTER_VALUE_SETS,
  KINDS,
  filterKinds,
} from '../../src/query/semantics/index.js';
import { sampleSite } from '../helpers/site.js';

const read = (file: string) => readFileSync(path.join(sampleSite(), file), 'utf8');

describe('each filter of kinds.ts', () => {
  it.each(FILTER_PARAMETERS)('%s is in the schema document and OpenAPI, with its values and an example', (filter) => {
    const schema = JSON.parse(read('api/public/schema.json')) as { parameters: Record<string, { enum?: string[] }> };
    expect(schema.parameters[filter]).toBeDefined();
    expect(schema.parameters[filter]!.enum).toEqual(FILTER_VALUE_SETS[filter]);
    const openapi = JSON.parse(read('api/public/openapi.json')) as {
      paths: Record<string, { parameters: { name?: string; schema?: { enum?: string[] }; example?: string }[] }>;
    };
    const parameter = openapi.paths['/api/public/dataset']!.parameters.find(({ name }) => name === filter);
    expect(parameter?.schema?.enum).toEqual(FILTER_VALUE_SETS[filter]);
    expect(typeof parameter?.example).toBe('string');
  });

  it.each(FILTER_PARAMETERS)('%s has a facet document for each kind it applies to, and none for another', (filter) => {
    for (const kind of KINDS)
      expect(existsSync(path.join(sampleSite(), `api/public/facets/${COLLECTIONS[kind]}/${filter}.json`)), kind).toBe(
        filterKinds(filter).includes(kind),
      );
  });

  it.each(FILTERS)('%s is a field of the browse form, shown for the kinds it applies to', (filter) => {
    const page = read('index.html');
    const select = page.indexOf(`<select id="${filter}" name="${filter}">`);
    expect(select).toBeGreaterThan(0);
    // A filter of every kind stands in the form itself; one of some kinds only, in a span naming them.
    const span = page.lastIndexOf('<span class="kinds-only"', select);
    const inSpan = span >= 0 && page.indexOf('</span>', span) > select;
    if (filterKinds(filter).length === KINDS.length) expect(inSpan).toBe(false);
    else expect(page.slice(span, select)).toContain(`data-kinds="${filterKinds(filter).join(' ')}"`);
  });
});
