/**
 * fast-check arbitraries of queries by the query filters (docs/api.md#query-filters), drawn from the data of a site
 * through the oracle: a kind's tags, organizers and venues in other spellings (case, padding, plural and singular),
 * several tags between `|`, verification flags, windows of opening days, and junk; mostly with the type they apply
 * to, now and then with another (a 400).
 */
import fc from 'fast-check';
import type { Oracle, OracleKind } from '../oracle/oracle.js';
import { datasetUrl } from './cases.js';

/** The values of an entity field of a kind, each once, sorted. */
function fieldValues(oracle: Oracle, kind: OracleKind, field: string): string[] {
  const values = oracle.ranked(kind).flatMap((entity) => [entity[field]].flat());
  return [...new Set(values.filter((value): value is string => typeof value === 'string'))].sort();
}

/** A value of the data as an agent may write it: as stored, upper case, padded, spaces doubled, in the plural or singular. */
function spelt(values: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...values) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...values),
          fc.constantFrom(
            (v: string) => v.toUpperCase(),
            (v: string) => ` ${v} `,
            (v: string) => v.replace(/ /g, '  '),
            (v: string) => `${v}s`,
            (v: string) => v.replace(/s$/, ''),
            (v: string) => v.replace(/y$/, 'ies'),
          ),
        )
        .map(([value, spell]) => spell(value)),
    },
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('constructor', '|', ' | ')) },
  );
}

/** A tag, or several between `|` (now and then padded, repeated, or more than a filter takes). */
function tags(values: readonly string[]): fc.Arbitrary<string> {
  const one = spelt(values);
  return fc.oneof(
    { weight: 5, arbitrary: one },
    { weight: 3, arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }).map((parts) => parts.join('|')) },
    { weight: 1, arbitrary: fc.tuple(one, one).map(([a, b]) => ` ${a} | | ${b}|${a}`) },
    { weight: 1, arbitrary: fc.array(one, { minLength: 9, maxLength: 10 }).map((parts) => parts.join('|')) },
  );
}

/** Query-form URLs of queries by the query filters over the oracle's data. */
export function queryFilterUrls(oracle: Oracle): fc.Arbitrary<string> {
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight: number) =>
    fc.oneof({ weight, arbitrary }, { weight: 10 - weight, arbitrary: fc.constant(undefined) });
  const days = [...new Set(oracle.ranked('exhibition').map((exhibition) => String(exhibition.start_date)))].sort();
  const shifted = (date: string, by: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
  const day = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(fc.constantFrom(...days), fc.integer({ min: -20, max: 20 })).map(([d, by]) => shifted(d, by)),
    },
    { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '2026-1-5', 'soon') },
  );
  const type = (kind: OracleKind) =>
    fc.oneof(
      { weight: 8, arbitrary: fc.constant(kind) },
      { weight: 1, arbitrary: fc.constantFrom('all', 'exhibition', 'exhibitor', 'service_provider') },
    );
  const window = {
    limit: sometimes(fc.constantFrom('0', '1', '5', '100'), 5),
    offset: sometimes(fc.constantFrom('0', '1', '3', '100'), 3),
  };
  const exhibitions = fc.record({
    type: type('exhibition'),
    country: sometimes(fc.constantFrom(...fieldValues(oracle, 'exhibition', 'country')), 2),
    organizer: sometimes(spelt(fieldValues(oracle, 'exhibition', 'organizer')), 5),
    venue: sometimes(spelt(fieldValues(oracle, 'exhibition', 'venue')), 4),
    start_from: sometimes(day, 4),
    start_to: sometimes(day, 4),
    from: sometimes(day, 1),
    sort: sometimes(fc.constantFrom('start_date', '-start_date'), 2),
    ...window,
  });
  const exhibitors = fc.record({
    type: type('exhibitor'),
    text: sometimes(fc.constantFrom('robot', 'solar', '太阳能'), 1),
    city: sometimes(fc.constantFrom(...fieldValues(oracle, 'exhibitor', 'city')), 2),
    product: tags(fieldValues(oracle, 'exhibitor', 'product_tags')),
    ...window,
  });
  const providers = fc.record({
    type: type('service_provider'),
    industry: sometimes(fc.constantFrom(...fieldValues(oracle, 'service_provider', 'good_at_industry')), 2),
    service: sometimes(tags(fieldValues(oracle, 'service_provider', 'service_types')), 7),
    verified: sometimes(fc.constantFrom('true', 'false', ' TRUE ', 'False', 'yes'), 6),
    ...window,
  });
  return fc
    .oneof(exhibitions, exhibitors, providers)
    .map((params) =>
      datasetUrl(...(Object.entries(params).filter(([, value]) => value !== undefined) as [string, string][])),
    );
}
