/**
 * The query filters' logic in query/semantics (docs/api.md#query-filters): a tag's spellings folded to one value,
 * a tag filter's alternatives, what parsing refuses, and the window of opening days.
 */
import { describe, expect, it } from 'vitest';
import {
  filterAlternatives,
  filterValues,
  matchedFilters,
  NO_INDUSTRY_NAMES,
  parseDatasetQuery,
  scheduleOf,
  spellingKey,
  startWindow,
  dayNumber,
  withinSchedule,
  dayWindow,
  type DatasetQuery,
} from '../../../src/query/semantics/index.js';

const parse = (query: string) => parseDatasetQuery(new URLSearchParams(query));
const refusal = (query: string) => {
  const parsed = parse(query);
  return parsed.ok ? undefined : parsed.error;
};

describe('a tag', () => {
  it('is one value in the plural and the singular, each Latin word of four letters or more folded', () => {
    expect(spellingKey('product', 'solar panels')).toBe('solar panel');
    expect(spellingKey('product', 'solar panel')).toBe('solar panel');
    expect(spellingKey('service', 'batteries & chargers')).toBe('battery & charger');
    // Short words, other scripts and accented words stay as they are.
    expect(spellingKey('product', 'gps units')).toBe('gps unit');
    expect(spellingKey('product', '太阳能电池板')).toBe('太阳能电池板');
    // Any other filter compares its value as normalized.
    expect(spellingKey('organizer', 'messe frankfurt trade fairs')).toBe('messe frankfurt trade fairs');
  });

  it('is held by an entity as its folded, normalized spelling', () => {
    const exhibitor = { id: 'E', product_tags: ['Solar  Panels', '太阳能电池板', ' '] };
    expect(filterValues('exhibitor', 'product', exhibitor)).toEqual(['solar panel', '太阳能电池板']);
    const provider = { id: 'P', service_types: ['Printing'], is_verified: false };
    expect(filterValues('service_provider', 'verified', provider)).toEqual(['false']);
  });

  it('filter takes alternatives between |, trimmed, each once; another filter its value whole', () => {
    expect(filterAlternatives('product', ' Solar panels | 太阳能电池板 ||Solar panels')).toEqual([
      'Solar panels',
      '太阳能电池板',
    ]);
    expect(filterAlternatives('venue', 'A | B')).toEqual(['A | B']);
    expect(matchedFilters({ product: 'Solar Panels|SOLAR PANEL|电池', city: ' Köln ' }, NO_INDUSTRY_NAMES)).toEqual({
      product: 'solar panel|电池',
      city: 'köln',
    });
  });
});

describe('parsing the query filters', () => {
  it('takes each with the type it applies to', () => {
    const parsed = parse(
      'type=exhibition&organizer=RX Global&venue=Tokyo Big Sight&start_from=2026-01-01&start_to=2026-03-31',
    );
    expect(parsed.ok && parsed.query).toMatchObject({ organizer: 'RX Global', venue: 'Tokyo Big Sight' });
    expect(scheduleOf((parsed as { query: DatasetQuery }).query)).toEqual({
      start_from: '2026-01-01',
      start_to: '2026-03-31',
    });
    expect(parse('type=service_provider&verified= TRUE &service=Printing|印刷').ok).toBe(true);
  });

  it('refuses one with another type, naming it and the type to give', () => {
    expect(refusal('product=Solar panels')).toEqual({
      parameter: 'product',
      message: 'product applies to exhibitors only; give type=exhibitor (type is all)',
    });
    expect(refusal('type=exhibitor&verified=true')).toMatchObject({ parameter: 'verified' });
    expect(refusal('type=service_provider&organizer=X')?.message).toBe(
      'organizer applies to exhibitions only; give type=exhibition (type is service_provider)',
    );
    expect(refusal('type=exhibitor&start_to=2026-01-01')).toMatchObject({ parameter: 'start_to' });
  });

  it('refuses a value verified does not take, more than 8 tags, and an opening window the wrong way round', () => {
    expect(refusal('type=service_provider&verified=yes')).toEqual({
      parameter: 'verified',
      message: 'verified must be one of true, false; got "yes"',
    });
    expect(refusal('type=exhibitor&product=a|b|c|d|e|f|g|h|i')?.message).toBe(
      'product takes at most 8 tags between |; got 9: ask the others in another query',
    );
    expect(parse('type=exhibitor&product=a|b|c|d|e|f|g|h|h').ok).toBe(true);
    expect(refusal('type=exhibition&start_from=2026-05-02&start_to=2026-05-01')).toEqual({
      parameter: 'start_to',
      message: 'start_to (2026-05-01) must not be before start_from (2026-05-02)',
    });
    expect(refusal('type=exhibition&start_from=2026-02-30')).toMatchObject({ parameter: 'start_from' });
  });

  it('names the new parameters for the names agents guess', () => {
    expect(refusal('type=exhibition&start_date=2026-01-01')?.message).toContain('give start_from and start_to');
    expect(refusal('type=service_provider&is_verified=true')?.message).toContain('give verified');
  });
});

describe('the window of opening days', () => {
  it('keeps the exhibitions opening in it, both ends included, whatever their end', () => {
    const opening = startWindow({ start_from: '2026-03-01', start_to: '2026-03-31' });
    const days = dayWindow({});
    const day = (date: string) => dayNumber(date)!;
    expect(withinSchedule(day('2026-03-01'), day('2026-04-10'), days, opening)).toBe(true);
    expect(withinSchedule(day('2026-03-31'), day('2026-03-31'), days, opening)).toBe(true);
    // Running in March but opened in February: `from`/`to` would keep it, the opening window does not.
    expect(withinSchedule(day('2026-02-27'), day('2026-03-02'), days, opening)).toBe(false);
    expect(
      withinSchedule(day('2026-02-27'), day('2026-03-02'), dayWindow({ from: '2026-03-01' }), startWindow({})),
    ).toBe(true);
    // Both windows hold at once.
    expect(withinSchedule(day('2026-03-10'), day('2026-03-12'), dayWindow({ from: '2026-03-13' }), opening)).toBe(
      false,
    );
  });
});
