/** fast-check arbitraries of dataset queries, drawn from the data of a site plus junk. */
import fc from 'fast-check';
import type { Dataset } from '../../src/query/semantics/dataset.js';
import { DATASET_TYPES, FILTERS, KINDS, NAME_FIELDS } from '../../src/query/semantics/kinds.js';
import { datasetUrl } from './cases.js';

/** Query-form URLs of random queries over `dataset`: valid, odd and invalid parameters alike. */
export function datasetUrls(dataset: Dataset): fc.Arbitrary<string> {
  const values = FILTERS.map((filter) => KINDS.flatMap((kind) => [...dataset.postings(kind, filter).keys()]));
  const names = KINDS.flatMap((kind) => dataset.entities[kind].flatMap((entity) => NAME_FIELDS[kind].map((field) => entity[field]))).filter(
    (name): name is string => typeof name === 'string',
  );
  const spelling = (value: string) =>
    fc.constantFrom(value, value.toUpperCase(), ` ${value} `, value.replace(/ /g, '  '), value.normalize('NFD'));
  const filterValue = (known: string[]) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...known).chain(spelling) },
      { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('constructor', '__proto__', 'toString', '')) },
    );
  const fragment = fc
    .record({ name: fc.constantFrom(...names), start: fc.nat(), length: fc.integer({ min: 1, max: 12 }) })
    .map(({ name, start, length }) => {
      const chars = [...name];
      const from = start % chars.length;
      return chars.slice(from, from + length).join('');
    });
  const whole = (max: number, edges: number[]) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max }).map(String) },
      { weight: 2, arbitrary: fc.constantFrom(...edges).map(String) },
      { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', 'x', '') },
    );
  // Each parameter is left out often, so unfiltered listings and long windows come up too.
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight: number) =>
    fc.oneof({ weight, arbitrary }, { weight: 10 - weight, arbitrary: fc.constant(undefined) });

  return fc
    .record({
      type: sometimes(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...DATASET_TYPES) }, { weight: 1, arbitrary: fc.constantFrom('foo', '', 'ALL') }), 8),
      q: sometimes(fc.oneof({ weight: 3, arbitrary: fragment }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) }), 5),
      industry: sometimes(filterValue(values[0]!), 3),
      country: sometimes(filterValue(values[1]!), 3),
      city: sometimes(filterValue(values[2]!), 3),
      limit: sometimes(whole(600, [1, 99, 100, 101, 500, 501]), 7),
      offset: sometimes(whole(450, [99, 100, 199, 200, 299, 300, 359, 360]), 7),
    })
    .map((params) => datasetUrl(...(Object.entries(params).filter(([, value]) => value !== undefined) as [string, string][])));
}
