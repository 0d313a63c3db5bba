/**
 * The CSV answer (docs/api.md#csv) cell by cell: quoting, arrays, objects, empty values and the
 * guard against formulas, written exactly, and the same text from the independent oracle.
 */
import { describe, expect, it } from 'vitest';
import { datasetCsv, type DatasetResponse } from '../../../src/query/responses/index.js';
import { parseDatasetQuery, type DatasetQuery, type Entity } from '../../../src/query/semantics/index.js';
import { createOracle, type OracleEntity } from '../../oracle/oracle.js';

const DICTIONARY = {
  exhibition: {},
  exhibitor: Object.fromEntries(
    [
      'id',
      'company_en',
      'product_tags',
      'intro',
      'weight',
      'exhibition_ids',
      'official_url',
      '_links',
      '_rag_text',
    ].map((field) => [field, {}]),
  ),
  service_provider: {},
};

const EXHIBITORS: Entity[] = [
  {
    id: 'a',
    company_en: 'Acme, "the best"',
    product_tags: ['Pumps', 'Valves'],
    intro: 'Line one\nline two',
    weight: -3,
    exhibition_ids: [],
    official_url: null,
    _links: { self: 'https://example.org/a.json' },
    _rag_text: 'x',
  },
  {
    id: 'b',
    company_en: '=HYPERLINK("http://evil")',
    product_tags: ['A|B', 'C'],
    intro: '-2+3',
    weight: 2.5,
    exhibition_ids: ['E1'],
    official_url: '@home',
    _links: { self: 'https://example.org/b.json' },
    _rag_text: 'y',
  },
  { id: '+1', company_en: '\tTabbed', product_tags: [], intro: '\rCR', weight: 1, _links: { self: 's' } },
];

const EXPECTED =
  'id,company_en,product_tags,intro,weight,exhibition_ids,official_url\r\n' +
  'a,"Acme, ""the best""",Pumps|Valves,"Line one\nline two",-3,,\r\n' +
  `b,"'=HYPERLINK(""http://evil"")","[""A|B"",""C""]",'-2+3,2.5,E1,'@home\r\n` +
  `'+1,'\tTabbed,,"'\rCR",1,,\r\n`;

function query(search: string): DatasetQuery {
  const parsed = parseDatasetQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.query;
}

describe('datasetCsv', () => {
  const response = { exhibitors: EXHIBITORS } as unknown as DatasetResponse;

  it('writes every field but _links and _rag_text, quoted, joined and guarded', () => {
    expect(datasetCsv(response, query('type=exhibitor&format=csv'), DICTIONARY)).toBe(EXPECTED);
  });

  it('reads entities given as the JSON texts of their documents alike', () => {
    const texts = { exhibitors: EXHIBITORS.map((entity) => JSON.stringify(entity)) } as DatasetResponse<string>;
    expect(datasetCsv(texts, query('type=exhibitor&format=csv'), DICTIONARY)).toBe(EXPECTED);
  });

  it('writes id and the fields named, in the dictionary order, objects as JSON', () => {
    const csv = datasetCsv(response, query('type=exhibitor&format=csv&fields=_links,weight'), DICTIONARY);
    expect(csv).toBe(
      'id,weight,_links\r\n' +
        'a,-3,"{""self"":""https://example.org/a.json""}"\r\n' +
        'b,2.5,"{""self"":""https://example.org/b.json""}"\r\n' +
        `'+1,1,"{""self"":""s""}"\r\n`,
    );
  });

  it('is the oracle’s text', () => {
    const oracle = createOracle(
      { exhibition: [], exhibitor: EXHIBITORS as OracleEntity[], service_provider: [] },
      { baseUrl: 'https://example.org', dictionary: DICTIONARY },
    );
    // The oracle orders exhibitors by weight, as the API does.
    const answer = oracle.answer('type=exhibitor&format=csv');
    expect(answer.status === 200 && answer.csv).toBe(
      datasetCsv(
        { exhibitors: [EXHIBITORS[1], EXHIBITORS[2], EXHIBITORS[0]] } as unknown as DatasetResponse,
        query('type=exhibitor&format=csv'),
        DICTIONARY,
      ),
    );
  });
});
