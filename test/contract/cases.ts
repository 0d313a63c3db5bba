/**
 * The contract cases: query-form requests every target must answer alike (bodies compared
 * without `generated_at`), each with the status it must get and, where agreeing could be
 * vacuous (both empty), a fact its body must show.
 */
import { expect } from 'vitest';

/** One request of the contract suite. */
export interface ContractCase {
  name: string;
  /** Path and query string, sent as it is. */
  url: string;
  status: number;
  /** Checks the body beyond agreeing with the reference. */
  check?: (body: Body) => void;
}

/** A dataset answer or an error, as JSON. */
export type Body = {
  exhibitions?: Record<string, unknown>[];
  exhibitors?: Record<string, unknown>[];
  service_providers?: Record<string, unknown>[];
  error?: { status: number; code: string; parameter?: string; message?: string };
  _meta: Record<string, unknown> & { total?: number; count?: number; totals?: Record<string, number> };
};

/** `/api/public/dataset` with the parameters in order, each value percent-encoded. */
export function datasetUrl(...pairs: [string, string][]): string {
  return `/api/public/dataset?${pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
}

const finds =
  (min = 1) =>
  (body: Body) =>
    expect(body._meta.total).toBeGreaterThanOrEqual(min);
const findsNothing = (body: Body) => expect(body._meta.total).toBe(0);
const window = (limit: number, offset: number, count: number) => (body: Body) =>
  expect(body._meta).toMatchObject({ limit, offset, count });
const names = (collection: 'exhibitions' | 'exhibitors', pattern: RegExp) => (body: Body) => {
  expect(body[collection]!.length).toBeGreaterThan(0);
  for (const entity of body[collection]!)
    expect(`${entity.name_cn ?? entity.company_cn} ${entity.name_en ?? entity.company_en}`).toMatch(pattern);
};
const refused = (parameter: string) => (body: Body) =>
  expect(body.error).toMatchObject({ status: 400, code: 'invalid_parameter', parameter });

const types: ContractCase[] = [
  {
    name: 'the bare path is type=all',
    url: '/api/public/dataset',
    status: 200,
    check: (body) => expect(Object.keys(body)).toEqual(['exhibitions', 'exhibitors', 'service_providers', '_meta']),
  },
  ...(['all', 'exhibition', 'exhibitor', 'service_provider'] as const).map((type) => ({
    name: `type=${type}`,
    url: datasetUrl(['type', type]),
    status: 200,
    check: finds(),
  })),
  {
    name: 'type is trimmed',
    url: datasetUrl(['type', ' exhibitor ']),
    status: 200,
    check: (body: Body) => expect(body._meta.type).toBe('exhibitor'),
  },
  {
    name: 'an empty type is all',
    url: datasetUrl(['type', '']),
    status: 200,
    check: (body: Body) => expect(body._meta.type).toBe('all'),
  },
];

const filters: ContractCase[] = [
  { name: 'city Köln', url: datasetUrl(['type', 'exhibition'], ['city', 'Köln']), status: 200, check: finds() },
  {
    name: 'city " KÖLN " (case, padding)',
    url: datasetUrl(['type', 'exhibition'], ['city', ' KÖLN ']),
    status: 200,
    check: finds(),
  },
  { name: "city xi'an", url: datasetUrl(['type', 'all'], ['city', "xi'an"]), status: 200, check: finds() },
  {
    name: 'city São Paulo',
    url: datasetUrl(['type', 'exhibition'], ['city', 'São Paulo']),
    status: 200,
    check: finds(),
  },
  {
    name: 'city sao paulo (an exact match, accents count)',
    url: datasetUrl(['type', 'exhibition'], ['city', 'sao paulo']),
    status: 200,
    check: findsNothing,
  },
  {
    name: 'city with inner spaces collapsed',
    url: datasetUrl(['type', 'exhibitor'], ['city', 'Frankfurt   am  Main']),
    status: 200,
    check: finds(),
  },
  {
    name: 'Chinese industry tag 汽车',
    url: datasetUrl(['type', 'exhibition'], ['industry', '汽车']),
    status: 200,
    check: finds(),
  },
  {
    name: 'Chinese industry tag 汽车零部件',
    url: datasetUrl(['type', 'exhibition'], ['industry', '汽车零部件']),
    status: 200,
    check: finds(),
  },
  {
    name: 'industry Food & Beverage on all kinds',
    url: datasetUrl(['industry', 'food & beverage']),
    status: 200,
    check: finds(),
  },
  {
    name: 'industry on providers (good_at_industry)',
    url: datasetUrl(['type', 'service_provider'], ['industry', 'FURNITURE']),
    status: 200,
    check: finds(),
  },
  {
    name: 'country on providers (cover_regions)',
    url: datasetUrl(['type', 'service_provider'], ['country', 'china']),
    status: 200,
    check: finds(),
  },
  {
    name: 'country and industry',
    url: datasetUrl(['type', 'exhibitor'], ['industry', 'Automotive'], ['country', 'China']),
    status: 200,
    check: finds(),
  },
  {
    name: 'industry, country and city',
    url: datasetUrl(['industry', 'automotive'], ['country', 'China'], ['city', 'Shanghai']),
    status: 200,
    check: finds(),
  },
  {
    name: 'a combination without matches',
    url: datasetUrl(['type', 'exhibition'], ['country', 'Japan'], ['city', 'Paris']),
    status: 200,
    check: findsNothing,
  },
  { name: 'a value nobody holds', url: datasetUrl(['city', 'Atlantis']), status: 200, check: findsNothing },
  {
    name: 'a value named like an Object property',
    url: datasetUrl(['industry', 'constructor']),
    status: 200,
    check: findsNothing,
  },
  {
    name: 'a value named __proto__',
    url: datasetUrl(['type', 'exhibitor'], ['q', 'co'], ['city', '__proto__']),
    status: 200,
    check: findsNothing,
  },
];

const windows: ContractCase[] = [
  ...[1, 99, 100, 101, 500].map((limit) => ({
    name: `limit=${limit}`,
    url: datasetUrl(['type', 'exhibitor'], ['limit', String(limit)]),
    status: 200,
    check: window(limit, 0, Math.min(limit, 360)),
  })),
  {
    name: 'limit=501 is served as 500',
    url: datasetUrl(['type', 'exhibitor'], ['limit', '501']),
    status: 200,
    check: window(500, 0, 360),
  },
  {
    name: 'a window across a page boundary',
    url: datasetUrl(['type', 'exhibitor'], ['limit', '2'], ['offset', '99']),
    status: 200,
    check: window(2, 99, 2),
  },
  {
    name: 'a window across three pages',
    url: datasetUrl(['type', 'exhibitor'], ['limit', '201'], ['offset', '150']),
    status: 200,
    check: window(201, 150, 201),
  },
  {
    name: 'a window cut by the end',
    url: datasetUrl(['type', 'exhibitor'], ['limit', '100'], ['offset', '350']),
    status: 200,
    check: window(100, 350, 10),
  },
  {
    name: 'the offset of the last entity',
    url: datasetUrl(['type', 'exhibitor'], ['offset', '359']),
    status: 200,
    check: window(100, 359, 1),
  },
  {
    name: 'an offset at the end',
    url: datasetUrl(['type', 'exhibitor'], ['offset', '360']),
    status: 200,
    check: window(100, 360, 0),
  },
  {
    name: 'an offset far past the end',
    url: datasetUrl(['type', 'exhibitor'], ['offset', '100000']),
    status: 200,
    check: window(100, 100000, 0),
  },
  {
    name: 'type=all windows each array',
    url: datasetUrl(['limit', '10'], ['offset', '40']),
    status: 200,
    check: window(10, 40, 8 + 10 + 0),
  },
  {
    name: 'a filtered window past its end',
    url: datasetUrl(['type', 'exhibition'], ['city', 'Shanghai'], ['offset', '150']),
    status: 200,
    check: (body) => expect(body._meta.count).toBe(0),
  },
  {
    name: 'limit with spaces and zeros',
    url: datasetUrl(['type', 'exhibition'], ['limit', ' 007 ']),
    status: 200,
    check: window(7, 0, 7),
  },
];

const counts: ContractCase[] = [
  {
    name: 'limit=0 counts: totals, no entity, no dictionary, no next',
    url: datasetUrl(['limit', '0']),
    status: 200,
    check: (body) => {
      expect([body.exhibitions, body.exhibitors, body.service_providers]).toEqual([[], [], []]);
      expect(body._meta).toMatchObject({ count: 0, total: 48 + 360 + 36, limit: 0, next: null, entities: {} });
    },
  },
  {
    name: 'limit=0 counts a text search under a filter',
    url: datasetUrl(
      ['type', 'exhibitor'],
      ['text', 'products'],
      ['country', 'China'],
      ['limit', '0'],
      ['offset', '10'],
    ),
    status: 200,
    check: (body) => expect(body._meta).toMatchObject({ count: 0, limit: 0, offset: 10, prev: null }),
  },
];

/** What `fields` keeps of each entity: `names`, `id`, and `_links` (its `self` alone unless named). */
const keeps = (collection: 'exhibitions' | 'exhibitors', names: string[]) => (body: Body) => {
  expect(body[collection]!.length).toBeGreaterThan(0);
  for (const entity of body[collection]!) expect(Object.keys(entity).sort()).toEqual(['_links', 'id', ...names].sort());
  expect(Object.keys(body._meta.entities as object)).toEqual([collection.slice(0, -1)]);
};

const fields: ContractCase[] = [
  {
    name: 'fields keeps the named fields, id and _links.self, and narrows the dictionary',
    url: datasetUrl(['type', 'exhibitor'], ['fields', 'company_en, city,company_en'], ['limit', '3']),
    status: 200,
    check: (body) => {
      keeps('exhibitors', ['company_en', 'city'])(body);
      expect(Object.keys(body.exhibitors![0]!._links as object)).toEqual(['self']);
      expect(Object.keys((body._meta.entities as Record<string, object>).exhibitor!)).toEqual([
        'id',
        'company_en',
        'city',
        '_links',
      ]);
      expect(body._meta.next).toContain('&fields=company_en%2Ccity&limit=3&offset=3');
    },
  },
  {
    name: 'fields with q, a filter and _links named whole',
    url: datasetUrl(['type', 'exhibition'], ['q', 'expo'], ['fields', 'name_en,_links'], ['limit', '5']),
    status: 200,
    check: keeps('exhibitions', ['name_en']),
  },
  {
    name: 'fields on type=all keeps what each kind has',
    url: datasetUrl(['fields', 'weight,start_date'], ['limit', '2']),
    status: 200,
    check: (body) => {
      expect(Object.keys(body.exhibitors![0]!).sort()).toEqual(['_links', 'id', 'weight']);
      expect(Object.keys(body.exhibitions![0]!).sort()).toEqual(['_links', 'id', 'start_date']);
      expect(Object.keys(body.service_providers![0]!).sort()).toEqual(['_links', 'id']);
    },
  },
  { name: 'an empty fields is every field', url: datasetUrl(['type', 'exhibitor'], ['fields', ' ']), status: 200 },
  {
    name: 'a fields of commas alone is every field, as if absent',
    url: datasetUrl(['type', 'exhibitor'], ['fields', ',,,'], ['limit', '2']),
    status: 200,
    check: (body) => {
      expect(Object.keys(body.exhibitors![0]!)).toContain('company_en');
      expect(body._meta.next).not.toContain('fields');
    },
  },
  {
    name: 'a thousand names that are no fields are refused, a few quoted and the rest counted',
    url: datasetUrl(['type', 'exhibitor'], ['fields', Array.from({ length: 1000 }, (_, i) => `f${i}`).join(',')]),
    status: 400,
    check: (body) => {
      refused('fields')(body);
      const message = body.error!.message!;
      expect(message).toMatch(
        /^fields: "f0", "f1", "f2", "f3", "f4" and 995 other names are no fields of an exhibitor; /,
      );
      expect(message.length).toBeLessThan(600);
    },
  },
  {
    name: 'a name that is no field of a service provider is refused in good grammar',
    url: datasetUrl(['type', 'service_provider'], ['fields', 'weight']),
    status: 400,
    check: (body) => expect(body.error!.message).toMatch(/^fields: "weight" is no field of a service_provider; /),
  },
  {
    name: 'a name that is no field of the kind is refused',
    url: datasetUrl(['type', 'exhibition'], ['fields', 'name_en,weight']),
    status: 400,
    check: refused('fields'),
  },
];

const alternatives: ContractCase[] = [
  {
    name: 'text alternatives find what either finds, each ranked by its best',
    url: datasetUrl(['type', 'exhibitor'], ['text', 'solar panels|太阳能电池板'], ['limit', '50']),
    status: 200,
    check: finds(2),
  },
  {
    name: 'text alternatives with a filter, padded, one repeated',
    url: datasetUrl(['type', 'all'], ['text', ' products | 汽车 |products'], ['country', 'China']),
    status: 200,
    check: finds(),
  },
  {
    name: 'nine text alternatives are refused',
    url: datasetUrl(['type', 'exhibitor'], ['text', 'a|b|c|d|e|f|g|h|i']),
    status: 400,
    check: refused('text'),
  },
];

/** The check that a body's exhibitors include one tagged `other` and not `tag`: found by another name of its industry. */
const taggedOnly = (tag: string, other: string) => (body: Body) => {
  const tags = (entity: Record<string, unknown>) => (entity.industry_tags as string[]).map((t) => t.toLowerCase());
  expect(body.exhibitors!.some((entity) => tags(entity).includes(other) && !tags(entity).includes(tag))).toBe(true);
};

const industries: ContractCase[] = [
  {
    name: "an exhibitors' industry in English finds those tagged in Chinese alone",
    url: datasetUrl(['type', 'exhibitor'], ['industry', 'Cosmetics'], ['limit', '500']),
    status: 200,
    check: taggedOnly('cosmetics', '美容化妆品'),
  },
  {
    name: "an exhibitors' industry in Chinese finds those tagged in English alone",
    url: datasetUrl(['type', 'exhibitor'], ['industry', '美容化妆品'], ['limit', '500']),
    status: 200,
    check: taggedOnly('美容化妆品', 'cosmetics'),
  },
  {
    name: 'an industry of both names on type=all with a text search',
    url: datasetUrl(['industry', '汽车'], ['text', 'products']),
    status: 200,
    check: finds(),
  },
  {
    name: 'an industry by its other name, filtered further and counted',
    url: datasetUrl(['type', 'exhibitor'], ['industry', '汽车'], ['country', 'China'], ['limit', '0']),
    status: 200,
    check: (body: Body) => expect(body._meta.total).toBeGreaterThan(0),
  },
];

const relatedTo = (collection: 'exhibitions' | 'exhibitors', min: number) => (body: Body) => {
  expect(body[collection]!.length).toBeGreaterThanOrEqual(min);
  expect(body._meta.total).toBeGreaterThanOrEqual(min);
};

// Ids of sample exhibitions (EXH-0014 is none): the first `count` of them.
const exhibitionIds = (count: number) =>
  Array.from({ length: count + 1 }, (_, i) => `EXH-${String(i + 1).padStart(4, '0')}`)
    .filter((id) => id !== 'EXH-0014')
    .slice(0, count)
    .join('|');

const relations: ContractCase[] = [
  {
    name: 'exhibition=ID gives the exhibitors of an exhibition',
    url: datasetUrl(['type', 'exhibitor'], ['exhibition', 'EXH-0028']),
    status: 200,
    check: relatedTo('exhibitors', 2),
  },
  {
    name: 'exhibitor=ID gives the exhibitions of an exhibitor, by date',
    url: datasetUrl(['type', 'exhibition'], ['exhibitor', 'EXR-000001'], ['sort', '-start_date']),
    status: 200,
    check: relatedTo('exhibitions', 2),
  },
  {
    name: 'a relation filter with a filter, text, fields and a window',
    url: datasetUrl(
      ['type', 'exhibitor'],
      ['exhibition', 'EXH-0028'],
      ['country', 'China'],
      ['text', 'products'],
      ['fields', 'company_en'],
      ['limit', '2'],
      ['offset', '1'],
    ),
    status: 200,
  },
  {
    name: 'a relation counted',
    url: datasetUrl(['type', 'exhibitor'], ['exhibition', 'EXH-0028'], ['limit', '0']),
    status: 200,
    check: (body) => expect(body._meta.total).toBeGreaterThanOrEqual(2),
  },
  {
    name: 'a relation filter with a date window and a status',
    url: datasetUrl(
      ['type', 'exhibition'],
      ['exhibitor', 'EXR-000001'],
      ['from', '2026-01-01'],
      ['status', 'upcoming'],
    ),
    status: 200,
  },
  {
    name: 'an id no exhibition has is a 404',
    url: datasetUrl(['type', 'exhibitor'], ['exhibition', 'NO-SUCH-ID']),
    status: 404,
  },
  {
    name: 'an id no exhibitor has is a 404',
    url: datasetUrl(['type', 'exhibition'], ['exhibitor', 'exr-000001']),
    status: 404,
  },
  {
    name: 'exhibition= with another type is refused',
    url: datasetUrl(['type', 'all'], ['exhibition', 'EXH-0028']),
    status: 400,
    check: refused('exhibition'),
  },
  {
    name: 'exhibition=A|B gives the exhibitors of either, each once',
    url: datasetUrl(['type', 'exhibitor'], ['exhibition', 'EXH-0028|EXH-0001'], ['limit', '500']),
    status: 200,
    check: (body) => {
      relatedTo('exhibitors', 3)(body);
      const ids = body.exhibitors!.map((exhibitor) => exhibitor.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(body._meta.total!);
      for (const exhibitor of body.exhibitors!)
        expect(exhibitor.exhibition_ids).toEqual(expect.arrayContaining([expect.stringMatching(/^EXH-00(28|01)$/)]));
    },
  },
  {
    name: 'exhibition=A|B counted, filtered and searched',
    url: datasetUrl(
      ['type', 'exhibitor'],
      ['exhibition', 'EXH-0028|EXH-0001|EXH-0013'],
      ['country', 'China'],
      ['text', 'products'],
      ['limit', '0'],
    ),
    status: 200,
  },
  {
    name: 'exhibition=A|B with a filter, paged',
    url: datasetUrl(
      ['type', 'exhibitor'],
      ['exhibition', 'EXH-0013|EXH-0004'],
      ['country', 'China'],
      ['limit', '5'],
      ['offset', '5'],
    ),
    status: 200,
    check: finds(6),
  },
  {
    name: 'exhibitor=A|B gives the exhibitions of either, by date',
    url: datasetUrl(['type', 'exhibition'], ['exhibitor', 'EXR-000001|EXR-000003|EXR-000007'], ['sort', 'start_date']),
    status: 200,
    check: relatedTo('exhibitions', 6),
  },
  {
    name: 'ids between | are trimmed and taken once',
    url: datasetUrl(['type', 'exhibitor'], ['exhibition', ' EXH-0028 | EXH-0028 ||']),
    status: 200,
    check: finds(2),
  },
  {
    name: 'an id no exhibition has, among others, is a 404',
    url: datasetUrl(['type', 'exhibitor'], ['exhibition', 'EXH-0028|NO-SUCH-ID']),
    status: 404,
  },
  {
    name: 'more than 20 ids between | are refused',
    url: datasetUrl(['type', 'exhibitor'], ['exhibition', exhibitionIds(21)]),
    status: 400,
    check: (body) => {
      refused('exhibition')(body);
      expect(body.error!.message).toMatch(/^exhibition takes at most 20 ids between \|; got 21/);
    },
  },
  {
    name: '20 ids between | are taken',
    url: datasetUrl(['type', 'exhibitor'], ['exhibition', exhibitionIds(20)], ['limit', '0']),
    status: 200,
    check: finds(100),
  },
];

const searches: ContractCase[] = [
  {
    name: 'q=汽车',
    url: datasetUrl(['type', 'exhibition'], ['q', '汽车']),
    status: 200,
    check: names('exhibitions', /汽车/),
  },
  {
    name: 'q=展览会',
    url: datasetUrl(['type', 'exhibition'], ['q', '展览会']),
    status: 200,
    check: names('exhibitions', /展览会/),
  },
  {
    name: 'q=国际汽车',
    url: datasetUrl(['type', 'exhibition'], ['q', '国际汽车']),
    status: 200,
    check: names('exhibitions', /国际汽车/),
  },
  { name: 'q=汽车 on all kinds', url: datasetUrl(['q', '汽车']), status: 200, check: finds(2) },
  {
    name: 'q=auto (an English prefix)',
    url: datasetUrl(['type', 'exhibition'], ['q', 'auto']),
    status: 200,
    check: names('exhibitions', /\bauto/i),
  },
  {
    name: 'q=koln finds Köln',
    url: datasetUrl(['type', 'exhibition'], ['q', 'koln']),
    status: 200,
    check: names('exhibitions', /Köln/),
  },
  {
    name: 'q=KÖLN INTER (two terms, AND)',
    url: datasetUrl(['type', 'exhibition'], ['q', 'KÖLN INTER']),
    status: 200,
    check: names('exhibitions', /Köln.*International/),
  },
  {
    name: "q=xi'an",
    url: datasetUrl(['type', 'exhibitor'], ['q', "xi'an"]),
    status: 200,
    check: names('exhibitors', /Xi'an/),
  },
  {
    name: 'q with a city filter',
    url: datasetUrl(['type', 'exhibition'], ['q', '国际'], ['city', 'shanghai']),
    status: 200,
    check: finds(),
  },
  {
    name: 'q with an industry and a country filter',
    url: datasetUrl(['type', 'exhibitor'], ['q', 'co'], ['industry', 'Lighting'], ['country', 'China']),
    status: 200,
    check: finds(),
  },
  {
    name: 'q windowed',
    url: datasetUrl(['type', 'exhibitor'], ['q', 'co'], ['limit', '5'], ['offset', '5']),
    status: 200,
    check: window(5, 5, 5),
  },
  {
    name: 'q windowed past its end',
    url: datasetUrl(['type', 'exhibitor'], ['q', 'co'], ['offset', '1000']),
    status: 200,
    check: window(100, 1000, 0),
  },
  { name: 'q without matches', url: datasetUrl(['q', 'zzzqqq']), status: 200, check: findsNothing },
  {
    name: 'a blank q is absent',
    url: datasetUrl(['type', 'exhibitor'], ['q', '   ']),
    status: 200,
    check: (body) => expect(body._meta.total).toBe(360),
  },
  { name: 'q of 200 characters', url: datasetUrl(['q', '汽'.repeat(200)]), status: 200, check: findsNothing },
];

// An entity's descriptive text as `text` reads it: names, tags, introduction, history and places.
const described = (entity: Record<string, unknown>) =>
  Object.entries(entity)
    .filter(([field]) => !['_links', '_rag_text', '_version', 'official_url', 'id'].includes(field))
    .flatMap(([, value]) => [value].flat())
    .filter((value): value is string => typeof value === 'string')
    .join(' ');
const describes = (collection: 'exhibitions' | 'exhibitors' | 'service_providers', pattern: RegExp) => (body: Body) => {
  expect(body[collection]!.length).toBeGreaterThan(0);
  for (const entity of body[collection]!) expect(described(entity)).toMatch(pattern);
};

const texts: ContractCase[] = [
  {
    name: 'text=tractor finds Tractors',
    url: datasetUrl(['type', 'exhibitor'], ['text', 'tractor']),
    status: 200,
    check: describes('exhibitors', /tractor/i),
  },
  {
    name: 'text=Tractors',
    url: datasetUrl(['type', 'exhibitor'], ['text', 'Tractors']),
    status: 200,
    check: describes('exhibitors', /tractor/i),
  },
  {
    name: 'text=拖拉机',
    url: datasetUrl(['type', 'exhibitor'], ['text', '拖拉机']),
    status: 200,
    check: describes('exhibitors', /拖拉机/),
  },
  {
    name: 'text=solar panel',
    url: datasetUrl(['text', 'solar panel']),
    status: 200,
    check: describes('exhibitors', /solar/i),
  },
  { name: 'text=太阳能电池板', url: datasetUrl(['text', '太阳能电池板']), status: 200, check: finds() },
  {
    name: 'text of a common intro word',
    url: datasetUrl(['type', 'exhibitor'], ['text', 'products']),
    status: 200,
    check: finds(100),
  },
  {
    name: 'text on exhibitions (organizer, venue)',
    url: datasetUrl(['type', 'exhibition'], ['text', 'messe']),
    status: 200,
    check: finds(),
  },
  {
    name: 'text on providers (service types)',
    url: datasetUrl(['type', 'service_provider'], ['text', 'interpretation']),
    status: 200,
    check: finds(),
  },
  {
    name: 'text with a country filter',
    url: datasetUrl(['type', 'exhibitor'], ['text', 'machinery'], ['country', 'China']),
    status: 200,
    check: finds(),
  },
  {
    name: 'text with q',
    url: datasetUrl(['type', 'exhibitor'], ['q', 'co'], ['text', 'products']),
    status: 200,
    check: finds(),
  },
  {
    name: 'text windowed deep',
    url: datasetUrl(['type', 'exhibitor'], ['text', 'products'], ['limit', '7'], ['offset', '101']),
    status: 200,
    check: window(7, 101, 7),
  },
  { name: 'text without matches', url: datasetUrl(['text', 'zzzqqq']), status: 200, check: findsNothing },
  {
    name: 'a blank text is absent',
    url: datasetUrl(['type', 'exhibitor'], ['text', ' ']),
    status: 200,
    check: (body) => expect(body._meta.total).toBe(360),
  },
];

const refusals: ContractCase[] = [
  { name: 'type=foo', url: datasetUrl(['type', 'foo']), status: 400, check: refused('type') },
  { name: 'limit=-1', url: datasetUrl(['limit', '-1']), status: 400, check: refused('limit') },
  { name: 'limit=1.5', url: datasetUrl(['limit', '1.5']), status: 400, check: refused('limit') },
  { name: 'limit=ten', url: datasetUrl(['limit', 'ten']), status: 400, check: refused('limit') },
  { name: 'offset=-1', url: datasetUrl(['offset', '-1']), status: 400, check: refused('offset') },
  { name: 'offset=2.5', url: datasetUrl(['offset', '2.5']), status: 400, check: refused('offset') },
  {
    name: 'an offset above 2^53 − 1',
    url: datasetUrl(['offset', '100000000000000000000000']),
    status: 400,
    check: refused('offset'),
  },
  { name: 'type given twice', url: '/api/public/dataset?type=all&type=exhibitor', status: 400, check: refused('type') },
  { name: 'city given twice', url: '/api/public/dataset?city=Paris&city=Paris', status: 400, check: refused('city') },
  { name: 'q of 201 characters', url: datasetUrl(['q', 'a'.repeat(201)]), status: 400, check: refused('q') },
  { name: 'text of 201 characters', url: datasetUrl(['text', 'a'.repeat(201)]), status: 400, check: refused('text') },
  { name: 'text given twice', url: '/api/public/dataset?text=a&text=a', status: 400, check: refused('text') },
  {
    name: 'an unknown parameter',
    url: datasetUrl(['foo', 'bar'], ['type', 'service_provider']),
    status: 400,
    check: refused('foo'),
  },
  {
    name: 'page (a guess for offset)',
    url: datasetUrl(['type', 'exhibition'], ['page', '2']),
    status: 400,
    check: refused('page'),
  },
  { name: 'a parameter in another case', url: datasetUrl(['Type', 'exhibition']), status: 400, check: refused('Type') },
  {
    name: 'status without type=exhibition',
    url: datasetUrl(['status', 'upcoming']),
    status: 400,
    check: refused('status'),
  },
  {
    name: 'status of exhibitors',
    url: datasetUrl(['type', 'exhibitor'], ['status', 'upcoming']),
    status: 400,
    check: refused('status'),
  },
  {
    name: 'an unknown status',
    url: datasetUrl(['type', 'exhibition'], ['status', 'soon']),
    status: 400,
    check: refused('status'),
  },
  {
    name: 'from of providers',
    url: datasetUrl(['type', 'service_provider'], ['from', '2026-01-01']),
    status: 400,
    check: refused('from'),
  },
  {
    name: 'a date that is none',
    url: datasetUrl(['type', 'exhibition'], ['to', '2026-02-30']),
    status: 400,
    check: refused('to'),
  },
  {
    name: 'to before from',
    url: datasetUrl(['type', 'exhibition'], ['from', '2026-03-02'], ['to', '2026-03-01']),
    status: 400,
    check: refused('to'),
  },
  {
    name: 'sort=weight',
    url: datasetUrl(['type', 'exhibition'], ['sort', 'weight']),
    status: 400,
    check: refused('sort'),
  },
  { name: 'sort on all', url: datasetUrl(['sort', 'start_date']), status: 400, check: refused('sort') },
];

// Every exhibition in the body starts on or before `to` and ends on or after `from`, and they come in the order `sort` asks.
const dated =
  ({ from, to, sort }: { from?: string; to?: string; sort?: 1 | -1 }) =>
  (body: Body) => {
    const exhibitions = body.exhibitions!;
    expect(exhibitions.length).toBeGreaterThan(0);
    for (const exhibition of exhibitions) {
      if (to !== undefined) expect(String(exhibition.start_date) <= to).toBe(true);
      if (from !== undefined) expect(String(exhibition.end_date) >= from).toBe(true);
    }
    const starts = exhibitions.map((exhibition) => String(exhibition.start_date));
    if (sort !== undefined) expect(starts).toEqual([...starts].sort((a, b) => sort * (a < b ? -1 : a > b ? 1 : 0)));
  };
const statusIs = (status: string) => (body: Body) => {
  expect(body.exhibitions!.length).toBeGreaterThan(0);
  for (const exhibition of body.exhibitions!) expect(exhibition.status).toBe(status);
};

const schedules: ContractCase[] = [
  {
    name: 'status=upcoming',
    url: datasetUrl(['type', 'exhibition'], ['status', 'upcoming']),
    status: 200,
    check: statusIs('upcoming'),
  },
  {
    name: 'status=ENDED (normalized)',
    url: datasetUrl(['type', 'exhibition'], ['status', ' ENDED ']),
    status: 200,
    check: statusIs('ended'),
  },
  {
    name: 'status=postponed',
    url: datasetUrl(['type', 'exhibition'], ['status', 'postponed']),
    status: 200,
    check: statusIs('postponed'),
  },
  {
    name: 'status with a country',
    url: datasetUrl(['type', 'exhibition'], ['country', 'China'], ['status', 'upcoming']),
    status: 200,
    check: statusIs('upcoming'),
  },
  {
    name: 'status with q',
    url: datasetUrl(['type', 'exhibition'], ['q', 'expo'], ['status', 'ended']),
    status: 200,
    check: statusIs('ended'),
  },
  {
    name: 'from and to: one month',
    url: datasetUrl(['type', 'exhibition'], ['from', '2026-05-01'], ['to', '2026-05-31']),
    status: 200,
    check: dated({ from: '2026-05-01', to: '2026-05-31' }),
  },
  {
    name: 'from alone',
    url: datasetUrl(['type', 'exhibition'], ['from', '2027-06-01'], ['limit', '3']),
    status: 200,
    check: dated({ from: '2027-06-01' }),
  },
  {
    name: 'to alone',
    url: datasetUrl(['type', 'exhibition'], ['to', '2024-12-31']),
    status: 200,
    check: dated({ to: '2024-12-31' }),
  },
  {
    name: 'a window of one day',
    url: datasetUrl(['type', 'exhibition'], ['from', '2025-06-17'], ['to', '2025-06-17']),
    status: 200,
    check: dated({ from: '2025-06-17', to: '2025-06-17' }),
  },
  {
    name: 'a window without exhibitions',
    url: datasetUrl(['type', 'exhibition'], ['from', '1990-01-01'], ['to', '1990-12-31']),
    status: 200,
    check: findsNothing,
  },
  {
    name: 'sort=-start_date',
    url: datasetUrl(['type', 'exhibition'], ['sort', '-start_date'], ['limit', '20'], ['offset', '10']),
    status: 200,
    check: dated({ sort: -1 }),
  },
  {
    name: 'sort=start_date',
    url: datasetUrl(['type', 'exhibition'], ['sort', 'start_date']),
    status: 200,
    check: dated({ sort: 1 }),
  },
  {
    name: 'q sorted by start date',
    url: datasetUrl(['type', 'exhibition'], ['q', 'expo'], ['sort', 'start_date']),
    status: 200,
    check: dated({ sort: 1 }),
  },
  {
    name: 'text in a window, latest first',
    url: datasetUrl(['type', 'exhibition'], ['text', 'messe'], ['from', '2025-01-01'], ['sort', '-start_date']),
    status: 200,
    check: dated({ from: '2025-01-01', sort: -1 }),
  },
  {
    name: 'status, a window and an order with an industry',
    url: datasetUrl(
      ['type', 'exhibition'],
      ['industry', 'automotive'],
      ['status', 'ended'],
      ['to', '2026-12-31'],
      ['sort', '-start_date'],
    ),
    status: 200,
    check: statusIs('ended'),
  },
];

/** `_meta.unmatched` of a filter value no entity of the kinds asked holds (docs/api.md#unmatched). */
const unmatchedIs =
  (...expected: { parameter: string; value: string; facets: string[]; closest: string[] }[]) =>
  (body: Body) => {
    expect(body._meta.total).toBe(0);
    expect(body._meta.unmatched).toEqual(
      expected.map(({ facets, ...entry }) => ({
        ...entry,
        facets: Object.fromEntries(
          facets.map((collection) => [
            collection,
            `${String(body._meta.base_url)}/api/public/facets/${collection}/${entry.parameter}.json`,
          ]),
        ),
      })),
    );
    // Written before the dictionary, which stays last.
    expect(Object.keys(body._meta).slice(-2)).toEqual(['unmatched', 'entities']);
  };
const noUnmatched = (body: Body) => expect(body._meta).not.toHaveProperty('unmatched');

const unmatched: ContractCase[] = [
  {
    name: 'a city in another language: named, with its facet document, nothing close',
    url: datasetUrl(['type', 'exhibition'], ['city', 'Cologne']),
    status: 200,
    check: unmatchedIs({ parameter: 'city', value: 'Cologne', facets: ['exhibitions'], closest: [] }),
  },
  {
    name: 'a country in another language',
    url: datasetUrl(['type', 'exhibition'], ['country', ' Deutschland ']),
    status: 200,
    check: unmatchedIs({ parameter: 'country', value: 'Deutschland', facets: ['exhibitions'], closest: [] }),
  },
  {
    name: 'a city without its accent: the accented one is closest',
    url: datasetUrl(['type', 'exhibition'], ['city', 'koln']),
    status: 200,
    check: unmatchedIs({ parameter: 'city', value: 'koln', facets: ['exhibitions'], closest: ['Köln'] }),
  },
  {
    name: 'a misspelt city: the one an edit away is closest',
    url: datasetUrl(['type', 'exhibition'], ['city', 'Shangai']),
    status: 200,
    check: unmatchedIs({ parameter: 'city', value: 'Shangai', facets: ['exhibitions'], closest: ['Shanghai'] }),
  },
  {
    name: 'type=all: the facet document of each kind, punctuation folded',
    url: datasetUrl(['city', 'XIAN']),
    status: 200,
    check: unmatchedIs({
      parameter: 'city',
      value: 'XIAN',
      facets: ['exhibitions', 'exhibitors', 'service_providers'],
      closest: ["Xi'an"],
    }),
  },
  {
    name: 'a city only exhibitors hold, asked of exhibitions',
    url: datasetUrl(['type', 'exhibition'], ['city', 'Dongguan']),
    status: 200,
    check: (body) => expect(body._meta.unmatched).toMatchObject([{ parameter: 'city', value: 'Dongguan' }]),
  },
  { name: 'the same city asked of all kinds', url: datasetUrl(['city', 'Dongguan']), status: 200, check: finds() },
  {
    name: 'two values nobody holds, in parameter order, with a search and as a count',
    url: datasetUrl(['type', 'exhibitor'], ['q', 'co'], ['city', 'Shangai'], ['industry', 'Robotcs'], ['limit', '0']),
    status: 200,
    check: (body) =>
      expect(body._meta.unmatched).toMatchObject([
        { parameter: 'industry', value: 'Robotcs', closest: ['Robotics'] },
        { parameter: 'city', value: 'Shangai', closest: ['Shanghai'] },
      ]),
  },
  {
    name: 'values that exist, in a combination without matches: no hint',
    url: datasetUrl(['type', 'exhibition'], ['country', 'Germany'], ['city', 'Shanghai']),
    status: 200,
    check: (body) => {
      findsNothing(body);
      noUnmatched(body);
    },
  },
  {
    name: 'a search without matches: no hint',
    url: datasetUrl(['type', 'exhibition'], ['q', 'zzzzqx'], ['city', 'Köln']),
    status: 200,
    check: (body) => {
      findsNothing(body);
      noUnmatched(body);
    },
  },
];

// The lines of a CSV answer (the body as text), each without its CRLF.
const csvLines = (body: Body): string[] => {
  expect(typeof body).toBe('string');
  const text = body as unknown as string;
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
};

const csv: ContractCase[] = [
  {
    name: 'format=csv: a header of id and the fields named, a row per entity',
    url: datasetUrl(
      ['type', 'exhibitor'],
      ['fields', 'company_en,product_tags,weight,_links'],
      ['format', 'csv'],
      ['limit', '5'],
    ),
    status: 200,
    check: (body) => {
      const lines = csvLines(body);
      expect(lines[0]).toBe('id,company_en,product_tags,weight,_links');
      expect(lines).toHaveLength(6);
    },
  },
  {
    name: 'format=csv without fields: every field but _links, _rag_text and _version',
    url: datasetUrl(['type', 'service_provider'], ['format', 'csv'], ['limit', '3'], ['offset', '1']),
    status: 200,
    check: (body) =>
      expect(csvLines(body)[0]).toBe(
        'id,name_cn,name_en,service_types,cover_regions,good_at_industry,intro,case_images,is_verified',
      ),
  },
  {
    name: 'format=csv of exhibitions, filtered, searched and by date',
    url: datasetUrl(
      ['type', 'exhibition'],
      ['text', 'expo'],
      ['country', 'China'],
      ['sort', '-start_date'],
      ['format', 'csv'],
    ),
    status: 200,
    check: (body) => expect(csvLines(body).length).toBeGreaterThan(1),
  },
  {
    name: 'format=csv of several exhibitions’ exhibitors',
    url: datasetUrl(
      ['type', 'exhibitor'],
      ['exhibition', 'EXH-0028|EXH-0001'],
      ['fields', 'company_cn,exhibition_ids'],
      ['format', 'csv'],
    ),
    status: 200,
    check: (body) => expect(csvLines(body).length).toBeGreaterThan(3),
  },
  {
    name: 'format=csv takes a limit above 500, every exhibitor in one answer',
    url: datasetUrl(['type', 'exhibitor'], ['format', 'csv'], ['limit', '700'], ['offset', '10']),
    status: 200,
    check: (body) => expect(csvLines(body).length).toBeGreaterThan(300),
  },
  {
    name: 'format=csv serves a limit above 10,000 as 10,000',
    url: datasetUrl(['type', 'exhibitor'], ['format', 'csv'], ['fields', 'id'], ['limit', '20000'], ['offset', '1']),
    status: 200,
    check: (body) => expect(csvLines(body)[0]).toBe('id'),
  },
  {
    name: 'format=csv with limit=0 is the header alone',
    url: datasetUrl(['type', 'exhibition'], ['format', 'csv'], ['fields', 'city'], ['limit', '0']),
    status: 200,
    check: (body) => expect(csvLines(body)).toEqual(['id,city']),
  },
  {
    name: 'format=json is the default answer',
    url: datasetUrl(['type', 'exhibition'], ['format', ' json '], ['limit', '2']),
    status: 200,
    check: (body) => expect(body.exhibitions).toHaveLength(2),
  },
  {
    name: 'format=csv with type=all is refused',
    url: datasetUrl(['format', 'csv']),
    status: 400,
    check: refused('format'),
  },
  {
    name: 'an unknown format is refused',
    url: datasetUrl(['type', 'exhibitor'], ['format', 'xlsx']),
    status: 400,
    check: refused('format'),
  },
];

// Whether an answer is compact: no dictionary, and no `_links` in any entity.
const compact = (body: Body) => {
  expect(body._meta).not.toHaveProperty('entities');
  for (const collection of ['exhibitions', 'exhibitors', 'service_providers'] as const)
    for (const entity of body[collection] ?? []) expect(entity).not.toHaveProperty('_links');
};

const compactAnswers: ContractCase[] = [
  {
    name: 'fields=id&meta=counts: ids alone, no links, no dictionary',
    url: datasetUrl(['type', 'exhibitor'], ['fields', 'id'], ['meta', 'counts'], ['limit', '5'], ['offset', '2']),
    status: 200,
    check: (body) => {
      compact(body);
      expect(body.exhibitors!.map((exhibitor) => Object.keys(exhibitor))).toEqual(Array(5).fill(['id']));
      expect(body._meta.next).toContain('&fields=id&meta=counts&limit=5&offset=7');
    },
  },
  {
    name: 'meta=counts on every kind, with a search',
    url: datasetUrl(['q', 'international'], ['meta', 'counts'], ['limit', '3']),
    status: 200,
    check: compact,
  },
  {
    name: 'meta=counts keeps _links when fields names them',
    url: datasetUrl(['type', 'exhibition'], ['fields', 'name_en,_links'], ['meta', 'counts'], ['limit', '2']),
    status: 200,
    check: (body) => {
      expect(body._meta).not.toHaveProperty('entities');
      expect(body.exhibitions![0]).toHaveProperty('_links.exhibitors');
    },
  },
  {
    name: 'meta=counts with no match still names the unmatched value',
    url: datasetUrl(['type', 'exhibitor'], ['country', 'Atlantis'], ['meta', 'counts']),
    status: 200,
    check: (body) => {
      compact(body);
      expect(body._meta.unmatched).toBeDefined();
    },
  },
  {
    name: 'meta=full is the default answer',
    url: datasetUrl(['type', 'exhibitor'], ['meta', 'full'], ['limit', '1']),
    status: 200,
    check: (body) => expect(body._meta.entities).toBeDefined(),
  },
  {
    name: 'an unknown meta is refused',
    url: datasetUrl(['type', 'exhibitor'], ['meta', 'none']),
    status: 400,
    check: refused('meta'),
  },
];

// `_meta.facets` of an answer: each field's counts equal those of the matches the body holds (every match, limit=500),
// most first; the values as entities spell them, but for case.
const facetsCount =
  (
    collection: 'exhibitions' | 'exhibitors' | 'service_providers',
    fields: Record<string, (entity: Record<string, unknown>) => unknown>,
  ) =>
  (body: Body) => {
    const entities = body[collection]!;
    expect(entities).toHaveLength(body._meta.total!);
    const facets = body._meta.facets as Record<string, { value: string; count: number }[]>;
    for (const [field, valuesOf] of Object.entries(fields)) {
      const held = new Map<string, number>();
      for (const entity of entities)
        for (const value of new Set([valuesOf(entity)].flat().map((value) => String(value).toLowerCase())))
          held.set(value, (held.get(value) ?? 0) + 1);
      expect(facets[field]!.length).toBeGreaterThan(0);
      for (const { value, count } of facets[field]!)
        expect(count, `${field} ${value}`).toBe(held.get(value.toLowerCase()));
      const counts = facets[field]!.map(({ count }) => count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(counts[0]).toBe(Math.max(...held.values()));
    }
  };

const facets: ContractCase[] = [
  {
    name: 'facets count the values of every match, as the matches hold them',
    url: datasetUrl(['type', 'exhibitor'], ['country', 'China'], ['facets', 'city,country'], ['limit', '500']),
    status: 200,
    check: facetsCount('exhibitors', { city: (entity) => entity.city, country: (entity) => entity.country }),
  },
  {
    name: 'facets of exhibitions by status and city, as the matches hold them',
    url: datasetUrl(['type', 'exhibition'], ['facets', 'status,city'], ['facet_size', '100'], ['limit', '500']),
    status: 200,
    check: facetsCount('exhibitions', { status: (entity) => entity.status, city: (entity) => entity.city }),
  },
  {
    name: 'facets of query filters: exhibitions by organizer and venue, as the matches hold them',
    url: datasetUrl(['type', 'exhibition'], ['facets', 'organizer,venue'], ['facet_size', '100'], ['limit', '500']),
    status: 200,
    check: facetsCount('exhibitions', { organizer: (entity) => entity.organizer, venue: (entity) => entity.venue }),
  },
  {
    name: 'facets of query filters: providers by verification, as the matches hold them',
    url: datasetUrl(['type', 'service_provider'], ['facets', 'verified'], ['limit', '500']),
    status: 200,
    check: facetsCount('service_providers', { verified: (entity) => entity.is_verified }),
  },
  {
    name: 'facets of a search count every match, not the window',
    url: datasetUrl(['type', 'exhibitor'], ['text', 'products'], ['facets', 'country,industry,city'], ['limit', '3']),
    status: 200,
    check: (body) => {
      const facets = body._meta.facets as Record<string, { count: number }[]>;
      expect(Object.keys(facets)).toEqual(['country', 'industry', 'city']);
      expect(facets.country!.reduce((sum, { count }) => sum + count, 0)).toBeGreaterThan(3);
      expect(body._meta.next).toMatch(/&facets=country%2Cindustry%2Ccity&limit=3&offset=3/);
    },
  },
  {
    name: 'facets with limit=0 count alone',
    url: datasetUrl(['type', 'service_provider'], ['facets', 'country,industry'], ['facet_size', '3'], ['limit', '0']),
    status: 200,
    check: (body) => {
      const facets = body._meta.facets as Record<string, { count: number }[]>;
      expect(facets.country).toHaveLength(3);
      expect(facets.industry).toHaveLength(3);
    },
  },
  {
    name: 'facets of an industry by its other name, with a relation filter and meta=counts',
    url: datasetUrl(
      ['type', 'exhibitor'],
      ['exhibition', 'EXH-0028|EXH-0001|EXH-0013'],
      ['facets', 'industry,country'],
      ['meta', 'counts'],
      ['limit', '1'],
    ),
    status: 200,
    check: finds(3),
  },
  {
    name: 'facets of exhibitions by date and keyword',
    url: datasetUrl(
      ['type', 'exhibition'],
      ['q', 'expo'],
      ['from', '2026-01-01'],
      ['facets', ' country , city ,country'],
      ['facet_size', '2'],
      ['limit', '2'],
      ['offset', '1'],
    ),
    status: 200,
  },
  {
    name: 'facets of an answer with no match are empty',
    url: datasetUrl(['type', 'exhibitor'], ['country', 'Atlantis'], ['facets', 'city']),
    status: 200,
    check: (body) => expect(body._meta.facets).toEqual({ city: [] }),
  },
  {
    name: 'an empty facets is absent',
    url: datasetUrl(['type', 'exhibitor'], ['facets', ' , '], ['limit', '1']),
    status: 200,
    check: (body) => expect(body._meta).not.toHaveProperty('facets'),
  },
  ...(
    [
      ['facets with type=all', [['facets', 'country']], 'facets'],
      [
        'facets naming no field',
        [
          ['type', 'exhibitor'],
          ['facets', 'country,name'],
        ],
        'facets',
      ],
      [
        'facets naming a field the kind is not filtered by',
        [
          ['type', 'exhibitor'],
          ['facets', 'status'],
        ],
        'facets',
      ],
      [
        'facets naming a field in other case',
        [
          ['type', 'exhibitor'],
          ['facets', 'Country'],
        ],
        'facets',
      ],
      [
        'facets with format=csv',
        [
          ['type', 'exhibitor'],
          ['format', 'csv'],
          ['facets', 'city'],
        ],
        'facets',
      ],
      [
        'facet_size 0',
        [
          ['type', 'exhibitor'],
          ['facets', 'city'],
          ['facet_size', '0'],
        ],
        'facet_size',
      ],
      [
        'facet_size 101',
        [
          ['type', 'exhibitor'],
          ['facets', 'city'],
          ['facet_size', '101'],
        ],
        'facet_size',
      ],
      [
        'facet_size empty',
        [
          ['type', 'exhibitor'],
          ['facets', 'city'],
          ['facet_size', ''],
        ],
        'facet_size',
      ],
      [
        'facet_size 1.5',
        [
          ['type', 'exhibitor'],
          ['facets', 'city'],
          ['facet_size', '1.5'],
        ],
        'facet_size',
      ],
      [
        'facet_size without facets',
        [
          ['type', 'exhibitor'],
          ['facet_size', '5'],
        ],
        'facet_size',
      ],
    ] as const
  ).map(([name, pairs, parameter]) => ({
    name: `${name} is refused`,
    url: datasetUrl(...(pairs as unknown as [string, string][])),
    status: 400,
    check: refused(parameter),
  })),
];

const schema: ContractCase[] = [
  {
    name: 'the schema',
    url: '/api/public/schema',
    status: 200,
    check: (body) => expect(body._meta).toMatchObject({ type: 'schema', schema_version: '1.0' }),
  },
];

/** Every contract case. */
export const CONTRACT_CASES: readonly ContractCase[] = [
  ...types,
  ...filters,
  ...windows,
  ...counts,
  ...fields,
  ...industries,
  ...relations,
  ...alternatives,
  ...searches,
  ...texts,
  ...schedules,
  ...refusals,
  ...unmatched,
  ...csv,
  ...compactAnswers,
  ...facets,
  ...schema,
];

/**
 * Paths that try to leave the site or reach what it keeps private; each must get a 4xx
 * JSON error and never the document.
 */
export const ESCAPES: readonly string[] = [
  '/../../../../etc/passwd',
  '/api/public/../schema.json',
  '/api/public/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/api/public/%2E%2E/public/schema.json',
  '/api/public/..%2fpublic%2fschema.json',
  '/api/public/dataset/..%5c..%5cschema.json',
  '/api/public\\..\\public\\schema.json',
  '/api/public/schema.json%00',
  '/api/public/schema.json%00.png',
  '/api//public/schema.json',
  '//api/public/schema.json',
  '/.dataset-site/manifest.json',
  '/_routes.json',
  '/api/public/../../_routes.json',
  '/%2edataset-site/manifest.json',
  '/api/public/schema.json/',
  '/api/public/dataset/',
  '/api/public',
  '/%ZZ',
];
