/**
 * nginx (the real binary, on 127.0.0.1) with the site's generated `nginx.conf`: the query
 * strings it answers equal the oracle's answers, every other query is a 501 JSON error and never
 * a different answer, and every response has the CONTRACT headers and a JSON body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_TYPES } from '../../src/query/semantics/kinds.js';
import { UserError } from '../../src/diagnostics.js';
import { nginxConf, nginxQueryStrings } from '../../src/hosts/nginx.js';
import { sampleSite } from '../helpers/site.js';
import { CONTRACT_CASES, ESCAPES, datasetUrl } from '../contract/cases.js';
import { expectedAnswers, type Expected, type Target } from '../contract/targets.js';
import { STATIC_DOCUMENTS, expectApiHeaders, expectError, expectContractAnswer, expectStaticDocument } from '../contract/expect-contract.js';
import { NGINX, nginxTarget } from './hosts.js';

const ANSWERED = new Set(['/api/public/schema', ...DATASET_TYPES.flatMap(nginxQueryStrings).map((query) => `/api/public/dataset${query ? `?${query}` : ''}`)]);
const answered = CONTRACT_CASES.filter((c) => ANSWERED.has(c.url));
const refused = CONTRACT_CASES.filter((c) => !ANSWERED.has(c.url));

describe.skipIf(NGINX === undefined)(NGINX ? 'nginx' : 'nginx (skipped: no nginx binary; apt-get install nginx)', () => {
  let dir: string;
  let nginx: Target;
  let expected: Expected;

  beforeAll(async () => {
    dir = sampleSite();
    [nginx, expected] = await Promise.all([nginxTarget(dir), expectedAnswers(dir)]);
  });

  afterAll(async () => {
    await nginx?.close?.();
  });

  it('answers the first page of every type and the schema (the cases below)', () => {
    expect(answered.map((c) => c.url).sort()).toEqual([
      '/api/public/dataset',
      '/api/public/dataset?type=all',
      '/api/public/dataset?type=exhibition',
      '/api/public/dataset?type=exhibitor',
      '/api/public/dataset?type=service_provider',
      '/api/public/schema',
    ]);
  });

  it.each(answered.map((c) => [c.name, c] as const))('answers %s as expected', async (_, contractCase) => {
    await expectContractAnswer(nginx, expected, contractCase);
  });

  it('answers the canonical form of a first page, with the query-form next link', async () => {
    const url = datasetUrl(['type', 'exhibitor'], ['limit', '100'], ['offset', '0']);
    await expectContractAnswer(nginx, expected, { name: url, url, status: 200 });
    expect((await nginx.request(url)).body).toMatchObject({ _meta: { next: 'http://localhost:8080/api/public/dataset?type=exhibitor&limit=100&offset=100' } });
  });

  it.each(refused.map((c) => [c.name, c] as const))('refuses %s with a 501 naming the static paths', async (_, contractCase) => {
    const answer = await nginx.request(contractCase.url);
    expectError(answer, 501, 'not_implemented');
    expect(answer.body).toMatchObject({ error: { message: expect.stringContaining('/api/public/dataset/{type}/{page}.json') } });
  });

  it.each([['the static schema', '/api/public/schema.json'] as const, ...STATIC_DOCUMENTS])('serves %s exactly as built, with the CONTRACT headers', async (_, url) => {
    await expectStaticDocument(nginx, dir, url);
  });

  it.each([
    ['a missing document', '/api/public/exhibitors/none.json'],
    ['a listing folder (no directory listing)', '/api/public/dataset/exhibition/'],
    ['the API folder', '/api/public/'],
    ['the nginx rules', '/nginx.conf'],
    ['the worker', '/_worker.js'],
    ['the headers file', '/_headers'],
    ['the build manifest', '/.dataset-site/manifest.json'],
    ['the internal first-page location', '/.dataset-site/query/all'],
  ])('answers %s with a JSON 404', async (_, url) => {
    expectError(await nginx.request(url), 404, 'not_found');
  });

  it.each(ESCAPES)('refuses %s with a 4xx JSON error', async (url) => {
    expectError(await nginx.request(url), 404, 'not_found');
  });

  it.each([
    ['POST', '/api/public/dataset'],
    ['PUT', '/api/public/schema.json'],
    ['DELETE', '/api/public/exhibitors/EXR-000145.json'],
    ['PATCH', '/nowhere'],
    ['OPTIONS', '/api/public/dataset?type=exhibition'],
  ])('refuses %s %s with 405, Allow and a JSON body', async (method, url) => {
    const answer = await nginx.request(url, method);
    expectError(answer, 405, 'method_not_allowed');
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('answers HEAD like GET without a body', async () => {
    for (const url of ['/api/public/dataset?type=exhibition', '/api/public/schema.json', '/api/public/nowhere.json']) {
      const [get, head] = [await nginx.request(url), await nginx.request(url, 'HEAD')];
      expect(head.status).toBe(get.status);
      expect(head.body).toBeUndefined();
      expectApiHeaders(head);
    }
  });
});

it('refuses a base URL nginx.conf cannot hold', () => {
  expect(() => nginxConf('https://data.example.com/$uri')).toThrow(UserError);
});
