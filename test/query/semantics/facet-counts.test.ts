import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countFacet,
  labelFacet,
  matchedRanks,
  parseFacets,
  parseDatasetQuery,
} from '../../../src/query/semantics/index.js';
import { queryUrl } from '../../../src/query/formats/index.js';

describe('countFacet', () => {
  const postings: [string, number[]][] = [
    ['köln', [0, 2, 4]],
    ['berlin', [1, 3]],
    ['aachen', [1, 2]],
    ['bonn', [5]],
  ];

  it('counts the matches holding each value, most first, ties by value, values no match holds left out', () => {
    expect(countFacet(postings, matchedRanks([1, 2, 3, 4], 6), 10)).toEqual([
      { value: 'aachen', count: 2 },
      { value: 'berlin', count: 2 },
      { value: 'köln', count: 2 },
    ]);
    expect(countFacet(postings, matchedRanks([0, 2, 4, 5], 6), 2)).toEqual([
      { value: 'köln', count: 3 },
      { value: 'aachen', count: 1 },
    ]);
    expect(countFacet(postings, matchedRanks([], 6), 10)).toEqual([]);
  });

  it('gives each count as the matches holding the value, whatever the matches (property)', () => {
    fc.assert(
      fc.property(fc.subarray([0, 1, 2, 3, 4, 5]), fc.integer({ min: 1, max: 5 }), (matches, size) => {
        const counted = countFacet(postings, matchedRanks(matches, 6), size);
        const expected = postings
          .map(([value, ranks]) => ({ value, count: ranks.filter((rank) => matches.includes(rank)).length }))
          .filter(({ count }) => count > 0)
          .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
        expect(counted).toEqual(expected.slice(0, size));
      }),
    );
  });

  it('names the values by their labels, a value without one by itself', () => {
    const labels = new Map([['köln', 'Köln']]);
    expect(
      labelFacet(
        [
          { value: 'köln', count: 3 },
          { value: 'bonn', count: 1 },
        ],
        (value) => labels.get(value),
      ),
    ).toEqual([
      { value: 'Köln', count: 3 },
      { value: 'bonn', count: 1 },
    ]);
  });
});

describe('parseFacets', () => {
  it('takes the filters of the kind asked, trimmed, each once, in the order given', () => {
    expect(parseFacets(' city , country,city', undefined, 'exhibition', false)).toEqual({
      facets: ['city', 'country'],
    });
    expect(parseFacets('status', ' 100 ', 'exhibition', false)).toEqual({ facets: ['status'], facet_size: 100 });
    expect(parseFacets(' , ', undefined, 'all', false)).toEqual({});
    expect(parseFacets(undefined, undefined, 'exhibitor', false)).toEqual({});
  });

  it('refuses type=all, CSV, a field that is no filter of the kind, and sizes out of bounds or alone, naming the parameter', () => {
    expect(parseFacets('city', undefined, 'all', false)).toMatchObject({
      parameter: 'facets',
      message: expect.stringMatching(/one kind.*type=exhibitor/),
    });
    expect(parseFacets('city', undefined, 'exhibitor', true)).toMatchObject({ parameter: 'facets' });
    expect(parseFacets('city,status,name', undefined, 'exhibitor', false)).toEqual({
      parameter: 'facets',
      message: 'facets takes fields exhibitors are filtered by: industry, country, city, product; got "status", "name"',
    });
    for (const size of ['0', '101', '', '1.5', '-1', '1e2'])
      expect(parseFacets('city', size, 'exhibitor', false)).toMatchObject({ parameter: 'facet_size' });
    expect(parseFacets(undefined, '5', 'exhibitor', false)).toEqual({
      parameter: 'facet_size',
      message: 'facet_size applies with facets; give facets=FIELD,… too',
    });
  });

  it('is what the query form parses, and next and prev carry it', () => {
    const parsed = parseDatasetQuery([
      ['type', 'exhibitor'],
      ['facets', 'country,city'],
      ['facet_size', '5'],
      ['limit', '2'],
    ]);
    expect(parsed.ok && queryUrl('https://data.example.com', { ...parsed.query, offset: 2 })).toBe(
      'https://data.example.com/api/public/dataset?type=exhibitor&facets=country%2Ccity&facet_size=5&limit=2&offset=2',
    );
  });
});
