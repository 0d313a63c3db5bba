/**
 * The contract cases of the query filters (docs/api.md#query-filters): the tag filters `product` and `service`,
 * `organizer`, `venue`, `verified`, and the window of opening days `start_from`/`start_to`, each answered alike by
 * every target and held to the oracle, with a fact its body must show where agreeing could be vacuous.
 */
import { expect } from 'vitest';
import { datasetUrl, type Body, type ContractCase } from './cases.js';

const finds =
  (min = 1) =>
  (body: Body) =>
    expect(body._meta.total).toBeGreaterThanOrEqual(min);
const findsNothing = (body: Body) => expect(body._meta.total).toBe(0);
const refused = (parameter: string, message?: RegExp) => (body: Body) => {
  expect(body.error).toMatchObject({ status: 400, code: 'invalid_parameter', parameter });
  if (message !== undefined) expect(body.error!.message).toMatch(message);
};
// Every entity of `collection` holds a value of `field` that `matches`, and there is one at least.
const holding =
  (
    collection: 'exhibitions' | 'exhibitors' | 'service_providers',
    field: string,
    matches: (value: string) => boolean,
  ) =>
  (body: Body) => {
    expect(body[collection]!.length).toBeGreaterThan(0);
    for (const entity of body[collection]!)
      expect([entity[field]].flat().map(String).some(matches), `${String(entity.id)} ${field}`).toBe(true);
  };
const tidy = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

const tags: ContractCase[] = [
  {
    name: 'product= finds the exhibitors holding the tag, in any case and spacing',
    url: datasetUrl(['type', 'exhibitor'], ['product', 'Solar panels'], ['limit', '500']),
    status: 200,
    check: (body) => {
      finds(10)(body);
      holding('exhibitors', 'product_tags', (tag) => tidy(tag) === 'solar panels')(body);
    },
  },
  {
    name: 'product= in the singular finds the tag in the plural',
    url: datasetUrl(['type', 'exhibitor'], ['product', ' SOLAR PANEL '], ['limit', '0']),
    status: 200,
    check: finds(10),
  },
  {
    name: 'product= is a tag whole, not a word of it',
    url: datasetUrl(['type', 'exhibitor'], ['product', 'lighting']),
    status: 200,
    check: findsNothing,
  },
  {
    name: 'product=A|B finds the exhibitors holding either, in both languages',
    url: datasetUrl(['type', 'exhibitor'], ['product', 'Solar panels|太阳能电池板'], ['limit', '500']),
    status: 200,
    check: (body) => {
      finds(17)(body);
      holding('exhibitors', 'product_tags', (tag) => ['solar panels', '太阳能电池板'].includes(tidy(tag)))(body);
    },
  },
  {
    name: 'product= combines with text, a filter and a window',
    url: datasetUrl(
      ['type', 'exhibitor'],
      ['product', 'industrial robot|工业机器人'],
      ['text', 'robot'],
      ['country', 'China'],
      ['limit', '3'],
      ['offset', '1'],
    ),
    status: 200,
  },
  {
    name: 'product= with type=all is refused, naming it',
    url: datasetUrl(['product', 'Solar panels']),
    status: 400,
    check: refused('product', /^product applies to exhibitors only; give type=exhibitor \(type is all\)/),
  },
  {
    name: 'product= of more than 8 tags is refused',
    url: datasetUrl(['type', 'exhibitor'], ['product', 'a|b|c|d|e|f|g|h|i']),
    status: 400,
    check: refused('product', /^product takes at most 8 tags between \|; got 9/),
  },
  {
    name: 'product= no exhibitor holds: _meta.unmatched with its facet document and the closest tags',
    url: datasetUrl(['type', 'exhibitor'], ['product', 'Solar panells|Tyres']),
    status: 200,
    check: (body) => {
      findsNothing(body);
      expect(body._meta.unmatched).toEqual([
        expect.objectContaining({ parameter: 'product', closest: expect.arrayContaining(['Solar panels']) }),
      ]);
    },
  },
  {
    name: 'service= finds the providers offering it, plural and singular alike',
    url: datasetUrl(['type', 'service_provider'], ['service', 'printings'], ['limit', '500']),
    status: 200,
    check: (body) => {
      finds(11)(body);
      holding('service_providers', 'service_types', (tag) => tidy(tag) === 'printing')(body);
    },
  },
  {
    name: 'service=A|B in both languages',
    url: datasetUrl(['type', 'service_provider'], ['service', 'Booth design|展台设计']),
    status: 200,
    check: finds(6),
  },
  {
    name: 'service= with type=exhibitor is refused',
    url: datasetUrl(['type', 'exhibitor'], ['service', 'Printing']),
    status: 400,
    check: refused('service'),
  },
];

const others: ContractCase[] = [
  {
    name: 'organizer= finds the exhibitions of the organizer, normalized',
    url: datasetUrl(['type', 'exhibition'], ['organizer', ' messe  FRANKFURT gmbh ']),
    status: 200,
    check: (body) => {
      finds(7)(body);
      holding('exhibitions', 'organizer', (organizer) => organizer === 'Messe Frankfurt GmbH')(body);
    },
  },
  {
    name: 'organizer= is exact, not a part of the name',
    url: datasetUrl(['type', 'exhibition'], ['organizer', 'Messe Frankfurt']),
    status: 200,
    check: findsNothing,
  },
  {
    name: 'venue= finds the exhibitions held there, with another filter',
    url: datasetUrl(['type', 'exhibition'], ['venue', 'Messe Frankfurt Exhibition Grounds'], ['sort', '-start_date']),
    status: 200,
    check: (body) => {
      finds(3)(body);
      holding('exhibitions', 'venue', (venue) => venue === 'Messe Frankfurt Exhibition Grounds')(body);
    },
  },
  {
    name: 'organizer= with type=exhibitor is refused',
    url: datasetUrl(['type', 'exhibitor'], ['organizer', 'RX Global']),
    status: 400,
    check: refused('organizer', /^organizer applies to exhibitions only; give type=exhibition/),
  },
  {
    name: 'venue= no exhibition holds: _meta.unmatched',
    url: datasetUrl(['type', 'exhibition'], ['venue', 'Tokyo Big Sigt']),
    status: 200,
    check: (body) => {
      findsNothing(body);
      expect(body._meta.unmatched).toEqual([
        expect.objectContaining({ parameter: 'venue', closest: ['Tokyo Big Sight'] }),
      ]);
    },
  },
  {
    name: 'verified=true finds the verified providers alone',
    url: datasetUrl(['type', 'service_provider'], ['verified', 'true'], ['limit', '500']),
    status: 200,
    check: (body) => {
      finds(19)(body);
      holding('service_providers', 'is_verified', (verified) => verified === 'true')(body);
    },
  },
  {
    name: 'verified=FALSE (normalized) finds the others, with a tag',
    url: datasetUrl(['type', 'service_provider'], ['verified', ' FALSE '], ['service', 'Printing']),
    status: 200,
    check: holding('service_providers', 'is_verified', (verified) => verified === 'false'),
  },
  {
    name: 'verified= of another value is refused, naming the values',
    url: datasetUrl(['type', 'service_provider'], ['verified', 'yes']),
    status: 400,
    check: refused('verified', /^verified must be one of true, false; got "yes"/),
  },
  {
    name: 'verified= with type=all is refused',
    url: datasetUrl(['verified', 'true']),
    status: 400,
    check: refused('verified'),
  },
];

const openings: ContractCase[] = [
  {
    name: 'start_from and start_to keep the exhibitions opening in the window',
    url: datasetUrl(['type', 'exhibition'], ['start_from', '2026-01-01'], ['start_to', '2026-12-31'], ['limit', '500']),
    status: 200,
    check: holding('exhibitions', 'start_date', (start) => start >= '2026-01-01' && start <= '2026-12-31'),
  },
  {
    name: 'start_from alone, latest first',
    url: datasetUrl(['type', 'exhibition'], ['start_from', '2027-06-01'], ['sort', '-start_date']),
    status: 200,
    check: holding('exhibitions', 'start_date', (start) => start >= '2027-06-01'),
  },
  {
    name: 'start_to with from and to: opening by then and overlapping the window',
    url: datasetUrl(
      ['type', 'exhibition'],
      ['from', '2026-11-22'],
      ['to', '2026-11-30'],
      ['start_to', '2026-11-21'],
      ['organizer', 'Messe Frankfurt GmbH'],
    ),
    status: 200,
    check: holding('exhibitions', 'start_date', (start) => start <= '2026-11-21'),
  },
  {
    name: 'start_to before start_from is refused, naming start_to',
    url: datasetUrl(['type', 'exhibition'], ['start_from', '2026-06-01'], ['start_to', '2026-05-31']),
    status: 400,
    check: refused('start_to', /^start_to \(2026-05-31\) must not be before start_from \(2026-06-01\)/),
  },
  {
    name: 'start_from that is no date is refused',
    url: datasetUrl(['type', 'exhibition'], ['start_from', '2026-02-30']),
    status: 400,
    check: refused('start_from'),
  },
  {
    name: 'start_from with type=exhibitor is refused',
    url: datasetUrl(['type', 'exhibitor'], ['start_from', '2026-01-01']),
    status: 400,
    check: refused('start_from'),
  },
];

/** Every case of the query filters. */
export const QUERY_FILTER_CASES: readonly ContractCase[] = [...tags, ...others, ...openings];
