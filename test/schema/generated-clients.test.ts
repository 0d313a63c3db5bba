/**
 * Clients generated from a site's openapi.json by third-party generators, as an agent's
 * developer would use them (docs/api.md#openapi, #raw-ids): `@hey-api/openapi-ts`' SDK and
 * openapi-fetch typed by openapi-typescript compile strict, get every entity of a site
 * whose ids hold spaces, `.`, `+`, `%`, `~`, `/`, `#`, `?`, CJK and emoji by its raw id,
 * follow every kind of linked document, and call every other operation with its examples,
 * on the preview server and on the Worker over R2 under `wrangler dev`.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient as generateClient } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../src/query/formats/index.js';
import { serve } from '../../src/serve/index.js';
import { r2WorkerTarget } from '../hosts/hosts.js';
import { runNode } from '../helpers/cli.js';
import { buildHostileIdSite } from '../helpers/hostile-ids.js';

const CLIENT = 'test/schema/hey-client';
const GENERATED = path.join(CLIENT, 'generated');

/** The kinds of document a site links to: each must be reached by following links alone. */
const LINKED = [
  'getRoot',
  'getAssetsBrowseJs',
  'getLlmsTxt',
  'getSchemaDocument',
  'getOpenApi',
  'queryDataset',
  'getListingPage',
  'getListingPageByIndustry',
  'getListingPageByCountry',
  'getListingPageByCity',
  'getExhibition',
  'getExhibitor',
  'getServiceProvider',
  'getExhibitionExhibitors',
  'getRegionProviders',
  'getFacets',
  'getFacet',
  'getChanges',
  'getChangeSet',
  'getDumpIndex',
  'getDumpPart',
  'getDumpPartGzip',
];

interface AgentReport {
  entities: { kind: string; id: string; hey?: string; fetch?: string; exhibitors?: number }[];
  calls: Record<string, number[]>;
  linked: string[];
  unmatched: string[];
  head: { status: number; etag: string };
  conditional: number;
  mcp: { status: number; tools: string[] };
}

let site: Awaited<ReturnType<typeof buildHostileIdSite>>;
let operations: string[];

beforeAll(async () => {
  site = await buildHostileIdSite();
  const file = path.join(site.out, OPENAPI_PATH);
  const document = JSON.parse(await readFile(file, 'utf8')) as {
    paths: Record<string, { get?: { operationId: string } }>;
  };
  operations = Object.values(document.paths).flatMap((item) => (item.get ? [item.get.operationId] : []));
  await rm(GENERATED, { recursive: true, force: true });
  await mkdir(GENERATED, { recursive: true });
  await generateClient({
    input: file,
    output: { path: path.join(GENERATED, 'hey') },
    plugins: ['@hey-api/client-fetch', '@hey-api/sdk', '@hey-api/typescript'],
    logs: { level: 'silent' },
  });
  await writeFile(path.join(GENERATED, 'api.d.ts'), astToString(await openapiTS(document as never)));
}, 180_000);

describe('clients generated from openapi.json', () => {
  it('compile strict, with the agent using them', () => {
    const compiled = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', CLIENT], {
      encoding: 'utf8',
    });
    expect(compiled.status, compiled.stdout).toBe(0);
  }, 120_000);

  describe.each([
    ['the preview server', async () => serve({ dir: site.out, port: 0 })],
    [
      'the Worker over R2 (wrangler dev)',
      async () => {
        const worker = await r2WorkerTarget(site.out);
        return { url: worker.url!, close: () => worker.close!() };
      },
    ],
  ])('against %s', (_, start) => {
    let host: { url: string; close(): Promise<void> };
    let report: AgentReport;

    beforeAll(async () => {
      host = await start();
      const run = await runNode([
        'node_modules/tsx/dist/cli.mjs',
        path.join(CLIENT, 'agent.ts'),
        host.url,
        JSON.stringify(site.ids),
      ]);
      expect(run.code, run.stderr).toBe(0);
      report = JSON.parse(run.stdout) as AgentReport;
    }, 300_000);

    afterAll(async () => {
      await host?.close();
    });

    it("get every entity, and every exhibition's exhibitors, by raw id through both clients", () => {
      // A path segment that is exactly `..` is resolved away by the client's URL parser before
      // any request: no server can answer it (docs/api.md#raw-ids). `...json` is no dot segment.
      const exhibitorsOf = (id: string) => (id === '..' ? undefined : site.ids.exhibitor.length);
      const expected = Object.entries(site.ids).flatMap(([kind, ids]) =>
        ids.map((id) => ({
          kind,
          id,
          hey: id,
          fetch: id,
          ...(kind === 'exhibition' ? { exhibitors: exhibitorsOf(id) } : {}),
        })),
      );
      expect(report.entities).toEqual(expected);
    });

    it('follow every kind of linked document, and every URL found matches an operation', () => {
      expect(report.unmatched).toEqual([]);
      expect(LINKED.filter((operation) => !report.linked.includes(operation))).toEqual([]);
    });

    it('call every operation of the document with answer 200, those no link reached with their examples', () => {
      expect(operations.filter((operation) => report.calls[operation] === undefined)).toEqual([]);
      expect(Object.entries(report.calls).filter(([, statuses]) => statuses.some((status) => status !== 200))).toEqual(
        [],
      );
    });

    it('get HEAD with an ETag, a 304 for If-None-Match, and the MCP tools through POST /mcp', () => {
      expect(report.head).toEqual({ status: 200, etag: expect.stringMatching(/^"/) });
      expect(report.conditional).toBe(304);
      expect(report.mcp).toEqual({
        status: 200,
        tools: ['search_dataset', 'get_entity', 'list_facet_values', 'describe_schema'],
      });
    });
  });
});
