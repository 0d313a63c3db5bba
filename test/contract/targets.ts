/**
 * The targets the contract suite runs against: every way the query form is answered, and
 * the independent oracle their answers are held to. Another target (the Cloudflare
 * worker, nginx) is one more factory returning a {@link Target}.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import fg from 'fast-glob';
import { createClient } from '../../src/client/index.js';
import {
  errorBody,
  answerDataset,
  datasetCsv,
  parseSiteQuery,
  unknownRelated,
} from '../../src/query/responses/index.js';
import { type RouterResponse, createRouter } from '../../src/query/router/index.js';
import { fileStore, serve } from '../../src/serve/index.js';
import { readSite } from '../../src/site/index.js';
import { createOracle, type Oracle, type OracleEntity, type OracleKind, type OracleOptions } from '../oracle/oracle.js';

/** An answer as a client sees it: status, headers with lower-case names, the parsed JSON body (or the raw text when it is not JSON). */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** One implementation of the API under test. */
export interface Target {
  name: string;
  /** Where it listens, for a target over HTTP. */
  url?: string;
  /** Answers a path and query string, sent as it is (no normalization of `..` or `%2e`). */
  request(pathAndQuery: string, method?: string): Promise<Answer>;
  close?(): Promise<void>;
}

/** The in-memory reference: `answerDataset` over the entity documents of the site. */
export async function referenceTarget(dir: string): Promise<Target> {
  const site = await readSite(dir);
  const context = { baseUrl: site.baseUrl, generatedAt: site.generatedAt, dictionary: site.dictionary };
  return {
    name: 'reference',
    async request(pathAndQuery) {
      const mark = pathAndQuery.includes('?') ? pathAndQuery.indexOf('?') : pathAndQuery.length;
      const [path, query] = [pathAndQuery.slice(0, mark), pathAndQuery.slice(mark + 1)];
      if (path === '/api/public/schema') return { status: 200, headers: {}, body: site.schema };
      if (path !== '/api/public/dataset') throw new Error(`the reference answers only the query form, not ${path}`);
      const parsed = parseSiteQuery(new URLSearchParams(query), site.dictionary);
      const missing = parsed.ok ? unknownRelated(site.dataset, parsed.query) : undefined;
      if (missing !== undefined) return { status: 404, headers: {}, body: errorBody('not_found', missing, context) };
      if (!parsed.ok)
        return {
          status: 400,
          headers: {},
          body: errorBody('invalid_parameter', parsed.error.message, context, parsed.error.parameter),
        };
      const answer = answerDataset(site.dataset, parsed.query, context);
      return parsed.query.format === 'csv'
        ? { status: 200, headers: {}, body: datasetCsv(answer, parsed.query, site.dictionary) }
        : { status: 200, headers: {}, body: answer };
    },
  };
}

/**
 * The independent oracle (test/oracle) over the entity documents of the site, read here
 * without src/: a 200 answer's body without `generated_at`; for a refused query, the
 * error code and the parameter it names; the schema document as built.
 */
export async function oracleTarget(dir: string): Promise<OracleTarget> {
  const readJson = async (file: string) =>
    JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Record<string, unknown>;
  const schema = await readJson('api/public/schema.json');
  const meta = schema._meta as { base_url: string; entities: OracleOptions['dictionary'] };
  const entities = { exhibition: [], exhibitor: [], service_provider: [] } as Record<OracleKind, OracleEntity[]>;
  for (const [kind, folder] of [
    ['exhibition', 'exhibitions'],
    ['exhibitor', 'exhibitors'],
    ['service_provider', 'service_providers'],
  ] as const) {
    for (const file of await fg(`api/public/${folder}/*.json`, { cwd: dir }))
      entities[kind].push((await readJson(file)) as OracleEntity);
  }
  const oracle = createOracle(entities, { baseUrl: meta.base_url, dictionary: meta.entities });
  return {
    name: 'oracle',
    oracle,
    async request(pathAndQuery) {
      const [route, query = ''] = pathAndQuery.split(/\?(.*)/s);
      if (route === '/api/public/schema') return { status: 200, headers: {}, body: schema };
      if (route !== '/api/public/dataset') throw new Error(`the oracle answers only the query form, not ${route}`);
      const answer = oracle.answer(query);
      if (answer.status === 404)
        return { status: 404, headers: {}, body: { error: { status: 404, code: 'not_found' } } };
      return answer.status === 200
        ? {
            status: 200,
            headers: {
              'content-type': `${answer.csv === undefined ? 'application/json' : 'text/csv'}; charset=utf-8`,
              ...(answer.link === undefined ? {} : { link: answer.link }),
            },
            body: answer.csv ?? answer.body,
          }
        : {
            status: 400,
            headers: {},
            body: { error: { status: 400, code: 'invalid_parameter', parameter: answer.parameter } },
          };
    },
  };
}

/** The oracle as a target, and itself for what the tests generate from it. */
export type OracleTarget = Target & { oracle: Oracle };

/** The router over the files of the site, called directly. */
export function routerTarget(dir: string): Target {
  const route = createRouter({ store: fileStore(dir) });
  return {
    name: 'router',
    request: async (pathAndQuery, method = 'GET') => asAnswer(await route({ method, url: pathAndQuery })),
  };
}

/** The preview server over real HTTP on 127.0.0.1. */
export async function previewServerTarget(dir: string): Promise<Target & { url: string }> {
  const server = await serve({ dir, port: 0, host: '127.0.0.1' });
  return {
    name: 'preview server',
    url: server.url,
    request: (pathAndQuery, method = 'GET') => httpRequest(server.url, pathAndQuery, method),
    close: () => server.close(),
  };
}

/** The client SDK against a server of the static files (here the preview server). */
export function clientTarget(baseUrl: string): Target {
  const client = createClient({ baseUrl });
  return {
    name: 'client SDK',
    request: async (pathAndQuery) => asAnswer(await client.request(pathAndQuery)),
  };
}

/** Starts every target over the site in `dir`, the reference first. */
export async function startTargets(dir: string): Promise<Target[]> {
  const server = await previewServerTarget(dir);
  return [await referenceTarget(dir), routerTarget(dir), server, clientTarget(server.url)];
}

/** What every target's answers are held to: the oracle for 200 bodies and refused parameters, the reference for error messages. */
export interface Expected {
  oracle: OracleTarget;
  reference: Target;
}

/** The oracle and the reference over the site in `dir`. */
export async function expectedAnswers(dir: string): Promise<Expected> {
  const [oracle, reference] = await Promise.all([oracleTarget(dir), referenceTarget(dir)]);
  return { oracle, reference };
}

/** Sends one request with node:http, which (unlike fetch) sends the path exactly as given. */
export function httpRequest(baseUrl: string, pathAndQuery: string, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: pathAndQuery, method }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string>,
          body: parseBody(text),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

function asAnswer(response: RouterResponse): Answer {
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return { status: response.status, headers, body: parseBody(response.body) };
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
