/**
 * The client SDK against hosts that answer wrong: it never presents a wrong document as a
 * right answer, takes documents from the site's origin only, tries a dropped connection
 * or a short 503 once more, gives up on a stalled host, and says what to do in every error.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiError, createClient, type ClientOptions } from '../../src/client/index.js';
import { startFaultyHost, type FaultyHost } from '../helpers/faulty-host.js';
import { sampleSite } from '../helpers/site.js';

let host: FaultyHost;
let other: FaultyHost;
beforeAll(async () => {
  host = await startFaultyHost(sampleSite());
  other = await startFaultyHost(sampleSite());
});
beforeEach(() => host.spoil(() => false));
afterAll(async () => {
  await host?.close();
  await other?.close();
});

const client = (options: Partial<ClientOptions> = {}) => createClient({ baseUrl: host.url, cacheMs: 0, ...options });

/** The message of the error `promise` rejects with (an ApiError's is its body's). */
async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error, 'the query should have failed').toBeInstanceOf(Error);
  return error instanceof ApiError ? error.body.error.message : (error as Error).message;
}

const isEntity = (url = '') => /^\/api\/public\/exhibitors\/[^/]+\.json$/.test(url);
const solar = { type: 'exhibitor', text: 'solar', limit: 5 } as const;

describe('documents that are not the ones asked for', () => {
  it('refuses a host that answers every exhibitor path with one exhibitor', async () => {
    const one = await readFile(path.join(sampleSite(), 'api/public/exhibitors/EXR-000001.json'));
    host.spoil((request, response) => {
      if (!isEntity(request.url) || request.url!.endsWith('/EXR-000001.json')) return false;
      response.writeHead(200, { 'content-type': 'application/json' }).end(one);
      return true;
    });
    expect(await failure(client().dataset(solar))).toMatch(
      /^api\/public\/exhibitors\/[^ ]+\.json is not the entity it names \(its _links\.self is not http:\/\/localhost:8080\/api\/public\/exhibitors\/.+\): the host answers this path with another document; check its rewrite or fallback rules/,
    );
  });

  it('refuses an entity document without an id', async () => {
    host.spoil((request, response) => isEntity(request.url) && (response.end('{}'), true));
    expect(await failure(client().dataset(solar))).toMatch(/is not the entity it names/);
  });

  it("refuses a host that answers a listing it lacks with another listing's page", async () => {
    const unfiltered = await readFile(path.join(sampleSite(), 'api/public/dataset/exhibition/1.json'));
    host.spoil((request, response) => {
      if (!request.url!.startsWith('/api/public/dataset/exhibition/country/')) return false;
      response.writeHead(200, { 'content-type': 'application/json' }).end(unfiltered);
      return true;
    });
    expect(await failure(client().dataset({ type: 'exhibition', country: 'Japan' }))).toMatch(
      /^api\/public\/dataset\/exhibition\/country\/japan\/1\.json is not page 1 of the exhibition listing it names \(exhibition [^ ]+ does not hold country japan\)/,
    );
  });

  it('refuses a page of the listing in the place of another', async () => {
    const first = await readFile(path.join(sampleSite(), 'api/public/dataset/exhibitor/1.json'));
    host.spoil((request, response) => {
      if (request.url !== '/api/public/dataset/exhibitor/2.json') return false;
      response.writeHead(200, { 'content-type': 'application/json' }).end(first);
      return true;
    });
    expect(await failure(client().dataset({ type: 'exhibitor', offset: 150, limit: 10 }))).toMatch(
      /^api\/public\/dataset\/exhibitor\/2\.json is not page 2 of the exhibitor listing it names \(its _meta\.offset is 0\)/,
    );
  });
});

describe('redirects', () => {
  const toOther = () =>
    host.spoil((request, response) => {
      if (!isEntity(request.url)) return false;
      response.writeHead(302, { location: `${other.url}${request.url}` }).end();
      return true;
    });

  it('refuses a redirect to another origin, naming it', async () => {
    toOther();
    expect(await failure(client().dataset(solar))).toContain(
      `failed: redirected to ${other.url}/api/public/exhibitors/`,
    );
  });

  it('follows a redirect to an origin the caller names, and one on the site', async () => {
    const expected = await client().dataset(solar);
    toOther();
    expect(await client({ allowedOrigins: [other.url] }).dataset(solar)).toEqual(expected);
    host.spoil((request, response) => {
      if (!isEntity(request.url) || request.url!.includes('?')) return false;
      response.writeHead(301, { location: `${request.url}?moved` }).end();
      return true;
    });
    expect(await client().dataset(solar)).toEqual(expected);
  });
});

describe('connections the host drops', () => {
  it('tries each document once more on a connection closed before the answer', async () => {
    const expected = await client().dataset(solar);
    const dropped = new Set<string>();
    host.spoil((request) => {
      if (!isEntity(request.url) || dropped.has(request.url!)) return false;
      dropped.add(request.url!);
      request.socket.destroy();
      return true;
    });
    expect(await client().dataset(solar)).toEqual(expected);
    expect(dropped.size).toBe(5);
  });

  it('fails naming the URL when the second try is dropped too', async () => {
    host.spoil((request) => isEntity(request.url) && (request.socket.destroy(), true));
    expect(await failure(client().dataset(solar))).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/public\/exhibitors\/[^ ]+\.json failed: the host closed the connection before answering \(other side closed\), and before that the host closed the connection before answering/,
    );
  });

  it('tries once more after a 503 whose Retry-After is short, and not after a long one', async () => {
    const expected = await client().dataset(solar);
    const refused = new Set<string>();
    host.spoil((request, response) => {
      if (!isEntity(request.url) || refused.has(request.url!)) return false;
      refused.add(request.url!);
      response.writeHead(503, { 'retry-after': '1' }).end();
      return true;
    });
    expect(await client().dataset(solar)).toEqual(expected);
    host.spoil(
      (request, response) => isEntity(request.url) && (response.writeHead(503, { 'retry-after': '3600' }).end(), true),
    );
    expect(await failure(client().dataset(solar))).toMatch(
      /failed: answered 503 and asks to retry after 3600 s, longer than the client waits \(10 s\): the host is overloaded, try again later/,
    );
  });
});

describe('a stalled host', () => {
  it('gives up on stalled headers and on a stalled body, naming the URL and the option', async () => {
    host.spoil((request) => isEntity(request.url));
    const headers = await failure(client({ timeoutMs: 300 }).dataset(solar));
    expect(headers).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/public\/exhibitors\/[^ ]+\.json failed: no complete answer within 0\.3 s; the host is stalled or slow \(the client's timeoutMs option sets the limit\)/,
    );
    host.spoil((request, response) => {
      if (!isEntity(request.url)) return false;
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' }).write('{"id":');
      return true;
    });
    expect(await failure(client({ timeoutMs: 300 }).dataset(solar))).toMatch(
      /failed: no complete answer within 0\.3 s/,
    );
  });
});

describe('a bucket that answers 403 for a missing key', () => {
  const forbidding = () =>
    host.spoil((request, response) => {
      if (!request.url!.includes('/EXH-NONE')) return false;
      response.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
      return true;
    });
  // A relation filter to an exhibition the site does not hold: its document is read, and missing.
  const atlantis = { type: 'exhibitor', exhibition: 'EXH-NONE' } as const;

  it('says which option reads it as missing', async () => {
    forbidding();
    expect(await failure(client().dataset(atlantis))).toMatch(
      /failed: answered 403 Forbidden: a bucket read without list permission answers 403 for a document it does not hold; if the site is such a bucket, set the client's forbiddenIsMissing option/,
    );
  });

  it('answers as over any other host with the option: a 404 naming the exhibition', async () => {
    forbidding();
    const error = await client({ forbiddenIsMissing: true })
      .dataset(atlantis)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.error).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('EXH-NONE'),
    });
  });
});

describe('answers that are not the site', () => {
  it('names a captive portal for the schema and for a query', async () => {
    host.spoil(
      (_, response) => (response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Log in</html>'), true),
    );
    const advice =
      /failed: answered a web page where the site has a JSON document: a captive portal, a login page or a host that answers every path with one page/;
    expect(await failure(client().schema())).toMatch(advice);
    expect(await failure(client().dataset(solar))).toMatch(advice);
  });

  it('names a schema document cut short', async () => {
    const schema = await readFile(path.join(sampleSite(), 'api/public/schema.json'), 'utf8');
    host.spoil((request, response) => {
      if (request.url !== '/api/public/schema.json') return false;
      response.writeHead(200, { 'content-type': 'application/json' }).end(schema.slice(0, 500));
      return true;
    });
    expect(await failure(client().schema())).toMatch(
      /^the answer to \/api\/public\/schema is not JSON \(.+\): it was cut short, or the host answered with a page that is not the site's/,
    );
  });
});
