/**
 * The client package (packages/client, `dataset-site-client`): what an agent installs
 * holds the client SDK and the query layer and depends on pluralize and zod alone, none
 * of the build's command-line dependencies; installed beside just those, it answers
 * queries from dataset-site serve and its types compile.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type PreviewServer } from '../../src/serve/index.js';
import { runNode } from '../helpers/cli.js';
import { sampleSite } from '../helpers/site.js';

const PACKAGE = path.resolve('packages/client');
let project: string;
let server: PreviewServer;

beforeAll(async () => {
  const assembled = await runNode(['node_modules/tsx/dist/cli.mjs', 'scripts/pack-client.ts']);
  expect(assembled.code, assembled.stderr).toBe(0);
  // A project with the package and its two dependencies, nothing else.
  project = mkdtempSync(path.join(tmpdir(), 'ds-client-package-'));
  cpSync(PACKAGE, path.join(project, 'node_modules/dataset-site-client'), { recursive: true });
  for (const dependency of ['pluralize', 'zod'])
    symlinkSync(path.resolve('node_modules', dependency), path.join(project, 'node_modules', dependency));
  server = await serve({ dir: sampleSite(), port: 0 });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the client package', () => {
  it("depends on pluralize and zod alone and ships only the client, the query layer and the schemas' types", () => {
    const manifest = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['pluralize', 'zod']);
    const packed = spawnSync('npm', ['pack', '--dry-run', '--json'], { cwd: PACKAGE, encoding: 'utf8' });
    expect(packed.status, packed.stderr).toBe(0);
    const files = (JSON.parse(packed.stdout)[0].files as { path: string }[]).map((file) => file.path);
    expect(
      files
        .filter((file) => file.startsWith('dist/'))
        .every((file) => /^dist\/(client|query)\/|^dist\/schema\/[\w-]+\.d\.ts$/.test(file)),
    ).toBe(true);
    expect(files).toContain('dist/client/index.js');
  });

  it('answers queries from a site with only its two dependencies installed, and its types compile', async () => {
    writeFileSync(
      path.join(project, 'use.mjs'),
      `import { ApiError, createClient } from 'dataset-site-client';
const client = createClient({ baseUrl: process.argv[2] });
const answer = await client.dataset({ type: 'exhibitor', q: 'co', limit: 3 });
const latest = await client.dataset({ type: 'exhibition', from: '2025-01-01', sort: '-start_date', limit: 3 });
const refused = await client.dataset({ type: 'exhibition', page: 2 }).catch((error) => error instanceof ApiError && error.body.error);
console.log(JSON.stringify({ ids: answer.exhibitors.map((e) => e.id), total: answer._meta.total, starts: latest.exhibitions.map((e) => e.start_date), refused }));`,
    );
    const run = await runNode(['use.mjs', server.url], project);
    expect(run.code, run.stderr).toBe(0);
    const { ids, total, starts, refused } = JSON.parse(run.stdout);
    expect(ids).toHaveLength(3);
    expect(total).toBeGreaterThan(3);
    expect(starts).toHaveLength(3);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(refused).toMatchObject({
      status: 400,
      code: 'invalid_parameter',
      parameter: 'page',
      message: expect.stringContaining('offset'),
    });

    mkdirSync(path.join(project, 'src'), { recursive: true });
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(
      path.join(project, 'src/use.ts'),
      `import { createClient, type DatasetType, type Exhibitor } from 'dataset-site-client';
const client = createClient({ baseUrl: 'http://127.0.0.1' });
const answer = await client.dataset({ type: 'exhibitor' });
// The asked kind's array is there (no "possibly undefined")...
const first: Exhibitor | undefined = answer.exhibitors[0];
const weight: number | undefined = first?.weight;
// @ts-expect-error a misspelt field
console.log(weight, first?.wieght);
// ...and the others are not.
// @ts-expect-error an exhibitor answer has no exhibitions
console.log(answer.exhibitions);
const upcoming = await client.dataset({ type: 'exhibition', status: 'upcoming', from: '2026-12-01', sort: '-start_date' });
const start: string = upcoming.exhibitions[0]!.start_date;
// @ts-expect-error sort is start_date or -start_date
await client.dataset({ type: 'exhibition', sort: 'weight' });
// Without a type, all three arrays.
const all = await client.dataset({ q: 'co' });
console.log(start, all.exhibitions.length + all.exhibitors.length + all.service_providers.length);
// A type known at run time gives one of the shapes.
const some = await client.dataset({ type: 'exhibitor' as DatasetType });
console.log('exhibitors' in some ? some.exhibitors.length : some._meta.total);
// The schema document is typed.
const schema = await client.schema();
const maximum: number | undefined = schema.parameters.offset.maximum;
const entities: unknown = schema._meta.entities.exhibition;
console.log(maximum, entities, schema._links.mcp.length);
export {};`,
    );
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
          lib: ['ES2023', 'DOM'],
        },
        include: ['src'],
      }),
    );
    const tsc = spawnSync(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', project], {
      encoding: 'utf8',
    });
    expect(tsc.status, tsc.stdout).toBe(0);
  }, 60_000);
});
