/**
 * `dataset-site init-deploy`: the deploy configuration lives in the project, outside the
 * built site, written once; an operator's edits survive a rebuild and a second init-deploy,
 * and the site holds no deploy configuration of its own.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
