/**
 * The OpenAPI 3.1 document (docs/api.md#openapi): valid for a real validator and for
 * Redocly's recommended rules, true to the answers (each checked against its schema with
 * Ajv), and good enough for a third-party generator: openapi-typescript's types with
 * openapi-fetch compile, a misspelt field does not, and the client gets the router's
 * answers from dataset-site serve. document-walk.test.ts holds it to every document and
 * link of a site; generated-clients.test.ts runs clients generated from it.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameterExamples } from '../../src/documents/index.js';
import { OPENAPI_PATH } from '../../src/query/formats/index.js';
import { createRouter } from '../../src/query/router/index.js';
import { fileStore, serve, type PreviewServer } from '../../src/serve/index.js';
import { openApiDocument } from '../../src/schema/openapi.js';
import { readSite } from '../../src/site/index.js';
import { runNode } from '../helpers/cli.js';
import { sampleSite } from '../helpers/site.js';

const CLIENT = 'test/schema/client';
let document: Record<string, unknown>;
let server: PreviewServer;

beforeAll(async () => {
  document = JSON.parse(await readFile(path.join(sampleSite(), OPENAPI_PATH), 'utf8'));
  server = await serve({ dir: sampleSite(), port: 0 });
});
afterAll(async () => {
  await server?.close();
});

describe('openapi.json', () => {
  it('passes a real OpenAPI 3.1 validator', async () => {
    const api = (await SwaggerParser.validate(structuredClone(document) as never)) as { openapi?: string };
    expect(api.openapi).toBe('3.1.0');
  });

  it("passes Redocly's recommended rules with no error (and no warning for a site with a public address)", async () => {
    const lint = async (file: string) => {
      const run = await runNode(
        ['node_modules/@redocly/cli/bin/cli.js', 'lint', '--extends', 'recommended', '--format', 'json', file],
        process.cwd(),
        {
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        },
      );
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string }[];
      };
      return { code: run.code, totals: report.totals, rules: report.problems.map((problem) => problem.ruleId) };
    };
    // The sample is built for http://localhost:8080, which Redocly warns of in `servers`.
    expect(await lint(path.join(sampleSite(), OPENAPI_PATH))).toEqual({
      code: 0,
      totals: expect.objectContaining({ errors: 0, warnings: 1 }),
      rules: ['no-server-example.com'],
    });
    const site = await readSite(sampleSite());
    const published = path.join(await mkdtemp(path.join(tmpdir(), 'ds-openapi-')), 'openapi.json');
    await writeFile(
      published,
      JSON.stringify(
        openApiDocument('https://data.fairs.net', parameterExamples(site.dataset, 'https://data.fairs.net')),
      ),
    );
    expect(await lint(published)).toEqual({
      code: 0,
      totals: expect.objectContaining({ errors: 0, warnings: 0 }),
      rules: [],
    });
  }, 120_000);

  it('declares HEAD, the ETag, If-None-Match and 304 on every document, security: [] and a license', () => {
    const paths = document.paths as Record<
      string,
      Record<string, { parameters?: { $ref?: string }[]; responses?: Record<string, unknown> }>
    >;
    for (const [template, item] of Object.entries(paths)) {
      if (template === '/mcp') continue;
      expect(item.head, template).toBeDefined();
      expect(item.parameters, template).toContainEqual({ $ref: '#/components/parameters/IfNoneMatch' });
      expect(item.get!.responses!['304'], template).toEqual({ $ref: '#/components/responses/NotModified' });
    }
    expect(document.security).toEqual([]);
    expect(document.info).toMatchObject({ license: { name: 'MIT' } });
  });

  it('gives limit no maximum (a larger one is served) and offset its maximum, and every parameter an example', () => {
    const paths = document.paths as Record<
      string,
      { parameters: { name?: string; in?: string; schema?: Record<string, unknown>; example?: unknown }[] }
    >;
    const query = Object.fromEntries(
      paths['/api/public/dataset']!.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => [
        parameter.name,
        parameter,
      ]),
    );
    expect(query.limit!.schema).not.toHaveProperty('maximum');
    expect(query.offset!.schema).toMatchObject({ maximum: Number.MAX_SAFE_INTEGER });
    const withoutExample = Object.entries(paths).flatMap(([template, item]) =>
      (item.parameters ?? [])
        // A snapshot is one the answers name, never one made up ahead.
        .filter(
          (parameter) =>
            parameter.name !== undefined && parameter.example === undefined && parameter.name !== 'snapshot',
        )
        .map((parameter) => `${template} ${parameter.name}`),
    );
    expect(withoutExample).toEqual([]);
  });

  it('describes the same paths for data without examples (no entity, no filter value), leaving their examples out', () => {
    const bare = openApiDocument('https://data.fairs.net', {});
    expect(Object.keys(bare.paths)).toEqual(Object.keys(document.paths as object));
    const listing = (bare.paths as Record<string, unknown>)[
      '/api/public/dataset/{type}/industry/{industry}/{page}.json'
    ] as {
      parameters: { name?: string; example?: unknown }[];
    };
    expect(listing.parameters.find((parameter) => parameter.name === 'industry')).not.toHaveProperty('example');
  });

  it('describes every answer the router gives (Ajv, JSON Schema 2020-12)', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(document, 'openapi');
    const route = createRouter({ store: fileStore(sampleSite()) });
    const cases: [url: string, schema: string][] = [
      ['/api/public/dataset', 'DatasetResponse'],
      ['/api/public/dataset?type=exhibitor&q=co&limit=50', 'DatasetResponse'],
      ['/api/public/dataset?city=xian&industry=Robotcs', 'DatasetResponse'],
      ['/api/public/dataset/exhibition/1.json', 'DatasetResponse'],
      ['/api/public/exhibitors/EXR-000145.json', 'Exhibitor'],
      ['/api/public/exhibitions/EXH-0001.json', 'Exhibition'],
      ['/api/public/dataset?limit=-1', 'Error'],
      ['/api/public/nowhere', 'Error'],
    ];
    for (const [url, schema] of cases) {
      const validate = ajv.getSchema(`openapi#/components/schemas/${schema}`)!;
      const body = JSON.parse((await route({ method: 'GET', url })).body);
      expect(validate(body), `${url}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    // `_meta.unmatched` is described, not merely let through: a misspelt member of it is refused.
    const validate = ajv.getSchema('openapi#/components/schemas/DatasetResponse')!;
    const body = JSON.parse((await route({ method: 'GET', url: '/api/public/dataset?city=xian' })).body);
    expect(body._meta.unmatched).toHaveLength(1);
    body._meta.unmatched[0].closets = body._meta.unmatched[0].closest;
    expect(validate(body)).toBe(false);
  });

  it("gives a typed client that compiles, refuses a misspelt field, and gets the router's answers", async () => {
    await mkdir(path.join(CLIENT, 'generated'), { recursive: true });
    await writeFile(
      path.join(CLIENT, 'generated/api.d.ts'),
      astToString(await openapiTS(structuredClone(document) as never)),
    );
    const tsc = (project: string) =>
      spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { encoding: 'utf8' });
    const compiled = tsc(CLIENT);
    expect(compiled.status, compiled.stdout).toBe(0);

    const usage = await readFile(path.join(CLIENT, 'usage.ts'), 'utf8');
    await mkdir(path.join(CLIENT, 'generated/misspelt'), { recursive: true });
    await writeFile(
      path.join(CLIENT, 'generated/misspelt/usage.ts'),
      usage.replace('exhibitor.data!.weight', 'exhibitor.data!.wieght').replace("'./generated/api.js'", "'../api.js'"),
    );
    const misspelt = tsc(CLIENT);
    expect(misspelt.status).not.toBe(0);
    expect(misspelt.stdout).toContain("Property 'wieght' does not exist");
    await writeFile(path.join(CLIENT, 'generated/misspelt/usage.ts'), '');

    const run = await runNode(['node_modules/tsx/dist/cli.mjs', path.join(CLIENT, 'usage.ts'), server.url, '汽车']);
    expect(run.code, run.stderr).toBe(0);
    const answers = JSON.parse(run.stdout);
    const route = createRouter({ store: fileStore(sampleSite()) });
    const via = async (url: string) => JSON.parse((await route({ method: 'GET', url })).body);
    const without = (body: { _meta: Record<string, unknown> }) => ({
      ...body,
      _meta: { ...body._meta, generated_at: undefined },
    });
    expect(without(answers.listing)).toEqual(without(await via('/api/public/dataset?type=exhibitor&limit=3')));
    expect(without(answers.search)).toEqual(
      without(await via(`/api/public/dataset?type=exhibition&q=${encodeURIComponent('汽车')}&limit=5`)),
    );
    expect(answers.search._meta.total).toBeGreaterThan(0);
    expect(answers.refused).toEqual({ status: 400, code: 'invalid_parameter' });
    expect(answers.exhibitor).toEqual(answers.listing.exhibitors[0]);
  }, 120_000);
});
