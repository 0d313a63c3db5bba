/**
 * `dataset-site init-deploy`: the deploy configuration lives in the project, outside the
 * built site, written once; an operator's edits survive a rebuild and a second init-deploy,
 * and the site holds no deploy configuration of its own.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

it('writes wrangler.toml and the nginx server block once, and a rebuild keeps the edited ones', async () => {
  const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
  const first = await runCli(['init-deploy', '--bucket', 'my-data', '--prefix', 'site/'], project);
  expect(first).toMatchObject({ code: 0, stdout: 'wrote deploy/wrangler.toml\nwrote deploy/nginx-server.conf\n' });
  const wrangler = path.join(project, 'deploy/wrangler.toml');
  const written = readFileSync(wrangler, 'utf8');
  expect(written).toContain('bucket_name = "my-data"');
  expect(written).toContain('SITE_PREFIX = "site/"');
  expect(readFileSync(path.join(project, 'deploy/nginx-server.conf'), 'utf8')).toContain(
    `include ${path.join(project, 'dist')}/nginx.conf;`,
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
