/**
 * publish sends only what the build wrote: a site folder holding files no build wrote (a
 * deploy configuration, notes, a document put there by hand) is refused, naming them,
 * before anything is sent, as `publish --help` says; verify names them too (test/verify/damage.test.ts).
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { S3_CREDENTIALS } from '../helpers/s3.js';
import { useS3AndTinySite } from '../helpers/s3-site.js';
import { copyFolder } from '../helpers/site.js';

const KEYS = { AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey };
const STRAYS = ['api/public/evil.json', 'deploy/wrangler.toml', 'notes/todo.txt'];

const local = useS3AndTinySite();

it('refuses a site holding files the build did not write, naming them, and sends nothing', async () => {
  const site = path.join(await mkdtemp(path.join(tmpdir(), 'ds-strays-')), 'site');
  await copyFolder(local.site, site);
  for (const stray of STRAYS) {
    await mkdir(path.dirname(path.join(site, stray)), { recursive: true });
    await writeFile(path.join(site, stray), 'account_id = "secret"\n');
  }
  const bucket = await local.s3.createBucket();
  const refused = await runCli(
    ['publish', '--dir', site, '--bucket', bucket, '--endpoint', local.s3.endpoint, '--force-path-style'],
    undefined,
    KEYS,
  );
  expect(refused.code).toBe(1);
  expect(refused.stderr).toBe(
    `error: ${site} holds 3 files the build did not write (its manifest does not list them): ${STRAYS.join(', ')}; ` +
      'publish sends only what the build wrote, as anything else in the bucket is public: move them out of the site folder (deploy/ belongs beside it), then publish again\n',
  );
  expect([...(await local.s3.readBucket(bucket)).keys()]).toEqual([]);
});

it('says in publish --help that it sends only the files the build wrote and refuses a folder holding others', async () => {
  const help = await runCli(['publish', '--help']);
  expect(help.code).toBe(0);
  // commander wraps the options, not the text after them: each sentence is one line.
  expect(help.stdout).toContain(
    'It sends only the files the build wrote (its manifest in .dataset-site/ lists them), never the hidden ones: a site folder holding any other file' +
      ' (a deploy/wrangler.toml, a note) is refused before anything is sent, exit 1, naming each, as everything in the bucket is public.\n',
  );
});
