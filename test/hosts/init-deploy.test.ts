/**
 * `dataset-site init-deploy`: the deploy configuration lives in the project, outside the
 * built site, written once; an operator's edits survive a rebuild and a second init-deploy,
 * and the site holds no deploy configuration of its own.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runCli, runNode } from '../helpers/cli.js';
import { NGINX } from './hosts.js';

const WRANGLER = path.resolve('node_modules/wrangler/bin/wrangler.js');

it('writes wrangler.toml and the nginx server block once, and a rebuild keeps the edited ones', async () => {
  const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
  const first = await runCli(['init-deploy', '--bucket', 'my-data', '--prefix', 'site/'], project);
  expect(first).toMatchObject({ code: 0, stdout: 'wrote deploy/wrangler.toml\nwrote deploy/nginx-server.conf\n' });
  const wrangler = path.join(project, 'deploy/wrangler.toml');
  const written = readFileSync(wrangler, 'utf8');
  expect(written).toContain('bucket_name = "my-data"');
  expect(written).toContain('SITE_PREFIX = "site/"');
  expect(readFileSync(path.join(project, 'deploy/nginx-server.conf'), 'utf8')).toContain(
    `include ${JSON.stringify(`${path.join(project, 'dist')}/nginx.conf`)};`,
  );

  const edited = written
    .replace('name = "dataset-site"', 'name = "my-worker"')
    .replace(/\n$/, '\nroutes = [{ pattern = "data.example.com/*", zone_name = "example.com" }]\n');
  writeFileSync(wrangler, edited);
  const built = await runCli(['build', '--sources', path.resolve('test/fixtures/tiny'), '--out', 'dist'], project);
  expect(built.code, built.stderr).toBe(0);
  const again = await runCli(['init-deploy'], project);
  expect(again).toMatchObject({
    code: 0,
    stdout: 'kept (already there, yours) deploy/wrangler.toml\nkept (already there, yours) deploy/nginx-server.conf\n',
  });
  expect(readFileSync(wrangler, 'utf8')).toBe(edited);
  // The site holds what hosts read and serve, no deploy configuration.
  expect(existsSync(path.join(project, 'dist/r2-worker'))).toBe(false);
  expect(existsSync(path.join(project, 'dist/nginx.conf'))).toBe(true);
});

it.each([
  ['a folder', (file: string) => mkdirSync(file, { recursive: true }), 'a folder'],
  ['a dangling link', (file: string) => symlinkSync('gone.toml', file), 'a symbolic link to nothing'],
])('refuses deploy/wrangler.toml that is %s, naming it, and writes nothing', async (_, make, what) => {
  const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
  mkdirSync(path.join(project, 'deploy'));
  make(path.join(project, 'deploy/wrangler.toml'));
  const refused = await runCli(['init-deploy'], project);
  expect(refused).toMatchObject({
    code: 1,
    stdout: '',
    stderr: `error: deploy/wrangler.toml is ${what}, so it holds no configuration: remove it, then run init-deploy again\n`,
  });
  expect(readdirSync(path.join(project, 'deploy'))).toEqual(['wrangler.toml']);
});

it.each(['my\nbucket', 'a"b', 'My-Bucket', 'ab', 'x'.repeat(64), '-bucket', 'my.bucket'])(
  'refuses --bucket %j, which R2 would not take, and writes nothing',
  async (bucket) => {
    const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
    const refused = await runCli(['init-deploy', '--bucket', bucket], project);
    expect(refused).toMatchObject({
      code: 2,
      stderr: `error: --bucket ${JSON.stringify(bucket)} is not a bucket name: R2 and S3 take 3 to 63 characters, lowercase letters, digits and hyphens, a letter or digit at each end\n`,
    });
    expect(existsSync(path.join(project, 'deploy'))).toBe(false);
  },
);

it('refuses a --dir inside the built site, which publish would upload', async () => {
  const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
  const refused = await runCli(['init-deploy', '--dir', 'dist/deploy'], project);
  expect(refused).toMatchObject({
    code: 2,
    stderr:
      "error: --dir dist/deploy is inside the site's folder dist (--site), so publish would upload the deploy configuration with the site: give a folder outside it, such as deploy\n",
  });
  expect(existsSync(path.join(project, 'dist'))).toBe(false);
});

it.each([
  ['a link to the site', 'sitelink/deploy', (project: string) => symlinkSync('site', path.join(project, 'sitelink'))],
  [
    'a link into the site',
    'conf',
    (project: string) => symlinkSync(path.join(project, 'site/deploy'), path.join(project, 'conf')),
  ],
])('refuses a --dir reached through %s, resolving real paths, and writes nothing', async (_, dir, link) => {
  const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
  mkdirSync(path.join(project, 'site/deploy'), { recursive: true });
  link(project);
  const refused = await runCli(['init-deploy', '--dir', dir, '--site', 'site'], project);
  expect(refused).toMatchObject({
    code: 2,
    stderr: `error: --dir ${dir} is inside the site's folder site (--site), so publish would upload the deploy configuration with the site: give a folder outside it, such as deploy\n`,
  });
  expect(readdirSync(path.join(project, 'site/deploy'))).toEqual([]);
});

it.each(['\x7f', '\x1b', '\x08'])(
  'writes a wrangler.toml that TOML takes (wrangler reads it back) for a --prefix holding %j',
  async (control) => {
    const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
    const prefix = `p${control}"\\/`;
    const written = await runCli(['init-deploy', '--prefix', prefix], project);
    expect(written.code, written.stderr).toBe(0);
    const toml = readFileSync(path.join(project, 'deploy/wrangler.toml'), 'utf8');
    expect(toml).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    // wrangler's own TOML parser reads the file; a dry run deploys nothing.
    const read = await runNode(
      [WRANGLER, 'deploy', '--dry-run', '--config', 'deploy/wrangler.toml', '--outdir', 'out'],
      project,
    );
    expect(read.code, read.stdout + read.stderr).toBe(0);
    expect(read.stdout).toContain(`env.SITE_PREFIX ("${prefix}")`);
  },
  60_000,
);

it.each(['my\x7fworker', 'my\nworker', 'My_Worker', 'x'.repeat(64)])(
  'refuses --name %j, which Cloudflare would not take, and writes nothing',
  async (name) => {
    const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
    const refused = await runCli(['init-deploy', '--name', name], project);
    expect(refused).toMatchObject({
      code: 2,
      stderr: `error: --name ${JSON.stringify(name)} is not a Worker name: Cloudflare takes 1 to 63 characters, lowercase letters, digits and hyphens\n`,
    });
    expect(existsSync(path.join(project, 'deploy'))).toBe(false);
  },
);

it.each(['sp ace', 'semi;colon', 'quo"te', 'brace{s}'])(
  'quotes a site path holding %j in the nginx server block',
  async (name) => {
    const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
    const site = path.join(project, name, 'site');
    const written = await runCli(['init-deploy', '--site', site], project);
    expect(written.code, written.stderr).toBe(0);
    const block = readFileSync(path.join(project, 'deploy/nginx-server.conf'), 'utf8');
    const quoted = JSON.stringify(site);
    expect(block).toContain(`  root ${quoted};\n`);
    expect(block).toContain(`  include ${JSON.stringify(`${site}/nginx.conf`)};\n`);
    if (NGINX === undefined) return;
    // nginx itself takes the block: the site's generated rules stand in as an empty file.
    mkdirSync(site, { recursive: true });
    writeFileSync(path.join(site, 'nginx.conf'), '');
    writeFileSync(
      path.join(project, 'nginx.conf'),
      `pid ${project}/nginx.pid;\nevents {}\nhttp {\n  access_log off;\n  include ${project}/deploy/nginx-server.conf;\n}\n`,
    );
    const checked = spawnSync(NGINX, ['-t', '-p', project, '-e', 'stderr', '-c', path.join(project, 'nginx.conf')], {
      encoding: 'utf8',
    });
    expect(checked.status, checked.stderr).toBe(0);
  },
);

it.each([
  ['a line feed', 'new\nline', 'U+000A'],
  ['a dollar sign, which nginx reads as a variable', 'cost$1', '"$"'],
])('refuses a site path holding %s, which nginx cannot take, and writes nothing', async (_, name, what) => {
  const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
  const site = path.join(project, name, 'site');
  const refused = await runCli(['init-deploy', '--site', site], project);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toBe(
    `error: --site ${JSON.stringify(site)} holds ${what}, which an nginx configuration cannot name a path with: move the site to a folder whose path has none, or give another --site\n`,
  );
  expect(existsSync(path.join(project, 'deploy'))).toBe(false);
});

it('says so when a file stands where the deploy folder should be', async () => {
  const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
  writeFileSync(path.join(project, 'deploy'), 'notes\n');
  const refused = await runCli(['init-deploy'], project);
  expect(refused).toMatchObject({
    code: 74,
    stderr:
      'error: cannot write the deploy configuration into deploy: a file stands where that folder should be; move the file away, or give another --dir\n',
  });
});
