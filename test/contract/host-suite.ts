/**
 * The one contract suite every host runs (docs/api.md#hosts): the preview server, the
 * router, the client SDK, the reference, nginx, the Pages worker and the R2 worker each
 * call {@link contractSuite} with what sets it apart ({@link HostTraits}), and keep only
 * their host-specific checks beside it. The method policy is the same on every host that
 * takes a method: GET and HEAD, anything else a 405 JSON error with `Allow: GET, HEAD`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { API_HEADERS } from '../../src/query/formats/index.js';
import { readSite } from '../../src/site/index.js';
import { CONTRACT_CASES, ESCAPES, datasetUrl } from './cases.js';
import { QUERY_FILTER_CASES } from './query-filter-cases.js';
import {
  STATIC_DOCUMENTS,
  expectAnswerHeaders,
  expectApiHeaders,
  expectContractAnswer,
  expectError,
  expectStaticDocument,
} from './expect-contract.js';
import { expectBrowsePage, expectEtags, expectPreflight } from './expect-http.js';
import type { Expected, Target } from './targets.js';

/** What sets a host apart in the contract suite. */
export interface HostTraits {
  /** `query form`: it answers the query form and the schema only (the reference); `site`: every path of the site. */
  serves: 'query form' | 'site';
  /** Whether a request carries its method (not the client SDK, which only GETs). */
  methods: boolean;
  /**
   * How a path escape (`..`, `%2e%2e`, `\`) is met: `refused` with a 4xx JSON error, or
   * `resolved` by the runtime before routing (workerd), when only a public document may come back.
   */
  escapes: 'refused' | 'resolved';
  /** Whether it is reached at a URL of its own, where ETags, CORS preflights and the browse page at its root are held too. */
  http: boolean;
}

/** The host under test and what its answers are held to, once its suite's `beforeAll` started it. */
export interface HostUnderTest {
  target: Target;
  /** The built site it serves. */
  dir: string;
  expected: Expected;
}

/** The preview server and the hosts run on workerd: every check. */
export const FULL_HOST: HostTraits = { serves: 'site', methods: true, escapes: 'refused', http: true };

/**
 * Registers the contract suite for one host in the enclosing `describe`, whose `beforeAll`
 * starts the host: `host()` gives it to each test.
 */
export function contractSuite(traits: HostTraits, host: () => HostUnderTest): void {
  it.each([...CONTRACT_CASES, ...QUERY_FILTER_CASES].map((c) => [c.name, c] as const))(
    'answers %s as the oracle does',
    async (_, contractCase) => {
      const { target, expected } = host();
      const answer = await expectContractAnswer(target, expected, contractCase);
      if (traits.serves === 'site') await expectAnswerHeaders(answer, contractCase.url, expected);
    },
  );
  if (traits.serves === 'query form') return;

  it.each([
    ['a dataset answer', datasetUrl(['type', 'exhibitor'], ['limit', '100']), 200],
    ['a q answer', datasetUrl(['q', '汽车']), 200],
    ['the schema', '/api/public/schema', 200],
    ['a refused query', datasetUrl(['limit', '-1']), 400],
  ])('answers %s with the API headers', async (_, url, status) => {
    const answer = await host().target.request(url);
    expect(answer.status).toBe(status);
    expectApiHeaders(answer);
    expect(answer.body).toBeTypeOf('object');
  });

  it.each([...STATIC_DOCUMENTS, ['the schema', '/api/public/schema.json'] as const])(
    'serves %s as built, with the API headers',
    async (_, url) => {
      const { target, dir } = host();
      await expectStaticDocument(target, dir, url);
    },
  );

  it('serves the schema at its query-form path as built', async () => {
    const { target, dir } = host();
    expect((await target.request('/api/public/schema')).body).toEqual((await readSite(dir)).schema);
  });

  if (traits.escapes === 'refused') {
    it.each(ESCAPES)('refuses %s with a 4xx JSON error', async (url) => {
      const answer = await host().target.request(url);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toMatchObject({ error: { code: 'not_found' } });
      expectApiHeaders(answer);
    });
  } else {
    // The runtime resolves `..`, `\` and `//` before routing, so some of these reach the
    // public schema document itself; none may reach anything else, nor fail on the server.
    it.each(ESCAPES)('serves nothing but a public document for %s', async (url) => {
      const { target, dir } = host();
      const answer = await target.request(url);
      if (answer.status === 200)
        expect(answer.body).toEqual(JSON.parse(await readFile(path.join(dir, 'api/public/schema.json'), 'utf8')));
      else expectError(answer, 404, 'not_found');
    });
  }

  if (traits.methods) {
    it('answers HEAD like GET without a body', async () => {
      const { target } = host();
      for (const url of [datasetUrl(['type', 'exhibition'], ['limit', '3']), '/api/public/schema.json']) {
        const [get, head] = [await target.request(url), await target.request(url, 'HEAD')];
        expect(head.status).toBe(200);
        expect(head.body).toBeUndefined();
        for (const header of Object.keys(API_HEADERS))
          expect(head.headers[header.toLowerCase()], header).toBe(get.headers[header.toLowerCase()]);
      }
    });

    it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])(
      'refuses %s with 405, Allow and a JSON error',
      async (method) => {
        for (const url of ['/api/public/dataset', '/api/public/schema.json']) {
          const answer = await host().target.request(url, method);
          expectError(answer, 405, 'method_not_allowed');
          expect(answer.headers.allow).toBe('GET, HEAD');
        }
      },
    );
  }

  if (traits.http) {
    it('serves the browse page at the site root, with its policy', () => expectBrowsePage(host().target));
    it('gives every 200 an ETag and answers a client holding it with 304', () => expectEtags(host().target.url!));
    it('answers a CORS preflight with 204', () => expectPreflight(host().target.url!));
  }
}
