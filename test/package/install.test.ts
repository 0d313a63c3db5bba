/**
 * The package as an operator installs it: `npm pack` of the compiled tree, installed
 * globally into an empty prefix, then run from another folder: `--version`, a build of the
 * sample (the browse page's assets and the Worker bundles come from the package), the SDK
 * entry `dataset-site/client`, `npx dataset-site`, and the README's MCP client
 * configuration (`"command": "dataset-site"`) with the prefix's bin on the PATH.
 *
 * npm resolves the dependencies from its cache (`--prefer-offline`): on a machine whose
 * cache holds them (after `npm ci` and one such install) nothing is fetched.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serve, type PreviewServer } from '../../src/serve/index.js';
import { runCommand } from '../helpers/cli.js';
import { sampleSite } from '../helpers/site.js';

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
let prefix: string;
let elsewhere: string;
let env: NodeJS.ProcessEnv = {};

beforeAll(async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'ds-install-'));
  prefix = path.join(work, 'prefix');
  elsewhere = path.join(work, 'elsewhere');
  // `npm test` compiled lib/ already: the pack skips `prepack`.
  const packed = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], process.cwd());
  expect(packed.code, packed.stderr).toBe(0);
  const tarball = path.join(work, packed.stdout.trim());
  const installed = await run(
    'npm',
    ['install', '--global', '--prefix', prefix, tarball, '--prefer-offline', '--no-audit', '--no-fund'],
    work,
  );
  expect(installed.code, installed.stderr).toBe(0);
  env = { PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH}`, npm_config_prefix: prefix };
  mkdirSync(elsewhere);
}, 120_000);

let server: PreviewServer | undefined;
afterAll(async () => server?.close());

it('prints its version', async () => {
  const result = await run('dataset-site', ['--version'], elsewhere);
  expect(result).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  const npx = await run('npx', ['--offline', 'dataset-site', '--version'], elsewhere);
  expect(npx).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
});

it('builds the sample from another folder, with the browse page and the Worker bundles of the package', async () => {
  const result = await run('dataset-site', ['build', '--sources', path.resolve('sources'), '--out', 'site'], elsewhere);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toMatch(/^built \S+elsewhere\/site: 48 exhibitions, 360 exhibitors, 36 service providers/);
  for (const file of ['assets/browse.js', '_worker.js', 'index.html', 'api/public/schema.json'])
    expect(existsSync(path.join(elsewhere, 'site', file)), file).toBe(true);
  const deploy = await run('dataset-site', ['init-deploy', '--dir', 'deploy'], elsewhere);
  expect(deploy.code, deploy.stderr).toBe(0);
  // The Worker wrangler deploys is the installed package's bundle.
  const main = /^main = "(.+)"$/m.exec(readFileSync(path.join(elsewhere, 'deploy/wrangler.toml'), 'utf8'))?.[1];
  expect(readFileSync(path.resolve(elsewhere, 'deploy', main!), 'utf8')).toContain('export');
  expect(path.resolve(elsewhere, 'deploy', main!).startsWith(prefix)).toBe(true);
});

it('gives agents the SDK entry dataset-site/client', async () => {
  server = await serve({ dir: sampleSite(), port: 0 });
  // A module beside the global node_modules resolves the package as a project beside it would.
  const script = path.join(prefix, 'lib', 'ask.mjs');
  writeFileSync(
    script,
    `import { createClient } from 'dataset-site/client';\n` +
      `const answer = await createClient({ baseUrl: ${JSON.stringify(server.url)} }).dataset({ type: 'exhibition', limit: 1 });\n` +
      `console.log(answer._meta.total);\n`,
  );
  const result = await run(process.execPath, [script], elsewhere);
  expect(result).toMatchObject({ code: 0, stdout: '48\n' });
});

it('answers an MCP client configured as the README shows', async () => {
  server ??= await serve({ dir: sampleSite(), port: 0 });
  const transport = new StdioClientTransport({
    command: 'dataset-site',
    args: ['mcp', '--base-url', server.url],
    env: { ...process.env, ...env } as Record<string, string>,
    stderr: 'ignore',
  });
  const mcp = new Client({ name: 'install-test', version: '1.0.0' });
  await mcp.connect(transport);
  try {
    expect(mcp.getServerVersion()?.version).toBe(VERSION);
    expect((await mcp.listTools()).tools.map((tool) => tool.name)).toContain('search_dataset');
  } finally {
    await mcp.close();
  }
});

const run = (command: string, args: string[], cwd: string) => runCommand(command, args, cwd, env);
