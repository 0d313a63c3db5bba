import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../../src/query/dataset/index.js';
import type { Entity } from '../../../src/query/semantics/entity.js';
import { parseDatasetQuery } from '../../../src/query/semantics/params.js';
import { queryTerms, searchShardsNow, shardIndex, tokenize } from '../../../src/query/search/index.js';
import { compareCodePoints, normalize } from '../../../src/query/semantics/text.js';
import { hash53, hash53Utf8 } from '../../../src/query/semantics/hash.js';

describe('normalize', () => {
  it('applies NFKC, trims, collapses white space and lower-cases', () => {
    expect(normalize('  Frankfurt\u00a0 am\tMAIN ')).toBe('frankfurt am main');
    expect(normalize('ＡＵＴＯ')).toBe('auto');
    expect(normalize(normalize('Ⅻ Köln'))).toBe(normalize('Ⅻ Köln'));
  });
});

describe('compareCodePoints', () => {
  it('orders by code point, astral characters after U+FFFF (property)', () => {
    const byCodePoints = (a: string, b: string) => {
      const x = [...a].map((c) => c.codePointAt(0)!);
      const y = [...b].map((c) => c.codePointAt(0)!);
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
      return x.length - y.length;
    };
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(Math.sign(compareCodePoints(a, b))).toBe(Math.sign(byCodePoints(a, b)));
      }),
      { numRuns: 2000 },
    );
    expect(compareCodePoints('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
  });
});

describe('hash53Utf8', () => {
  it('hashes a text as hash53 hashes its UTF-8 (property), lone surrogates as the encoder writes them', () => {
    const utf8 = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(hash53Utf8(text)).toBe(hash53(utf8.encode(text)));
      }),
      { numRuns: 1000 },
    );
    for (const text of ['有限公司 Ltd', '\u{1F600}x', '\ud800', 'a\udc00b', '\u07ff\u0800\uffff'])
      expect(hash53Utf8(text)).toBe(hash53(utf8.encode(text)));
  });
});

describe('tokenize', () => {
  it('folds Latin words and splits CJK runs into bigrams', () => {
    expect(tokenize("Köln Xi'an 上海国际汽车展")).toEqual([
      'koln',
      'xian',
      '上海',
      '海国',
      '国际',
      '际汽',
      '汽车',
      '车展',
    ]);
    expect(tokenize('车')).toEqual(['车']);
    expect(tokenize('ABC汽车2025')).toEqual(['abc', '汽车', '2025']);
  });

  it('cuts ASCII text as it cuts the same text through normalization (property)', () => {
    // A no-break space is not ASCII, and NFKC makes it a space: the text then takes the normalizing path.
    const ascii = fc.oneof(
      fc.string({ unit: fc.constantFrom(..."aZ09 '-_.,;:!?/\t\n"), maxLength: 40 }),
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
      fc.constantFrom('x'.repeat(65), `Xi'an ${'A'.repeat(70)} co., ltd.`),
    );
    fc.assert(
      fc.property(ascii, (text) => {
        expect(tokenize(text)).toEqual(tokenize(`${text}\u00a0`));
      }),
      { numRuns: 500 },
    );
  });

  it('cuts ASCII and Han text as it cuts the same text through normalization (property)', () => {
    // Han from the edges of the block and inside it, the punctuation the shortcut takes, and what NFKC would change.
    const unit = fc.constantFrom(..."aZ09 '-,.上海国际汽车展一\u9fff，。、；：？！（）“”", '\u4e00', '\u9fa5');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        expect(tokenize(text)).toEqual(tokenize(`${text}\u00a0`));
      }),
      { numRuns: 1000 },
    );
    expect(tokenize('杭州联创电子制造有限公司成立于2003年，专业从事移动电源、印刷电路板')).toContain('有限');
  });
});

describe('search', () => {
  const names = [
    { id: 'a', name_cn: '上海国际汽车展览会', name_en: 'Auto Shanghai' },
    { id: 'b', name_cn: '广州国际照明展览会', name_en: 'Guangzhou International Lighting Exhibition' },
    { id: 'c', name_cn: null, name_en: 'Köln Messe Food' },
  ];
  const index = shardIndex('q', 'exhibition', names);
  it.each([
    ['汽车', [0]],
    ['展览会', [0, 1]],
    ['国际汽车', [0]],
    ['上海汽车', []],
    ['koln', [2]],
    ['KÖLN', [2]],
    ['light exhib', [1]],
    ['auto lighting', []],
  ])('%s finds %j', (q, ranks) => {
    expect([...searchShardsNow(index, queryTerms('q', q)).ranks].sort((a, b) => a - b)).toEqual(ranks);
  });
});

describe('parseDatasetQuery', () => {
  const parse = (query: string) => parseDatasetQuery(new URLSearchParams(query));
  it('fills in defaults and clamps limit', () => {
    expect(parse('')).toEqual({ ok: true, query: { type: 'all', limit: 100, offset: 0 } });
    expect(parse('type=exhibitor&limit=501&offset=7&q=%20%20&city=%20K%C3%B6ln%20')).toEqual({
      ok: true,
      query: { type: 'exhibitor', limit: 500, offset: 7, city: 'Köln' },
    });
    expect(
      parse('type=exhibition&status=%20Upcoming&from=2026-03-01&to=2026-03-31&sort=-start_date&from='),
    ).toMatchObject({ ok: false });
    expect(parse('type=exhibition&status=%20Upcoming&from=2026-03-01&to=2026-03-31&sort=-start_date&text=')).toEqual({
      ok: true,
      query: {
        type: 'exhibition',
        limit: 100,
        offset: 0,
        status: 'Upcoming',
        from: '2026-03-01',
        to: '2026-03-31',
        sort: '-start_date',
      },
    });
    expect(parse('type=exhibition&to=2026-03-31&from=%20')).toEqual({
      ok: true,
      query: { type: 'exhibition', limit: 100, offset: 0, to: '2026-03-31' },
    });
  });
  it('takes 29 February of year 0, a leap year of the proleptic Gregorian calendar', () => {
    expect(parse('type=exhibition&from=0000-02-29')).toEqual({
      ok: true,
      query: { type: 'exhibition', limit: 100, offset: 0, from: '0000-02-29' },
    });
  });
  it.each([
    [
      'foo=bar',
      'foo',
      'unknown parameter "foo"; the accepted ones are type, q, text, industry, country, city, status, product, service, organizer, venue, verified, exhibition, exhibitor, from, to, start_from, start_to, sort, fields, format, meta, facets, facet_size, limit, offset, snapshot',
    ],
    [
      'type=exhibitor&page=2',
      'page',
      'unknown parameter "page"; this API pages by offset: give offset=(page − 1) × limit; the accepted ones are',
    ],
    ['Type=exhibitor', 'Type', 'unknown parameter "Type"'],
    [
      'start_date=2026-12-01',
      'start_date',
      'give start_from and start_to (exhibitions opening in the window), or from and to',
    ],
    [
      'type=exhibition&status=soon',
      'status',
      'status must be one of upcoming, ongoing, ended, cancelled, postponed; got "soon"',
    ],
    ['status=upcoming', 'status', 'status applies to exhibitions only; give type=exhibition (type is all)'],
    ['type=exhibitor&from=2026-01-01', 'from', 'from applies to exhibitions only'],
    ['type=service_provider&sort=start_date', 'sort', 'sort applies to exhibitions only'],
    ['type=exhibition&sort=weight', 'sort', 'sort must be one of start_date, -start_date; got "weight"'],
    ['type=exhibition&from=2026-02-30', 'from', 'from must be a date YYYY-MM-DD; got "2026-02-30"'],
    ['type=exhibition&to=2026-1-5', 'to', 'to must be a date YYYY-MM-DD'],
    ['type=exhibition&from=2026-03-02&to=2026-03-01', 'to', 'to (2026-03-01) must not be before from (2026-03-02)'],
  ])('refuses %s naming %s: %s', (query, parameter, message) => {
    const result = parse(query);
    expect(result).toMatchObject({ ok: false, error: { parameter } });
    if (!result.ok) expect(result.error.message).toContain(message);
  });
  it.each([
    ['type=foo', 'type'],
    ['limit=-1', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1e3', 'offset'],
    ['type=all&type=exhibitor', 'type'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s naming %s', (query, parameter) => {
    const result = parse(query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.parameter).toBe(parameter);
  });
});

describe('Dataset', () => {
  const entity = (id: string, fields: Record<string, unknown>): Entity => ({ id, ...fields });
  it('orders by the default order with ties by id in code-point order', () => {
    const dataset = new Dataset({
      exhibition: [],
      exhibitor: [entity('b', { weight: 5 }), entity('a', { weight: 5 }), entity('c', { weight: 9 })],
      service_provider: [entity('z', { is_verified: false }), entity('y', { is_verified: true })],
    });
    expect(dataset.entities.exhibitor.map((e) => e.id)).toEqual(['c', 'a', 'b']);
    expect(dataset.entities.service_provider.map((e) => e.id)).toEqual(['y', 'z']);
  });
  it('matches filters by exact normalized value, never by substring', () => {
    const dataset = new Dataset({
      exhibition: [],
      exhibitor: [
        entity('a', { industry_tags: [' AUTOMOTIVE '], city: 'Köln' }),
        entity('b', { industry_tags: ['Automotive Parts'], city: null }),
      ],
      service_provider: [],
    });
    expect(dataset.match('exhibitor', { industry: 'automotive' })).toEqual([0]);
    expect(dataset.match('exhibitor', { city: 'KÖLN', industry: 'Automotive' })).toEqual([0]);
    expect(dataset.match('exhibitor', { city: 'köl' })).toEqual([]);
  });
});
