/**
 * The Worker that `init-deploy` configures reads the keys `publish` writes: for each form of
 * one `--prefix`, the `SITE_PREFIX` of `wrangler.toml` is the prefix publish puts every
 * object under (as its plan says), and a prefix one refuses the other refuses alike.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { S3_CREDENTIALS } from '../helpers/s3.js';
import { useS3AndTinySite } from '../helpers/s3-site.js';

const KEYS = { AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey };

const local = useS3AndTinySite();

// publish with `--prefix`, its plan printed (`--dry-run`): it names the bucket and prefix it would write to.
function publish(bucket: string, prefix: string) {
  return runCli(
    ['publish', '--dir', local.site, '--bucket', bucket, '--endpoint', local.s3.endpoint, '--force-path-style'].concat([
      '--prefix',
      prefix,
      '--dry-run',
    ]),
    undefined,
    KEYS,
  );
}

it.each(['site', '/site', 'site//'])(
  'writes SITE_PREFIX for --prefix %j as the prefix publish writes the keys under',
  async (prefix) => {
    const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
    const configured = await runCli(['init-deploy', '--prefix', prefix], project);
    expect(configured.code, configured.stderr).toBe(0);
    const toml = readFileSync(path.join(project, 'deploy/wrangler.toml'), 'utf8');
    const sitePrefix = JSON.parse(/^SITE_PREFIX = (".*")$/m.exec(toml)![1]!) as string;

    const bucket = await local.s3.createBucket();
    const planned = await publish(bucket, prefix);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toContain(`\ndry run, s3://${bucket}/${sitePrefix} at ${local.s3.endpoint}: would upload `);
    expect(sitePrefix).toBe('site/');
  },
);

it('refuses a --prefix publish refuses, with its words, and writes nothing', async () => {
  const project = mkdtempSync(path.join(tmpdir(), 'ds-deploy-'));
  const refused = await runCli(['init-deploy', '--prefix', 'site/../other'], project);
  expect(refused).toEqual({
    code: 2,
    stdout: '',
    stderr: 'error: --prefix must be a plain key prefix such as site/; got "site/../other"\n',
  });
  expect(await publish(await local.s3.createBucket(), 'site/../other')).toMatchObject({
    code: 2,
    stderr: refused.stderr,
  });
  expect(() => readFileSync(path.join(project, 'deploy/wrangler.toml'))).toThrow(/ENOENT/);
});
