/** `dataset-site publish`: usage errors, failures named in one line, --dry-run, the summary. */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { siteFiles } from '../helpers/published.js';
import { S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { buildTempSite } from '../helpers/site.js';

const SECRET = 'not-the-secret-0123456789';
const KEYS = { AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey };

let s3: LocalS3;
let site: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  ({ out: site } = await buildTempSite({ sources: 'test/fixtures/tiny/sources' }));
});
afterAll(() => s3?.close());

/** A port of 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('dataset-site publish', () => {
  it('exits 2 with one line when the bucket or the credentials are missing', async () => {
    const noBucket = await runCli(['publish', '--dir', site, '--endpoint', s3.endpoint], undefined, KEYS);
    expect(noBucket).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'error: --bucket is required: the name of the bucket to publish the site to\n',
    });
    // Nothing in the SDK's default chain: no keys in the environment, no shared files, no instance role.
    const noKeys = await runCli(['publish', '--dir', site, '--bucket', 'b', '--endpoint', s3.endpoint], undefined, {
      AWS_ACCESS_KEY_ID: '',
      AWS_SECRET_ACCESS_KEY: '',
      AWS_PROFILE: '',
      AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/credentials',
      AWS_CONFIG_FILE: '/nonexistent/config',
      AWS_EC2_METADATA_DISABLED: 'true',
    });
    expect(noKeys.code).toBe(2);
    expect(noKeys.stderr).toMatch(
      /^error: no credentials for the bucket: the AWS SDK found none \(AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE .*\n$/,
    );
    expect(
      (await runCli(['publish', '--dir', site, '--bucket', 'b', '--concurrency', 'many'], undefined, KEYS)).code,
    ).toBe(2);
  });

  it('exits 74 with one line naming the endpoint for wrong credentials or an endpoint that does not answer, never printing the secret', async () => {
    const bucket = await s3.createBucket();
    const wrongKeys = await runCli(
      ['publish', '--dir', site, '--bucket', bucket, '--endpoint', s3.endpoint, '--force-path-style'],
      undefined,
      {
        AWS_ACCESS_KEY_ID: 'nobody',
        AWS_SECRET_ACCESS_KEY: SECRET,
      },
    );
    expect(wrongKeys.code).toBe(74);
    expect(wrongKeys.stderr).toBe(
      `error: cannot read .dataset-site/worker.json in s3://${bucket}/ at ${s3.endpoint}: InvalidAccessKeyId (HTTP 403): The AWS Access Key Id you provided does not exist in our records.\n`,
    );
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    // A refused connection may be a store restarting: retried, here for a second.
    const unreachable = await runCli(
      ['publish', '--dir', site, '--bucket', bucket, '--endpoint', endpoint, '--force-path-style', '--budget', '1'],
      undefined,
      {
        ...KEYS,
        AWS_SECRET_ACCESS_KEY: SECRET,
      },
    );
    expect(unreachable.code).toBe(74);
    expect(unreachable.stderr).toMatch(
      new RegExp(
        `^(?:  retrying: .*\\n)+error: cannot read \\.dataset-site/worker\\.json in s3://${bucket}/ at ${endpoint}: gave up after \\d+ attempts in \\d\\.\\d s \\(--budget 1 s without an answer\\): ECONNREFUSED: .*\\n$`,
      ),
    );
    for (const result of [wrongKeys, unreachable]) expect(result.stdout + result.stderr).not.toContain(SECRET);
  });

  it('ends with exit 74 and one line naming the endpoint when the store accepts connections and never answers', async () => {
    // A store that hangs: every connection is taken and left without a byte.
    const sockets = new Set<import('node:net').Socket>();
    const hanging = createServer((socket) => sockets.add(socket.on('close', () => sockets.delete(socket))));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(hanging.address() as { port: number }).port}`;
    try {
      const started = performance.now();
      const result = await runCli(
        [
          'publish',
          '--dir',
          site,
          '--bucket',
          'b',
          '--endpoint',
          endpoint,
          '--force-path-style',
          '--timeout',
          '1',
          '--budget',
          '4',
        ],
        undefined,
        KEYS,
      );
      // Attempts of one second without an answer, with backoff, for the budget of 4 s: seconds, not the SDK's endless wait.
      const seconds = (performance.now() - started) / 1000;
      expect(seconds).toBeLessThan(4 + 2);
      expect(result.code).toBe(74);
      expect(result.stderr).toMatch(
        new RegExp(
          `^(?:  retrying: .*\\n)+error: cannot read \\.dataset-site/worker\\.json in s3://b/ at ${endpoint}: gave up after \\d+ attempts in \\d\\.\\d s \\(--budget 4 s without an answer\\): TimeoutError: (no answer began within 1 s \\(--timeout\\)|no byte moved for 1 s \\(--timeout\\)|no complete answer when the budget ran out)\\n$`,
        ),
      );
      for (const flag of ['--timeout', '--budget', '--request-deadline', '--lease-ttl'])
        expect((await runCli(['publish', '--dir', site, '--bucket', 'b', flag, '0'], undefined, KEYS)).code).toBe(2);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('prints the plan with --dry-run and changes nothing; then publishes under a prefix with a summary line', async () => {
    const bucket = await s3.createBucket();
    const args = [
      'publish',
      '--dir',
      site,
      '--bucket',
      bucket,
      '--endpoint',
      s3.endpoint,
      '--force-path-style',
      '--prefix',
      'data/',
    ];
    const dryRun = await runCli([...args, '--dry-run'], undefined, KEYS);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toMatch(/^upload new entities \(9\):\n {2}api\/public\/exhibitions\/E1\.json\n/);
    expect(dryRun.stdout.match(/^upload [^(]+/gm)).toEqual([
      'upload new entities ',
      'upload new documents ',
      'upload indexes ',
      'upload index of facets ',
      'upload the schema ',
      'upload the snapshot root ',
      'upload root files ',
    ]);
    expect(dryRun.stdout).toMatch(
      /\nupload the schema \(1\):\n {2}api\/public\/schema\.json\nupload the snapshot root \(1\):\n {2}api\/public\/snapshot\.json\nupload root files \(\d+\):\n(?: {2}.*\n)*published manifest\n/,
    );
    const files = (await siteFiles(site)).length;
    expect(dryRun.stdout).toMatch(
      new RegExp(
        `\\ndry run, s3://${bucket}/data/ at ${s3.endpoint}: would upload ${files}, delete 0; 0 unchanged\\n$`,
      ),
    );
    expect((await s3.readBucket(bucket)).size).toBe(0);

    const published = await runCli(args, undefined, KEYS);
    expect(published.code).toBe(0);
    expect(published.stdout).toMatch(
      new RegExp(
        `^published s3://${bucket}/data/ at ${s3.endpoint}: ${files} uploaded, 0 deleted, 0 unchanged; \\d+\\.\\d MB, in \\d+\\.\\d s\\n$`,
      ),
    );
    expect(published.stderr).toMatch(
      new RegExp(
        ` {2}published ${files}/${files} objects…\\nno Worker has recorded itself in the bucket \\(.*\\): its format was not checked\\n$`,
      ),
    );
    const keys = [...(await s3.readBucket(bucket)).keys()];
    // The site's files, and the published manifest: its root and its files of entries.
    expect(
      keys.filter((key) => !key.startsWith('data/.dataset-site/published/') && key !== 'data/.dataset-site/lease.json'),
    ).toHaveLength(files + 1);
    expect(keys).toContain('data/.dataset-site/published/0.json');
    expect(keys.every((key) => key.startsWith('data/'))).toBe(true);
  });
});
