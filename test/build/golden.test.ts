/**
 * Golden answers worked out by hand on a tiny fixture (test/fixtures/tiny): the default
 * order and its tie-breaks, `_meta` with `next`/`prev`, filters, `q`, and exactly which
 * filter combinations get a listing. They hold the reference and the router alike.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRouter } from '../../src/query/router/index.js';
import { fileStore } from '../../src/serve/index.js';
import { queryDataset } from '../../src/site/index.js';
import { buildTempSite } from '../helpers/site.js';

const BASE = 'https://tiny.example';
const Q = `${BASE}/api/public/dataset?`;
let dir: string;

beforeAll(async () => {
  dir = (await buildTempSite({ sources: 'test/fixtures/tiny/sources', baseUrl: BASE })).out;
});

type Answer = { status: number; body: Record<string, { id: string }[]> & { _meta: Record<string, unknown> } };
const ANSWERERS: Record<string, (query: string) => Promise<Answer>> = {
  reference: async (query) =>
    (await queryDataset({ dir, params: Object.fromEntries(new URLSearchParams(query)) })) as unknown as Answer,
  router: async (query) => {
    const answer = await createRouter({ store: fileStore(dir) })({
      method: 'GET',
      url: `/api/public/dataset?${query}`,
    });
    return { status: answer.status, body: JSON.parse(answer.body) };
  },
};

/** What a hand-computed answer says: ids per array and the window's `_meta`. */
interface Golden {
  query: string;
  ids: Record<string, string[]>;
  meta: {
    count: number;
    total: number;
    totals: Record<string, number>;
    limit: number;
    offset: number;
    next: string | null;
    prev: string | null;
  };
}

const GOLDEN: Golden[] = [
  // Weight 9 first; X1 and X2 both weigh 5, so their ids decide.
  {
    query: 'type=exhibitor&limit=2',
    ids: { exhibitors: ['X3', 'X1'] },
    meta: {
      count: 2,
      total: 4,
      totals: { exhibitors: 4 },
      limit: 2,
      offset: 0,
      next: `${Q}type=exhibitor&limit=2&offset=2`,
      prev: null,
    },
  },
  {
    query: 'type=exhibitor&limit=2&offset=2',
    ids: { exhibitors: ['X2', 'X4'] },
    meta: {
      count: 2,
      total: 4,
      totals: { exhibitors: 4 },
      limit: 2,
      offset: 2,
      next: null,
      prev: `${Q}type=exhibitor&limit=2&offset=0`,
    },
  },
  {
    query: 'type=exhibitor&limit=2&offset=3',
    ids: { exhibitors: ['X4'] },
    meta: {
      count: 1,
      total: 4,
      totals: { exhibitors: 4 },
      limit: 2,
      offset: 3,
      next: null,
      prev: `${Q}type=exhibitor&limit=2&offset=1`,
    },
  },
  {
    query: 'type=exhibitor&offset=9',
    ids: { exhibitors: [] },
    meta: {
      count: 0,
      total: 4,
      totals: { exhibitors: 4 },
      limit: 100,
      offset: 9,
      next: null,
      prev: `${Q}type=exhibitor&limit=100&offset=0`,
    },
  },
  // Earliest start first; E1 and E3 both start on 2026-04-01.
  {
    query: 'type=exhibition',
    ids: { exhibitions: ['E2', 'E1', 'E3'] },
    meta: { count: 3, total: 3, totals: { exhibitions: 3 }, limit: 100, offset: 0, next: null, prev: null },
  },
  {
    query: 'type=service_provider',
    ids: { service_providers: ['P2', 'P1'] },
    meta: { count: 2, total: 2, totals: { service_providers: 2 }, limit: 100, offset: 0, next: null, prev: null },
  },
  // type=all windows each array on its own; next while any array has more.
  {
    query: 'industry=%20AUTOMOTIVE&limit=1',
    ids: { exhibitions: ['E1'], exhibitors: ['X1'], service_providers: ['P1'] },
    meta: {
      count: 3,
      total: 4,
      totals: { exhibitions: 1, exhibitors: 2, service_providers: 1 },
      limit: 1,
      offset: 0,
      next: `${Q}type=all&industry=AUTOMOTIVE&limit=1&offset=1`,
      prev: null,
    },
  },
  {
    query: 'country=china&city=SHANGHAI',
    ids: { exhibitions: ['E1'], exhibitors: ['X1'], service_providers: ['P1'] },
    meta: {
      count: 3,
      total: 3,
      totals: { exhibitions: 1, exhibitors: 1, service_providers: 1 },
      limit: 100,
      offset: 0,
      next: null,
      prev: null,
    },
  },
  {
    query: 'type=exhibitor&city=K%C3%B6ln',
    ids: { exhibitors: ['X3'] },
    meta: { count: 1, total: 1, totals: { exhibitors: 1 }, limit: 100, offset: 0, next: null, prev: null },
  },
  {
    query: 'type=exhibitor&city=koln',
    ids: { exhibitors: [] },
    meta: { count: 0, total: 0, totals: { exhibitors: 0 }, limit: 100, offset: 0, next: null, prev: null },
  },
  // Equal scores (same term, same field lengths) keep the default order.
  {
    query: 'type=exhibitor&q=parts',
    ids: { exhibitors: ['X1', 'X2'] },
    meta: { count: 2, total: 2, totals: { exhibitors: 2 }, limit: 100, offset: 0, next: null, prev: null },
  },
  {
    query: 'type=exhibitor&q=parts&city=shanghai',
    ids: { exhibitors: ['X1'] },
    meta: { count: 1, total: 1, totals: { exhibitors: 1 }, limit: 100, offset: 0, next: null, prev: null },
  },
  {
    query: 'type=exhibition&q=koln',
    ids: { exhibitions: ['E2'] },
    meta: { count: 1, total: 1, totals: { exhibitions: 1 }, limit: 100, offset: 0, next: null, prev: null },
  },
  {
    query: 'type=exhibition&q=%E6%B1%BD%E8%BD%A6',
    ids: { exhibitions: ['E1'] },
    meta: { count: 1, total: 1, totals: { exhibitions: 1 }, limit: 100, offset: 0, next: null, prev: null },
  },
  {
    query: 'type=exhibitor&q=%E6%B1%BD%E8%BD%A6%E9%85%8D%E4%BB%B6',
    ids: { exhibitors: ['X2'] },
    meta: { count: 1, total: 1, totals: { exhibitors: 1 }, limit: 100, offset: 0, next: null, prev: null },
  },
  {
    query: 'type=exhibitor&q=au%20pa',
    ids: { exhibitors: ['X1'] },
    meta: { count: 1, total: 1, totals: { exhibitors: 1 }, limit: 100, offset: 0, next: null, prev: null },
  },
];

describe.each(Object.keys(ANSWERERS))('%s on the tiny fixture', (name) => {
  it.each(GOLDEN.map((golden) => [golden.query, golden] as const))(
    'answers %s as worked out by hand',
    async (_, golden) => {
      const { status, body } = await ANSWERERS[name]!(golden.query);
      expect(status).toBe(200);
      const { _meta, ...arrays } = body;
      expect(
        Object.fromEntries(
          Object.entries(arrays).map(([collection, entities]) => [collection, entities.map((entity) => entity.id)]),
        ),
      ).toEqual(golden.ids);
      // The router's next and prev name the snapshot they were read from (docs/api.md#snapshots); the reference reads none.
      const links = { next: _meta.next, prev: _meta.prev } as Record<string, string | null>;
      for (const [link, url] of Object.entries(links))
        if (url !== null) {
          if (name === 'router') expect(url).toMatch(/&snapshot=[0-9a-z]+$/);
          links[link] = url.replace(/&snapshot=[0-9a-z]+$/, '');
        }
      expect({ ..._meta, ...links }).toMatchObject({ ...golden.meta, base_url: BASE, schema_version: '1.0' });
    },
  );
});

describe('the tiny site', () => {
  it('has a listing for exactly the filter combinations some exhibitor holds all at once', async () => {
    const pages = await fg('**/*.json', { cwd: path.join(dir, 'api/public/dataset/exhibitor') });
    expect(pages.sort()).toEqual(
      [
        '1.json',
        'city/köln/1.json',
        'city/shanghai/1.json',
        'country/china/1.json',
        'country/china/city/shanghai/1.json',
        'country/germany/1.json',
        'country/germany/city/köln/1.json',
        'industry/automotive/1.json',
        'industry/automotive/city/shanghai/1.json',
        'industry/automotive/country/china/1.json',
        'industry/automotive/country/china/city/shanghai/1.json',
        'industry/food/1.json',
        'industry/food/city/köln/1.json',
        'industry/food/country/germany/1.json',
        'industry/food/country/germany/city/köln/1.json',
        'industry/lighting/1.json',
        'industry/lighting/country/china/1.json',
      ].sort(),
    );
  });

  it('lists the exhibitors of an exhibition and the providers of its place', async () => {
    const read = async (file: string) => JSON.parse(await readFile(path.join(dir, 'api/public', file), 'utf8'));
    const ids = (page: Record<string, { id: string }[]>, collection: string) =>
      page[collection]!.map((entity) => entity.id);
    expect(ids(await read('exhibitions/E1/exhibitors/1.json'), 'exhibitors')).toEqual(['X1', 'X2']);
    expect(ids(await read('exhibitions/E3/exhibitors/1.json'), 'exhibitors')).toEqual(['X2']);
    expect(ids(await read('regions/china/shanghai/providers/1.json'), 'service_providers')).toEqual(['P1']);
    expect(ids(await read('regions/germany/köln/providers/1.json'), 'service_providers')).toEqual(['P2']);
    const e1 = await read('exhibitions/E1.json');
    expect(e1._links).toEqual({
      self: `${BASE}/api/public/exhibitions/E1.json`,
      exhibitors: `${BASE}/api/public/exhibitions/E1/exhibitors/1.json`,
      providers: `${BASE}/api/public/regions/china/shanghai/providers/1.json`,
    });
  });
});
