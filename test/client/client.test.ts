/**
 * The client SDK as an agent uses it: entities typed from the zod schemas (a misspelt
 * field does not compile: the `@ts-expect-error` lines fail `npm run typecheck` the day it
 * does), and what it fetched kept for the API's max-age, so a repeated query costs no
 * request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, type DatasetParams, type Exhibitor, type FetchLike } from '../../src/client/index.js';
import { serve, type PreviewServer } from '../../src/serve/index.js';
import { isImmutablePath } from '../../src/query/formats/index.js';
import { sampleSite } from '../helpers/site.js';

let server: PreviewServer;
beforeAll(async () => {
  server = await serve({ dir: sampleSite(), port: 0 });
});
afterAll(async () => {
  await server?.close();
});

/** A fetch that counts its requests. */
function countingFetch(): { fetch: FetchLike; requests: string[] } {
  const requests: string[] = [];
  return { requests, fetch: (url) => (requests.push(url), fetch(url)) };
}

describe('the client SDK', () => {
  it('types the entities it returns', async () => {
    const { exhibitors } = await createClient({ baseUrl: server.url }).dataset({ type: 'exhibitor', limit: 1 });
    // Not annotated: the type is the client's.
    const first = exhibitors![0]!;
    const same: Exhibitor = first;
    const weight: number = first.weight;
    const tags: string[] = first.industry_tags;
    const exhibitions: string[] = first._links.exhibitions;
    expect([typeof weight, Array.isArray(tags), Array.isArray(exhibitions), same.id]).toEqual([
      'number',
      true,
      true,
      first.id,
    ]);
    // @ts-expect-error a misspelt field is not a field of an exhibitor
    expect(first.wieght).toBeUndefined();
    // @ts-expect-error weight is a number, not a string
    const wrong: string = first.weight;
    expect(typeof wrong).toBe('number');
  });

  it('answers a repeated q query from what it fetched, without a request', async () => {
    const { fetch, requests } = countingFetch();
    const client = createClient({ baseUrl: server.url, fetch });
    const first = await client.dataset({ type: 'exhibitor', q: 'co', limit: 20 });
    const fetched = requests.length;
    expect(fetched).toBeGreaterThan(20);
    expect(await client.dataset({ type: 'exhibitor', q: 'co', limit: 20 })).toEqual(first);
    expect(requests.length).toBe(fetched);
    // The next window reads only the entities it did not read yet, and the chunks of ids naming them (`co` is a common term).
    await client.dataset({ type: 'exhibitor', q: 'co', limit: 20, offset: 20 });
    const next = requests.slice(fetched);
    expect(next.filter((url) => !url.includes('/search/'))).toHaveLength(20);
    expect(next.filter((url) => url.includes('/search/')).every((url) => url.includes('/search/exhibitor/ids/'))).toBe(
      true,
    );
  });

  it('fetches every document but the immutable ones every time with cacheMs 0', async () => {
    const { fetch, requests } = countingFetch();
    const client = createClient({ baseUrl: server.url, fetch, cacheMs: 0 });
    await client.dataset({ type: 'exhibition', limit: 5 });
    const first = [...requests];
    await client.dataset({ type: 'exhibition', limit: 5 });
    const again = requests.slice(first.length);
    const immutable = (url: string) => isImmutablePath(new URL(url).pathname.slice(1));
    expect(first.some(immutable)).toBe(true);
    expect(again).toEqual(first.filter((url) => !immutable(url)));
  });

  it.each(['q', 'text', 'exhibition'])(
    'refuses a lone surrogate in %s with an ApiError 400 naming it, as the query form and MCP do',
    async (name) => {
      const client = createClient({ baseUrl: server.url });
      const type = name === 'exhibition' ? 'exhibitor' : 'all';
      const error = await client.dataset({ type, [name]: 'ab\ud800c' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).body.error).toMatchObject({
        code: 'invalid_parameter',
        parameter: name,
        message: `${name} must be well-formed Unicode text; it holds a lone surrogate, U+D800, at character 3`,
      });
      expect((error as ApiError).body._meta.base_url).toBe('http://localhost:8080');
    },
  );

  it('takes a null value as absent, as a query string without it', async () => {
    const client = createClient({ baseUrl: server.url });
    const nulls = { country: null, q: null, exhibition: null, limit: null } as unknown as DatasetParams<'exhibitor'>;
    const answer = await client.dataset({ type: 'exhibitor', ...nulls });
    expect(answer).toEqual(await client.dataset({ type: 'exhibitor' }));
    expect(answer._meta.total).toBe(360);
  });

  it('reads a CSV: the rows of the JSON answer to the same query, every exhibitor in one window', async () => {
    const client = createClient({ baseUrl: server.url });
    const params = { type: 'exhibitor' as const, country: 'China', fields: ['company_en', 'city'], limit: 2000 };
    const csv = await client.datasetCsv(params);
    const lines = csv.slice(0, -2).split('\r\n');
    expect(lines[0]).toBe('id,company_en,city');
    const { exhibitors, _meta } = await client.dataset({ ...params, limit: 500 });
    expect(_meta.total).toBeGreaterThan(0);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(exhibitors.map((exhibitor) => exhibitor.id));
  });

  it('refuses a CSV of all kinds with an ApiError naming format', async () => {
    const client = createClient({ baseUrl: server.url });
    const params = { type: 'all' } as unknown as Parameters<typeof client.datasetCsv>[0];
    const error = await client.datasetCsv(params).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.error).toMatchObject({ status: 400, parameter: 'format' });
  });
});
