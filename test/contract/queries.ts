/**
 * fast-check arbitraries of dataset queries, drawn from the data of a site (read through
 * the oracle, not src/) plus junk: filter values in other spellings, name fragments,
 * accent-folded words, several terms, odd windows and invalid parameters.
 */
import fc from 'fast-check';
import type { Oracle, OracleKind } from '../oracle/oracle.js';
import { datasetUrl } from './cases.js';

const TYPES = ['all', 'exhibition', 'exhibitor', 'service_provider'];
const NAME_FIELDS: Record<OracleKind, readonly string[]> = {
  exhibition: ['name_cn', 'name_en'],
  exhibitor: ['company_cn', 'company_en'],
  service_provider: ['name_cn', 'name_en'],
};

// The fields `text` searches, for words to look for (a test's own list: docs/api.md#text).
const DESCRIPTIVE_FIELDS: Record<OracleKind, readonly string[]> = {
  exhibition: ['industry_tags_en', 'industry_tags_cn', 'organizer', 'venue', 'city', 'country'],
  exhibitor: ['product_tags', 'industry_tags', 'tags', 'intro', 'exhibit_history'],
  service_provider: ['service_types', 'good_at_industry', 'intro', 'cover_regions'],
};

/** `text` values from the data: tags whole, in the plural and the singular, words of introductions, CJK runs, and junk. */
function textValues(oracle: Oracle): fc.Arbitrary<string> {
  const phrases = (Object.keys(DESCRIPTIVE_FIELDS) as OracleKind[]).flatMap((kind) =>
    oracle
      .ranked(kind)
      .flatMap((entity) =>
        DESCRIPTIVE_FIELDS[kind]
          .flatMap((field) => [entity[field]].flat())
          .filter((text): text is string => typeof text === 'string'),
      ),
  );
  const words = [
    ...new Set(phrases.flatMap((phrase) => phrase.split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length > 1)),
  ].sort();
  const runs = [...new Set(phrases.flatMap((phrase) => phrase.match(/\p{Script=Han}{2,}/gu) ?? []))].sort();
  const word = fc.constantFrom(...words);
  const number = fc.constantFrom(
    (w: string) => w,
    (w: string) => `${w}s`,
    (w: string) => w.replace(/s$/, ''),
    (w: string) => w.slice(0, 4),
  );
  const cjk = fc
    .record({ run: fc.constantFrom(...runs), start: fc.nat(), length: fc.integer({ min: 1, max: 4 }) })
    .map(({ run, start, length }) => {
      const chars = [...run];
      const from = start % chars.length;
      return chars.slice(from, from + length).join('');
    });
  const single = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...phrases).filter((phrase) => phrase.length <= 60) },
    { weight: 3, arbitrary: fc.tuple(word, number).map(([w, f]) => f(w)) },
    { weight: 2, arbitrary: fc.tuple(word, word).map(([a, b]) => `${a} ${b}`) },
    { weight: runs.length > 0 ? 2 : 0, arbitrary: runs.length > 0 ? cjk : fc.constant('') },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  );
  // Alternatives between `|`, now and then, padded or empty.
  return fc.oneof(
    { weight: 8, arbitrary: single },
    { weight: 2, arbitrary: fc.tuple(single, single).map(([a, b]) => `${a}|${b}`) },
    { weight: 1, arbitrary: fc.tuple(single, single).map(([a, b]) => ` ${a} | | ${b}|${a}`) },
  );
}

/**
 * Query-form URLs of random queries over the oracle's data: valid, odd and invalid parameters
 * alike. `byDate` asks for exhibitions by date alone: type=exhibition, a window or an order
 * always, the other parameters seldom, so that most answers hold something.
 */
export function datasetUrls(oracle: Oracle, byDate = false): fc.Arbitrary<string> {
  const values: Set<string>[] = [new Set(), new Set(), new Set(), new Set()];
  for (const key of oracle.combinations('exhibition'))
    (JSON.parse(key) as (string | null)[]).forEach((value, i) => value !== null && values[i]!.add(value));
  for (const key of oracle.combinations('all'))
    (JSON.parse(key) as (string | null)[]).forEach((value, i) => value !== null && values[i]!.add(value));
  const names = (Object.keys(NAME_FIELDS) as OracleKind[]).flatMap((kind) =>
    oracle
      .ranked(kind)
      .flatMap((entity) =>
        NAME_FIELDS[kind].map((field) => entity[field]).filter((name): name is string => typeof name === 'string'),
      ),
  );
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
  // Words with accents, written without them: they must find their names (`koln` finds `Köln`).
  const foldedWords = [
    ...new Set(
      names
        .flatMap((name) => name.split(/\s+/))
        .filter((word) => fold(word) !== word)
        .map(fold),
    ),
  ];

  const spelling = (value: string) =>
    fc.constantFrom(value, value.toUpperCase(), ` ${value} `, value.replace(/ /g, '  '), value.normalize('NFD'));
  const filterValue = (known: Set<string>) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...known).chain(spelling) },
      {
        weight: 1,
        arbitrary: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('constructor', '__proto__', 'toString', '')),
      },
    );
  const fragment = fc
    .record({ name: fc.constantFrom(...names), start: fc.nat(), length: fc.integer({ min: 1, max: 12 }) })
    .map(({ name, start, length }) => {
      const chars = [...name];
      const from = start % chars.length;
      return chars.slice(from, from + length).join('');
    });
  const q = fc.oneof(
    { weight: 4, arbitrary: fragment },
    { weight: 2, arbitrary: fc.tuple(fragment, fragment).map(([a, b]) => `${a} ${b}`) },
    { weight: 1, arbitrary: fc.tuple(fragment, fragment).map(([a, b]) => `${a} ${b} ${a}`) },
    {
      weight: foldedWords.length > 0 ? 2 : 0,
      arbitrary: foldedWords.length > 0 ? fc.constantFrom(...foldedWords) : fc.constant(''),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  );
  const whole = (max: number, edges: number[]) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max }).map(String) },
      { weight: 2, arbitrary: fc.constantFrom(...edges).map(String) },
      { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', 'x', '') },
    );
  // Ids of exhibitions or exhibitors for the relation filters, now and then one that no entity has or in other case,
  // and now and then a few between `|` (padded or repeated).
  const oneId = (kind: 'exhibition' | 'exhibitor') =>
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...oracle.ranked(kind).map((entity) => entity.id)) },
      { weight: 1, arbitrary: fc.constantFrom('NO-SUCH-ID', ' EXH-0028 ', 'exr-000001') },
    );
  const relatedId = (kind: 'exhibition' | 'exhibitor') =>
    fc.oneof(
      { weight: 3, arbitrary: oneId(kind) },
      {
        weight: 2,
        arbitrary: fc
          .array(fc.constantFrom(...oracle.ranked(kind).map((entity) => entity.id)), { minLength: 2, maxLength: 4 })
          .map((ids) => ids.join('|')),
      },
      { weight: 1, arbitrary: fc.array(oneId(kind), { minLength: 1, maxLength: 3 }).map((ids) => ids.join(' | ')) },
    );
  // Names of every kind's fields, spelt as sent (padded, repeated), and names that are no field.
  const fieldNames = fc
    .subarray([
      'name_en',
      'company_cn',
      'city',
      ' country ',
      'weight',
      'start_date',
      '_links',
      '_rag_text',
      'id',
      'city',
    ])
    .chain((names) => fc.constantFrom(names, [...names, 'nope'], ['', ...names]))
    .map((names) => names.join(','));
  // Fields to facet (every filter, as sent: padded, repeated), now and then one that is no filter, and sizes in and out of bounds.
  const facetFields = fc
    .subarray(
      ['industry', ' country', 'city ', 'status', 'city', 'product', 'organizer', 'venue', 'service', 'verified'],
      {
        minLength: 1,
      },
    )
    .chain((names) => fc.constantFrom(names, [...names, 'name_en'], ['', ...names]))
    .map((names) => names.join(','));
  const facetSize = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 100 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '101', ' 3 ', '', 'x') },
  );
  // Each parameter is left out often, so unfiltered listings and long windows come up too.
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight: number) =>
    fc.oneof({ weight, arbitrary }, { weight: 10 - weight, arbitrary: fc.constant(undefined) });

  // Days around the exhibitions' own, for windows that cut through them, and dates that are none.
  const days = [
    ...new Set(
      oracle.ranked('exhibition').flatMap((exhibition) => [String(exhibition.start_date), String(exhibition.end_date)]),
    ),
  ].sort();
  const shifted = (date: string, by: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
  const day = fc
    .tuple(fc.constantFrom(...days), fc.integer({ min: -40, max: 40 }))
    .map(([date, by]) => shifted(date, by));
  const junkDay = fc.constantFrom('2026-02-30', '2026-1-5', '', ' 2026-03-01 ', '1899-12-31', '2999-12-31');
  // Either end alone, or both (mostly in order, now and then the wrong way round), or a date that is none.
  const window = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(day, fc.integer({ min: -5, max: 400 }))
        .map(([from, span]) => ({ from, to: shifted(from, span) })),
    },
    { weight: 2, arbitrary: day.map((from) => ({ from, to: undefined })) },
    { weight: 2, arbitrary: day.map((to) => ({ from: undefined, to })) },
    { weight: 1, arbitrary: fc.tuple(junkDay, fc.option(day, { nil: undefined })).map(([from, to]) => ({ from, to })) },
    { weight: byDate ? 1 : 4, arbitrary: fc.constant({ from: undefined, to: undefined }) },
  );
  // A query filter's name and a value of the data for it (a tag in another case, or two between `|`), or an opening day.
  const fieldValues = (kind: OracleKind, field: string) => [
    ...new Set(
      oracle
        .ranked(kind)
        .flatMap((entity) => [entity[field]].flat())
        .map(String),
    ),
  ];
  const tag = (kind: OracleKind, field: string) =>
    fc.oneof(
      fc.constantFrom(...fieldValues(kind, field)),
      fc.constantFrom(...fieldValues(kind, field)).map((value) => value.toUpperCase()),
      fc
        .tuple(fc.constantFrom(...fieldValues(kind, field)), fc.constantFrom(...fieldValues(kind, field)))
        .map(([a, b]) => `${a}|${b}`),
    );
  const queryFilter = fc.oneof(
    tag('exhibitor', 'product_tags').map((value) => ['product', value] as const),
    tag('service_provider', 'service_types').map((value) => ['service', value] as const),
    fc.constantFrom(...fieldValues('exhibition', 'organizer')).map((value) => ['organizer', value] as const),
    fc.constantFrom(...fieldValues('exhibition', 'venue')).map((value) => ['venue', value] as const),
    fc.constantFrom('true', 'false', 'maybe').map((value) => ['verified', value] as const),
    day.map((value) => ['start_from', value] as const),
    day.map((value) => ['start_to', value] as const),
  );
  // Asked with type=exhibition mostly, and now and then with another type, which refuses them.
  const schedule = fc.record({
    status: sometimes(filterValue(values[3]!), 2),
    window,
    sort: sometimes(fc.constantFrom('start_date', '-start_date', ' -start_date ', 'weight'), byDate ? 6 : 4),
    stray: fc.integer({ min: 0, max: 9 }),
  });

  return fc
    .record({
      type: byDate
        ? fc.constant('exhibition')
        : sometimes(
            fc.oneof(
              { weight: 6, arbitrary: fc.constantFrom(...TYPES) },
              { weight: 1, arbitrary: fc.constantFrom('foo', '', 'ALL') },
            ),
            8,
          ),
      q: sometimes(q, byDate ? 1 : 4),
      text: sometimes(textValues(oracle), byDate ? 1 : 4),
      industry: sometimes(filterValue(values[0]!), byDate ? 1 : 3),
      country: sometimes(filterValue(values[1]!), byDate ? 2 : 3),
      city: sometimes(filterValue(values[2]!), byDate ? 1 : 3),
      schedule,
      fields: sometimes(fieldNames, 2),
      exhibition: sometimes(relatedId('exhibition'), 1),
      exhibitor: sometimes(relatedId('exhibitor'), 1),
      // Now and then one query filter (docs/api.md#query-filters), most with the type it needs or none.
      queryFilter: sometimes(queryFilter, 1),
      format: sometimes(fc.constantFrom('csv', 'csv', ' csv ', 'json', 'xml'), 1),
      meta: sometimes(fc.constantFrom('counts', 'counts', 'full', 'all'), 1),
      facets: sometimes(facetFields, 3),
      facet_size: sometimes(facetSize, 1),
      limit: sometimes(whole(600, [0, 1, 99, 100, 101, 500, 501]), 7),
      offset: sometimes(whole(450, [99, 100, 199, 200, 299, 300, 359, 360]), 7),
    })
    .map(({ schedule: { stray, window, ...asked }, queryFilter, ...params }) => {
      const dates = { status: asked.status, from: window.from, to: window.to, sort: asked.sort };
      const withFilter = queryFilter === undefined ? params : { ...params, [queryFilter[0]]: queryFilter[1] };
      const withDates = params.type === 'exhibition' || stray === 0 ? { ...withFilter, ...dates } : withFilter;
      const { limit, offset, ...rest } = withDates;
      return datasetUrl(
        ...(Object.entries({ ...rest, limit, offset }).filter(([, value]) => value !== undefined) as [
          string,
          string,
        ][]),
      );
    });
}
