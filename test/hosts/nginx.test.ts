/**
 * nginx (the real binary, on 127.0.0.1) with the site's generated `nginx.conf`, handing the
 * query form to `dataset-site serve`: the contract suite, then what only nginx does: an
 * agent following `_meta.next` reaches the last page, the query form is a 503 JSON error
 * while serve is down, its locations' 404s, 405s and content types.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/shared/index.js';
import { nginxConf } from '../../src/hosts/nginx.js';
import { serve, type PreviewServer } from '../../src/serve/index.js';
import { readDump } from '../helpers/dumps.js';
import { sampleSite } from '../helpers/site.js';
import { expectedAnswers, type Expected, type Target } from '../contract/targets.js';
import { STATIC_DOCUMENTS, expectApiHeaders, expectError, expectStaticDocument } from '../contract/expect-contract.js';
import { FULL_HOST, contractSuite } from '../contract/host-suite.js';
import { NGINX, nginxTarget } from './hosts.js';

describe.skipIf(NGINX === undefined)(
  NGINX ? 'nginx' : 'nginx (skipped: no nginx binary; apt-get install nginx)',
  () => {
    let dir: string;
    let query: PreviewServer;
    let nginx: Target;
    let nginxAlone: Target;
    let expected: Expected;

    beforeAll(async () => {
      dir = sampleSite();
      query = await serve({ dir, port: 0 });
      // Port 9 (discard) on 127.0.0.1 has no server: a query server that is down.
      [nginx, nginxAlone, expected] = await Promise.all([
        nginxTarget(dir, new URL(query.url).host),
        nginxTarget(dir, '127.0.0.1:9'),
        expectedAnswers(dir),
      ]);
    });

    afterAll(async () => {
      await Promise.all([nginx?.close?.(), nginxAlone?.close?.(), query?.close()]);
    });

    contractSuite(FULL_HOST, () => ({ target: nginx, dir, expected }));

    it('lets an agent follow _meta.next from ?type=all to the last page', async () => {
      const seen: Record<string, number> = {};
      let url: string | null = '/api/public/dataset?type=all';
      let pages = 0;
      let totals: Record<string, number> = {};
      while (url !== null) {
        const answer = await nginx.request(url);
        expect(answer.status).toBe(200);
        const body = answer.body as Record<string, unknown[]> & {
          _meta: { next: string | null; totals: Record<string, number> };
        };
        for (const collection of Object.keys(body._meta.totals))
          seen[collection] = (seen[collection] ?? 0) + (body[collection]?.length ?? 0);
        totals = body._meta.totals;
        url = body._meta.next === null ? null : body._meta.next.slice('http://localhost:8080'.length);
        pages++;
      }
      expect(pages).toBe(4);
      expect(seen).toEqual(totals);
    });

    it('answers the query form with a 503 JSON error while dataset-site serve is down, and still serves the static documents', async () => {
      const answer = await nginxAlone.request('/api/public/dataset?type=exhibitor&offset=100');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        error: { status: 503, code: 'service_unavailable' },
        _meta: { schema_version: '1.0' },
      });
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      await expectStaticDocument(nginxAlone, dir, STATIC_DOCUMENTS[0]![1]);
    });

    it.each([
      ['a missing document', '/api/public/exhibitors/none.json'],
      ['a listing folder (no directory listing)', '/api/public/dataset/exhibition/'],
      ['the API folder', '/api/public/'],
      ['the nginx rules', '/nginx.conf'],
      ['the worker', '/_worker.js'],
      ['the headers file', '/_headers'],
      ['the build manifest', '/.dataset-site/manifest.json'],
      ['the internal not-found location', '/.dataset-site/not-found'],
    ])('answers %s with a JSON 404', async (_, url) => {
      expectError(await nginx.request(url), 404, 'not_found');
    });

    it.each([
      ['/', 'text/html; charset=utf-8'],
      ['/index.html', 'text/html; charset=utf-8'],
      ['/assets/browse.js', 'text/javascript; charset=utf-8'],
      ['/llms.txt', 'text/plain; charset=utf-8'],
    ])('serves the file %s as %s', async (url, type) => {
      const answer = await nginx.request(url);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe(type);
      if (type.startsWith('text/html'))
        expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    });

    it('serves a dump index as JSON and its parts as NDJSON and gzip', async () => {
      const part = new URL((await readDump(dir, 'exhibition')).parts[0]!.file, 'http://site/').pathname;
      const answers = await Promise.all(
        ['/api/public/dumps/exhibitions.json', part, `${part}.gz`].map((url) => nginx.request(url)),
      );
      expect(answers.map((answer) => [answer.status, answer.headers['content-type']])).toEqual([
        [200, 'application/json; charset=utf-8'],
        [200, 'application/x-ndjson; charset=utf-8'],
        [200, 'application/gzip'],
      ]);
    });

    it.each([
      ['POST', '/api/public/dataset'],
      ['PUT', '/api/public/schema.json'],
      ['DELETE', '/api/public/exhibitors/EXR-000145.json'],
      ['PATCH', '/nowhere'],
      ['OPTIONS', '/api/public/dataset?type=exhibition'],
    ])('refuses %s %s with 405, Allow and a JSON body, in every location', async (method, url) => {
      const answer = await nginx.request(url, method);
      expectError(answer, 405, 'method_not_allowed');
      expect(answer.headers.allow).toBe('GET, HEAD');
    });

    it('answers HEAD of a miss like GET without a body', async () => {
      const [get, head] = [
        await nginx.request('/api/public/nowhere.json'),
        await nginx.request('/api/public/nowhere.json', 'HEAD'),
      ];
      expect(head.status).toBe(get.status);
      expect(head.body).toBeUndefined();
      expectApiHeaders(head);
    });
  },
);

it('refuses a base URL nginx.conf cannot hold', () => {
  expect(() => nginxConf('https://data.example.com/$uri')).toThrow(UserError);
});
