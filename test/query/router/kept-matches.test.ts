/**
 * The scores of a `q`'s matches, and the entities passing its filters, kept by the router
 * (src/query/router/search-slice.ts): a `q` paged through, narrowed by a filter or asked
 * again is scored once per kind, its searches joined, its filters applied and its first 1,000 ordered once, and each answer, `generated_at`
 * and ETag included, is what a router keeping nothing gives.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseSearchEntry, shardHoldingValue, searchShards } from '../../../src/query/search/index.js';
import { createRouter } from '../../../src/query/router/router.js';
import { fileStore } from '../../../src/serve/index.js';
import { datasetUrl } from '../../contract/cases.js';
import { sampleSite, siteEntryPath } from '../../helpers/site.js';

vi.mock('../../../src/query/search/term-shards.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/query/search/term-shards.js')>();
  return { ...original, searchShards: vi.fn(original.searchShards) };
});
vi.mock('../../../src/query/search/filter-shards.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/query/search/filter-shards.js')>();
  return { ...original, shardHoldingValue: vi.fn(original.shardHoldingValue) };
});

// The sample site, its exhibitors' search entry, a router over it, and a country its exhibitors are of.
async function sampleExhibitors() {
  const dir = sampleSite();
  const entry = parseSearchEntry(
    'entry',
    await readFile(path.join(dir, await siteEntryPath(dir, 'exhibitor')), 'utf8'),
    'exhibitor',
  );
  return { dir, entry, route: createRouter({ store: fileStore(dir) }), country: entry.filters.country.at(-1)! };
}

describe('the matches of a q kept by the router', () => {
  it('score a q once per kind however it is paged, filtered or asked again, and answer as a router keeping nothing', async () => {
    const { dir, entry, route } = await sampleExhibitors();
    const [common, other] = entry.index.common;
    expect(other).toBeDefined();
    const scored = vi.mocked(searchShards);
    for (const q of [common!, `${common} ${other}`, `${other} zzzunknown`]) {
      let scoredByKept = 0;
      for (const url of [
        datasetUrl(['type', 'all'], ['q', q], ['limit', '5']),
        datasetUrl(['type', 'all'], ['q', q], ['limit', '500'], ['offset', '3']),
        datasetUrl(['type', 'all'], ['q', q], ['country', 'China'], ['limit', '2'], ['offset', '1']),
        datasetUrl(['type', 'exhibitor'], ['q', q], ['limit', '5']),
      ]) {
        scored.mockClear();
        const kept = await route({ method: 'GET', url });
        scoredByKept += scored.mock.calls.length;
        expect(kept.status, url).toBe(200);
        expect(kept, url).toEqual(await createRouter({ store: fileStore(dir) })({ method: 'GET', url }));
      }
      // Once for each of the three kinds, at the first answer.
      expect(scoredByKept, q).toBe(3);
    }
  });

  it('apply the filters of a filtered q once, however it is paged', async () => {
    const { dir, entry, route, country } = await sampleExhibitors();
    const filtered = vi.mocked(shardHoldingValue);
    let filteredByKept = 0;
    for (const [offset, limit] of [
      [0, 5],
      [5, 5],
      [2, 500],
    ]) {
      const url = datasetUrl(
        ['type', 'exhibitor'],
        ['q', entry.index.common[0]!],
        ['country', country],
        ['limit', String(limit)],
        ['offset', String(offset)],
      );
      filtered.mockClear();
      const answer = await route({ method: 'GET', url });
      filteredByKept += filtered.mock.calls.length;
      expect(answer, url).toEqual(await createRouter({ store: fileStore(dir) })({ method: 'GET', url }));
    }
    // The value's shard was looked up for the first answer only.
    expect(filteredByKept).toBe(1);
  });

  it('keep each search (or searches together) narrowed by its filters and its first 1,000 in order apart, and each window, within them, past them or across their end, is what a router keeping nothing answers', async () => {
    const { dir, entry, route, country } = await sampleExhibitors();
    const searches: [string, string][][] = [
      [['q', entry.index.common[0]!]],
      [
        ['q', entry.index.common[0]!],
        ['country', country],
      ],
      [
        ['text', entry.index.common[1]!],
        ['country', country],
      ],
      [
        ['q', entry.index.common[0]!],
        ['text', entry.index.common[0]!],
      ],
      [
        ['q', 'co'],
        ['text', 'products'],
      ],
    ];
    // Back and forth: a window of the kept order, one past it, one across its end, then the first again.
    const windows = [
      [3, 7],
      [1000, 5],
      [0, 20],
      [990, 20],
      [2, 1],
    ];
    for (const search of searches)
      for (const [offset, limit] of windows) {
        const url = datasetUrl(['type', 'exhibitor'], ...search, ['limit', String(limit)], ['offset', String(offset)]);
        const answer = await route({ method: 'GET', url });
        expect(answer.status, url).toBe(200);
        expect(answer, url).toEqual(await createRouter({ store: fileStore(dir) })({ method: 'GET', url }));
      }
  });
});
