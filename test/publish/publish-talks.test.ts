/**
 * A publish that talks and gives up on what cannot mend: a line when it starts retrying and
 * at most every 10 s after; an endpoint refusing connections ends it within 30 s (exit 74,
 * naming the endpoint), not at the end of --budget; and the credentials, region and endpoint
 * found as every S3 tool finds them (the AWS SDK's default chain, AWS_ENDPOINT_URL_S3).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { retryLines } from '../../src/publish/retry-lines.js';
import { runCli } from '../helpers/cli.js';
import { expectBucketHolds } from '../helpers/published.js';
import { S3_CREDENTIALS } from '../helpers/s3.js';
import { useS3AndTinySite } from '../helpers/s3-site.js';

// Nothing of the machine's own AWS configuration reaches the commands.
const NO_AWS = {
  AWS_ACCESS_KEY_ID: '',
  AWS_SECRET_ACCESS_KEY: '',
  AWS_PROFILE: '',
  AWS_REGION: '',
  AWS_ENDPOINT_URL: '',
  AWS_ENDPOINT_URL_S3: '',
  AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/credentials',
  AWS_CONFIG_FILE: '/nonexistent/config',
  AWS_EC2_METADATA_DISABLED: 'true',
};
const KEYS = {
  ...NO_AWS,
  AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
};

const local = useS3AndTinySite();

it('reports retries at the first and then at most every 10 s', () => {
  let now = 0;
  const lines: string[] = [];
  const report = retryLines(
    (line) => lines.push(line),
    () => now,
  );
  for (const [at, attempt] of [
    [0, 1],
    [3_000, 2],
    [9_999, 3],
    [10_000, 4],
    [25_000, 5],
  ] as const) {
    now = at;
    report({
      failure: 'cannot upload a.json in s3://b/ at http://s: ECONNRESET',
      attempt,
      leftMs: 240_000 - at,
      budgetFlag: '--budget',
    });
  }
  expect(lines).toEqual([
    'retrying: cannot upload a.json in s3://b/ at http://s: ECONNRESET (attempt 1 failed; 240 s of --budget left)',
    'retrying: cannot upload a.json in s3://b/ at http://s: ECONNRESET (attempt 4 failed; 230 s of --budget left)',
    'retrying: cannot upload a.json in s3://b/ at http://s: ECONNRESET (attempt 5 failed; 215 s of --budget left)',
  ]);
});

it('says it retries, and ends within 30 s with exit 74 naming the endpoint when nothing listens there', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  await new Promise((resolve) => server.close(resolve));
  const started = performance.now();
  // The default --budget of 240 s: a refused connection before any answer does not wait for it.
  const result = await runCli(
    ['publish', '--dir', local.site, '--bucket', 'data', '--endpoint', endpoint, '--force-path-style'],
    undefined,
    KEYS,
  );
  const seconds = (performance.now() - started) / 1000;
  expect(result.code).toBe(74);
  expect(seconds).toBeLessThan(30);
  const lines = result.stderr.trimEnd().split('\n');
  const retries = lines.filter((line) => line.startsWith('  retrying: '));
  expect(retries.length).toBeGreaterThanOrEqual(1);
  expect(retries.length).toBeLessThanOrEqual(1 + Math.floor(seconds / 10));
  expect(retries[0]).toMatch(
    new RegExp(
      `^  retrying: cannot read \\.dataset-site/worker\\.json in s3://data/ at ${endpoint}: ECONNREFUSED: .* \\(attempt 1 failed; \\d+ s of --budget left\\)$`,
    ),
  );
  expect(lines.at(-1)).toMatch(
    new RegExp(
      `^error: cannot read \\.dataset-site/worker\\.json in s3://data/ at ${endpoint}: gave up after \\d+ attempts in \\d+\\.\\d s ` +
        '\\(the endpoint has answered nothing since the start: is --endpoint \\(or AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL\\) right, and the store up\\?\\): ECONNREFUSED',
    ),
  );
});

it('takes credentials from a shared credentials file and AWS_PROFILE, the region from its config, the endpoint from AWS_ENDPOINT_URL_S3', async () => {
  const aws = await mkdtemp(path.join(tmpdir(), 'ds-aws-'));
  await writeFile(
    path.join(aws, 'credentials'),
    `[default]\naws_access_key_id = nobody\naws_secret_access_key = wrong\n\n[publisher]\naws_access_key_id = ${S3_CREDENTIALS.accessKeyId}\naws_secret_access_key = ${S3_CREDENTIALS.secretAccessKey}\n`,
  );
  await writeFile(path.join(aws, 'config'), '[profile publisher]\nregion = eu-west-3\n');
  const bucket = await local.s3.createBucket();
  const result = await runCli(['publish', '--dir', local.site, '--bucket', bucket, '--force-path-style'], undefined, {
    ...NO_AWS,
    AWS_SHARED_CREDENTIALS_FILE: path.join(aws, 'credentials'),
    AWS_CONFIG_FILE: path.join(aws, 'config'),
    AWS_PROFILE: 'publisher',
    AWS_ENDPOINT_URL_S3: local.s3.endpoint,
  });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toMatch(new RegExp(`^published s3://${bucket}/ at ${local.s3.endpoint}: \\d+ uploaded`));
  await expectBucketHolds(local.s3, bucket, local.site);
});
