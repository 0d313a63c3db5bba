/**
 * Facets (docs/api.md#facets): every value of every filter with its count, held to the
 * query form: each value's query answers exactly `count` entities, its precomputed listing
 * exists, and its label normalizes to it.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACETS_INDEX_PATH, facetPath, parseFacetDocument, type FacetValue } from '../../src/query/formats/index.js';
import { createRouter } from '../../src/query/router/index.js';
import { KINDS, isQueryFilter, kindFilterParameters, normalize, spellingKey } from '../../src/query/semantics/index.js';
import { fileStore } from '../../src/serve/index.js';
import { readSiteJson, sampleSite } from '../helpers/site.js';

const route = () => createRouter({ store: fileStore(sampleSite()) });
const BASE = 'http://localhost:8080';

describe('facets', () => {
  it('are listed by an index linked from the schema', async () => {
    const schema = await readSiteJson<{ _links: { facets: string } }>(sampleSite(), 'api/public/schema.json');
    expect(schema._links.facets).toBe(`${BASE}/${FACETS_INDEX_PATH}`);
    const index = await readSiteJson<{ facets: { url: string }[] }>(sampleSite(), FACETS_INDEX_PATH);
    expect(index.facets.map((facet) => facet.url)).toEqual(
      KINDS.flatMap((kind) => kindFilterParameters(kind).map((filter) => `${BASE}/${facetPath(kind, filter)}`)),
    );
  });

  it.each(KINDS.flatMap((kind) => kindFilterParameters(kind).map((filter) => [kind, filter] as const)))(
    'of %s by %s count what the query form finds',
    async (kind, filter) => {
      const { values } = await readSiteJson<{ values: FacetValue[] }>(sampleSite(), facetPath(kind, filter));
      const router = route();
      for (const { value, label, count, query, listing } of values) {
        // A tag's value is its words in the singular (docs/api.md#query-filters).
        expect(spellingKey(filter, normalize(label))).toBe(value);
        const answer = await router({ method: 'GET', url: query.slice(BASE.length) });
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)._meta.total, `${kind} ${filter}=${label}`).toBe(count);
        // A query filter has no listing pages.
        if (isQueryFilter(filter)) expect(listing).toBeNull();
        else await access(path.join(sampleSite(), decodeURIComponent(listing!.slice(BASE.length + 1))));
      }
      expect(values.map((v) => v.count)).toEqual([...values.map((v) => v.count)].sort((a, b) => b - a));
    },
  );

  it('are read back with their format version checked', async () => {
    const path = facetPath('exhibition', 'city');
    const text = JSON.stringify(await readSiteJson(sampleSite(), path));
    expect(parseFacetDocument(path, text).values.length).toBeGreaterThan(0);
    expect(() => parseFacetDocument(path, text.replace('"format_version":1', '"format_version":2'))).toThrow(
      `${path} has format_version 2; this dataset-site reads version 1. Rebuild the site.`,
    );
  });
});
