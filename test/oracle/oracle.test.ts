/** The oracle itself, against expectations worked out by hand on a tiny data set. */
import { describe, expect, it } from 'vitest';
import { createOracle, type OracleEntity, type OracleKind } from './oracle.js';

const BASE = 'https://example.org/data';
const entities: Record<OracleKind, OracleEntity[]> = {
  exhibition: [
    {
      id: 'e1',
      name_cn: '上海国际汽车展览会',
      name_en: 'Auto Shanghai',
      start_date: '2025-04-23',
      country: 'China',
      city: 'Shanghai',
      industry_tags_en: ['Automotive'],
      industry_tags_cn: ['汽车'],
    },
    {
      id: 'e2',
      name_cn: null,
      name_en: 'Köln Automechanika',
      start_date: '2025-03-01',
      country: 'Germany',
      city: ' KÖLN ',
      industry_tags_en: ['Automotive'],
    },
    { id: 'e3', name_en: 'Autumn Fair', start_date: '2025-09-01', country: 'UK' },
  ],
  exhibitor: [
    { id: '\u{1F600}', company_en: 'Parts', weight: 1 },
    { id: 'b', company_en: 'Autoparts Ltd', weight: 5 },
    { id: 'a', company_en: 'Auto Auto Parts', weight: 5 },
    { id: '\uFFFD', company_cn: '汽车', weight: 1 },
    { id: 'c', company_cn: '汽车配件', company_en: 'Autoparts Center', weight: 9 },
  ],
  service_provider: [
    { id: 'p1', name_en: 'Rhein Logistics', is_verified: false, cover_regions: ['Köln', 'Germany'] },
    { id: 'p2', name_cn: '申通', is_verified: true, cover_regions: ['Shanghai'], good_at_industry: ['Automotive'] },
  ],
};
const dictionary = { exhibition: { d: 1 }, exhibitor: { d: 2 }, service_provider: { d: 3 } };
const oracle = createOracle(entities, { baseUrl: `${BASE}/`, dictionary });
const ids = (list: unknown) => (list as OracleEntity[]).map((entity) => entity.id);
const body = (query: string) => {
  const answer = oracle.answer(query);
  if (answer.status !== 200) throw new Error(`refused: ${'parameter' in answer ? answer.parameter : answer.status}`);
  return answer.body as Record<string, unknown> & { _meta: Record<string, unknown> };
};
const found = (query: string) =>
  Object.fromEntries(
    Object.entries(body(query))
      .filter(([key]) => key !== '_meta')
      .map(([key, list]) => [key, ids(list)]),
  );

describe('createOracle', () => {
  it('ranks by date, weight, verification, ties by code point (not code unit)', () => {
    expect(ids(oracle.ranked('exhibition'))).toEqual(['e2', 'e1', 'e3']);
    expect(ids(oracle.ranked('exhibitor'))).toEqual(['c', 'a', 'b', '\uFFFD', '\u{1F600}']);
    expect(ids(oracle.ranked('service_provider'))).toEqual(['p2', 'p1']);
  });

  it('filters on normalized values, exactly', () => {
    expect(found(`city=${encodeURIComponent('  kÖln ')}`)).toEqual({
      exhibitions: ['e2'],
      exhibitors: [],
      service_providers: ['p1'],
    });
    expect(found('type=exhibition&industry=AUTOMOTIVE&country=china')).toEqual({ exhibitions: ['e1'] });
    expect(found('city=koln&type=service_provider')).toEqual({ service_providers: [] });
  });

  it('searches folded Latin words by prefix, CJK by bigram, all terms at once', () => {
    expect(found('type=exhibition&q=koln')).toEqual({ exhibitions: ['e2'] });
    expect(found('type=exhibition&q=auto koln')).toEqual({ exhibitions: ['e2'] });
    expect(found('type=exhibitor&q=auto parts')).toEqual({ exhibitors: ['a'] });
    for (const q of ['汽车', '国际汽车', '展览会', '车展'])
      expect(found(`type=exhibition&q=${q}`)).toEqual({ exhibitions: ['e1'] });
    expect(found('type=exhibition&q=海汽')).toEqual({ exhibitions: [] });
    expect(found('q=车')).toEqual({ exhibitions: ['e1'], exhibitors: ['c'], service_providers: [] });
    expect(found('type=exhibitor&q=%E2%80%A6!')).toEqual({ exhibitors: [] });
  });

  it('orders by BM25+ relevance, equal scores in rank order', () => {
    // q=auto over exhibitors: `a` holds `auto` twice; `c` and `b` hold `autoparts` (a prefix match).
    // Field en has 2, 2, 2, 0, 1 distinct tokens in rank order: running average 1.4.
    const bm25 = (tf: number, n: number, len: number) =>
      Math.log(1 + (5 - n + 0.5) / (n + 0.5)) * (0.5 + (tf * (1.2 + 1)) / (tf + 1.2 * (1 - 0.7 + (0.7 * len) / 1.4)));
    const scoreA = bm25(2, 1, 2);
    const scoreC = ((0.375 * 9) / (9 + 0.3 * 5)) * bm25(1, 2, 2);
    expect(scoreA).toBeGreaterThan(scoreC);
    expect(found('type=exhibitor&q=auto')).toEqual({ exhibitors: ['a', 'c', 'b'] });
  });

  it('searches text in every descriptive field: plurals as singulars, words whole but the last, CJK by bigram', () => {
    const tractors: Record<OracleKind, OracleEntity[]> = {
      exhibition: [{ id: 'f1', name_en: 'Farm Show', organizer: 'Tractor Guild', start_date: '2025-01-01' }],
      exhibitor: [
        { id: 't1', company_en: 'Green Fields', product_tags: ['Tractors'], intro: 'We make tractors.', weight: 1 },
        { id: 't2', company_cn: '拖拉机厂', intro: 'Makes parts for a tractor.', weight: 2 },
        { id: 't3', company_en: 'Tractorama', intro: 'Carbon parts', weight: 3 },
      ],
      service_provider: [],
    };
    const farm = createOracle(tractors, { baseUrl: BASE, dictionary });
    const text = (query: string) =>
      ((answer) =>
        answer.status === 200 ? ids(answer.body.exhibitors) : 'parameter' in answer ? answer.parameter : '404')(
        farm.answer(`type=exhibitor&${query}`),
      );
    // `tractor` is a prefix of `tractorama`; `t1` holds it in its keywords (weight 2) and description.
    expect(text('text=tractor')).toEqual(['t1', 't3', 't2']);
    expect(text('text=tractors')).toEqual(['t1', 't3', 't2']);
    expect(text('text=tractor parts')).toEqual(['t2']);
    expect(text('text=tractor car')).toEqual([]); // `car` is the last word and reaches `carbon`, but `tractor` is whole
    expect(text('text=tractora')).toEqual(['t3']);
    expect(text('text=tractora parts')).toEqual([]); // not the last word: whole
    expect(text('text=car')).toEqual(['t3']);
    expect(text('text=ca')).toEqual([]); // a prefix from three characters only
    expect(text('text=拖拉机')).toEqual(['t2']);
    expect(text('text=拖拉机&q=tractor')).toEqual([]);
    expect(text('text=parts&q=tractor')).toEqual(['t3']);
    expect(ids(farm.ranked('exhibition'))).toEqual(['f1']);
    expect(
      ((answer) => answer.status === 200 && ids(answer.body.exhibitions))(farm.answer('type=exhibition&text=tractor')),
    ).toEqual(['f1']);
    expect(text(`text=${'a'.repeat(201)}`)).toBe('text');
  });

  it('names the refused parameter', () => {
    const refused = (query: string) =>
      ((answer) => (answer.status === 400 ? answer.parameter : undefined))(oracle.answer(query));
    expect(refused('type=venue')).toBe('type');
    expect(refused('type=venue&limit=0')).toBe('type');
    expect(refused(`q=${'a'.repeat(201)}`)).toBe('q');
    expect(refused(`q=${'\u{1F600}'.repeat(200)}`)).toBeUndefined();
    for (const limit of ['-1', '1.5', '', 'ten']) expect(refused(`limit=${limit}`)).toBe('limit');
    expect(refused('limit=0')).toBeUndefined();
    expect(refused('type=exhibition&fields=weight')).toBe('fields');
    expect(refused('offset=-1')).toBe('offset');
    expect(refused('offset=1&limit=1&offset=2&limit=3')).toBe('offset');
    expect(refused('foo=1&foo=2&type=%20&q=%20&city=')).toBe('foo');
    expect(refused('type=%20&q=%20&city=&status=&from=')).toBeUndefined();
    expect(refused('page=2&type=x')).toBe('page');
    expect(refused('status=ended')).toBe('status');
    expect(refused('type=exhibition&status=soon&from=x')).toBe('status');
    expect(refused('type=exhibitor&sort=start_date')).toBe('sort');
    expect(refused('type=exhibition&from=2025-02-29')).toBe('from');
    expect(refused('type=exhibition&from=2025-03-02&to=2025-03-01&limit=0')).toBe('to');
  });

  it('answers exhibitions by status, date window and start date', () => {
    const dated = createOracle(
      {
        exhibition: [
          { id: 'x2', start_date: '2025-03-01', end_date: '2025-03-05', status: 'ended' },
          { id: 'x1', start_date: '2025-03-01', end_date: '2025-03-01', status: 'ended' },
          { id: 'x3', start_date: '2025-03-06', end_date: '2025-03-10', status: 'cancelled' },
          { id: 'x4', start_date: '2027-01-01', end_date: '2027-01-02', status: 'upcoming' },
        ],
        exhibitor: [],
        service_provider: [],
      },
      { baseUrl: BASE, dictionary },
    );
    const listed = (query: string) =>
      ((answer) =>
        answer.status === 200 ? ids(answer.body.exhibitions) : 'parameter' in answer ? answer.parameter : '404')(
        dated.answer(`type=exhibition&${query}`),
      );
    expect(listed('')).toEqual(['x1', 'x2', 'x3', 'x4']);
    expect(listed('status=ENDED')).toEqual(['x1', 'x2']);
    expect(listed('from=2025-03-05')).toEqual(['x2', 'x3', 'x4']);
    expect(listed('to=2025-03-05')).toEqual(['x1', 'x2']);
    expect(listed('from=2025-03-02&to=2025-03-06')).toEqual(['x2', 'x3']);
    expect(listed('from=2025-03-11&to=2026-12-31')).toEqual([]);
    expect(listed('sort=-start_date')).toEqual(['x4', 'x3', 'x1', 'x2']);
    expect(listed('sort=start_date&status=ended')).toEqual(['x1', 'x2']);
    const next = (
      dated.answer('type=exhibition&from=2025-01-01&sort=-start_date&limit=1') as unknown as {
        body: { _meta: { next: string } };
      }
    ).body._meta.next;
    expect(next).toBe(`${BASE}/api/public/dataset?type=exhibition&from=2025-01-01&sort=-start_date&limit=1&offset=1`);
    expect(dated.combinations('exhibition').has(JSON.stringify([null, null, null, 'cancelled']))).toBe(true);
    expect(dated.combinations('all').has(JSON.stringify([null, null, null, 'cancelled']))).toBe(false);
  });

  it('windows each kind, clamps limit and links adjacent windows', () => {
    expect(body('limit=900')._meta.limit).toBe(500);
    expect(body('type=all&limit=1&offset=1')).toEqual({
      exhibitions: [entities.exhibition[0]],
      exhibitors: [entities.exhibitor[2]],
      service_providers: [entities.service_provider[0]],
      _meta: {
        type: 'all',
        schema_version: '1.0',
        count: 3,
        total: 10,
        totals: { exhibitions: 3, exhibitors: 5, service_providers: 2 },
        limit: 1,
        offset: 1,
        next: `${BASE}/api/public/dataset?type=all&limit=1&offset=2`,
        prev: `${BASE}/api/public/dataset?type=all&limit=1&offset=0`,
        base_url: BASE,
        entities: dictionary,
      },
    });
    expect(Object.keys(body('type=exhibitor')._meta)).toEqual([
      'type',
      'schema_version',
      'count',
      'total',
      'totals',
      'limit',
      'offset',
      'next',
      'prev',
      'base_url',
      'entities',
    ]);
    const meta = body('type=exhibition&q=%20Auto%20%20Shanghai&country=China&limit=1&offset=3')._meta;
    expect([meta.count, meta.total, meta.next]).toEqual([0, 1, null]);
    expect(meta.prev).toBe(
      `${BASE}/api/public/dataset?type=exhibition&q=Auto%20%20Shanghai&country=China&limit=1&offset=2`,
    );
  });

  it('has static pages of 100 while some kind has entities on them', () => {
    const many = Array.from({ length: 250 }, (_, i): OracleEntity => ({
      id: `x${String(i).padStart(3, '0')}`,
      weight: 0,
    }));
    const big = createOracle({ ...entities, exhibitor: many }, { baseUrl: BASE, dictionary });
    const url = (n: number) => `/p/${n}.json`;
    const page2 = big.listingPage('exhibitor', {}, 2, url)!;
    expect([ids(page2.exhibitors).length, ids(page2.exhibitors)[0]]).toEqual([100, 'x100']);
    expect(page2._meta).toMatchObject({ limit: 100, offset: 100, next: '/p/3.json', prev: '/p/1.json', total: 250 });
    expect(big.listingPage('all', {}, 3, url)!._meta).toMatchObject({ count: 50, next: null, prev: '/p/2.json' });
    expect(big.listingPage('all', {}, 4, url)).toBeUndefined();
    expect(oracle.listingPage('all', { city: 'Paris' }, 1, url)).toBeUndefined();
    expect(oracle.listingPage('all', { city: ' köln' }, 1, url)!._meta).toMatchObject({
      total: 2,
      next: null,
      prev: null,
    });
    expect(
      createOracle({ exhibition: [], exhibitor: [], service_provider: [] }, { baseUrl: BASE, dictionary }).listingPage(
        'all',
        { city: ' ' },
        1,
        url,
      ),
    ).toBeDefined();
  });

  it('finds an industry by each of its names, which exhibitions pair across languages', () => {
    // e1 pairs Automotive with 汽车: e2 holds Automotive alone, the provider p2 too.
    expect(found('type=exhibition&industry=汽车')).toEqual({ exhibitions: ['e2', 'e1'] });
    expect(found('type=exhibition&industry=automotive')).toEqual({ exhibitions: ['e2', 'e1'] });
    expect(found('type=service_provider&industry= 汽车 ')).toEqual({ service_providers: ['p2'] });
    expect(oracle.listingPage('exhibition', { industry: '汽车' }, 1, (n) => `/p/${n}.json`)!._meta).toMatchObject({
      total: 2,
    });
  });

  it('lists the combinations some entity holds at once', () => {
    const keys = oracle.combinations('exhibition');
    // e1: 2 × 2 × 2 (汽车 is Automotive's other name: one industry, one listing), e2: 2 × 2 × 2 less 2 shared, e3: 1 new.
    expect(keys.size).toBe(15);
    expect(keys.has(JSON.stringify(['automotive', 'germany', 'köln', null]))).toBe(true);
    expect(keys.has(JSON.stringify(['automotive', null, 'shanghai', null]))).toBe(true);
    expect(keys.has(JSON.stringify(['汽车', null, 'shanghai', null]))).toBe(false);
    expect(oracle.combinations('service_provider').has(JSON.stringify([null, 'köln', 'germany', null]))).toBe(true);
  });
});
