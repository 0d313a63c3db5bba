/**
 * The edge and the site cannot drift apart: the Worker over R2 writes its record (the site
 * formats it reads) into the bucket, and publish refuses a site that Worker cannot read,
 * naming both versions, before sending anything. The record is written here by the
 * Worker's own code (edge/worker-record.ts) over the S3-compatible test server.
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordWorker, workerRecordText, type RecordBucket } from '../../src/edge/index.js';
import { PACKAGE_VERSION } from '../../src/shared/index.js';
import { SITE_FORMAT } from '../../src/query/formats/index.js';
import { runCli } from '../helpers/cli.js';
import { S3_CREDENTIALS } from '../helpers/s3.js';
import { useS3AndTinySite } from '../helpers/s3-site.js';
import { WORKER_RECORD_PATH, SITE_FORMAT_PATH } from '../../src/query/formats/index.js';

const KEYS = { AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey };
const OTHER_FORMAT = SITE_FORMAT.replace(/^search(\d+)/, (_, version: string) => `search${Number(version) + 1}`);

const local = useS3AndTinySite();
let client: S3Client;
beforeAll(() => {
  client = new S3Client({
    endpoint: local.s3.endpoint,
    region: 'auto',
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  });
});
afterAll(() => client?.destroy());

/** A bucket as the Worker's R2 binding shows it, over the test server. */
function recordBucket(bucket: string): RecordBucket {
  return {
    async get(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);
      return object === undefined ? null : { text: () => object.Body!.transformToString() };
    },
    put: (key, value, { httpMetadata }) =>
      client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: value, ContentType: httpMetadata.contentType }),
      ),
  };
}

const publish = (dir: string, bucket: string) =>
  runCli(
    ['publish', '--dir', dir, '--bucket', bucket, '--endpoint', local.s3.endpoint, '--force-path-style'],
    undefined,
    KEYS,
  );

it('the build says its format, and the Worker records the formats it reads', async () => {
  const bucket = await local.s3.createBucket();
  await recordWorker(recordBucket(bucket), '', PACKAGE_VERSION);
  expect((await local.s3.readBucket(bucket)).get(WORKER_RECORD_PATH)?.body.toString()).toBe(
    workerRecordText(PACKAGE_VERSION),
  );
  expect(JSON.parse(await readFile(path.join(local.site, SITE_FORMAT_PATH), 'utf8'))).toEqual({
    format: SITE_FORMAT,
    version: PACKAGE_VERSION,
  });
  const published = await publish(local.site, bucket);
  expect(published.code, published.stderr).toBe(0);
  expect(published.stderr).toContain(
    `the Worker deployed over the bucket (dataset-site ${PACKAGE_VERSION}) reads this site's format ${SITE_FORMAT}\n`,
  );
});

it("refuses a site of another format than the deployed Worker's, naming both, and sends nothing", async () => {
  const bucket = await local.s3.createBucket();
  await recordWorker(recordBucket(bucket), '', PACKAGE_VERSION);
  const other = path.join(await mkdtemp(path.join(tmpdir(), 'ds-other-format-')), 'site');
  await cp(local.site, other, { recursive: true });
  await writeFile(path.join(other, SITE_FORMAT_PATH), JSON.stringify({ format: OTHER_FORMAT, version: '0.2.0' }));
  const refused = await publish(other, bucket);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toBe(
    `error: the Worker deployed over s3://${bucket}/ at ${local.s3.endpoint} (dataset-site ${PACKAGE_VERSION}) reads the site format ${SITE_FORMAT}, ` +
      `but this site (built by dataset-site 0.2.0) is of format ${OTHER_FORMAT}: it would answer every query with a 500. ` +
      'Deploy the Worker of this dataset-site first (npx wrangler deploy --config deploy/wrangler.toml; docs/deploy.md), request the site once, then publish again; ' +
      'or publish with --no-worker-check when no Worker serves this bucket\n',
  );
  // The record alone: the publish was refused before it took the lease.
  expect([...(await local.s3.readBucket(bucket)).keys()].sort()).toEqual([WORKER_RECORD_PATH]);
});

it('refuses a site when an older Worker is deployed, and publishes with --no-worker-check', async () => {
  const bucket = await local.s3.createBucket();
  await client.send(
    new PutObjectCommand({ Bucket: bucket, Key: WORKER_RECORD_PATH, Body: workerRecordText('0.0.9', [OTHER_FORMAT]) }),
  );
  const refused = await publish(local.site, bucket);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(
    `(dataset-site 0.0.9) reads the site format ${OTHER_FORMAT}, but this site (built by dataset-site ${PACKAGE_VERSION}) is of format ${SITE_FORMAT}`,
  );
  const unchecked = await runCli(
    [
      'publish',
      '--dir',
      local.site,
      '--bucket',
      bucket,
      '--endpoint',
      local.s3.endpoint,
      '--force-path-style',
      '--no-worker-check',
    ],
    undefined,
    KEYS,
  );
  expect(unchecked.code, unchecked.stderr).toBe(0);
});

it.each([
  ['garbage', 'is not JSON ('],
  ['null', 'names no site format (it holds null)'],
  ['{}', 'names no site format (it holds {})'],
])('refuses a site whose format file holds %s, naming the file, and sends nothing', async (text, what) => {
  const bucket = await local.s3.createBucket();
  await recordWorker(recordBucket(bucket), '', PACKAGE_VERSION);
  const damaged = path.join(await mkdtemp(path.join(tmpdir(), 'ds-damaged-format-')), 'site');
  await cp(local.site, damaged, { recursive: true });
  await writeFile(path.join(damaged, SITE_FORMAT_PATH), text);
  const refused = await publish(damaged, bucket);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/^error: [^\n]*\n$/);
  expect(refused.stderr).toContain(`error: ${SITE_FORMAT_PATH} in ${damaged} ${what}`);
  expect(refused.stderr).toContain(
    "so the site's format is unknown: build the site again (the build writes the file anew), or publish with --no-worker-check when no Worker serves the bucket\n",
  );
  // Refused before the lease is taken: the bucket holds the Worker's record alone.
  expect([...(await local.s3.readBucket(bucket)).keys()].sort()).toEqual([WORKER_RECORD_PATH]);
  // An empty bucket, no Worker recorded: refused all the same, and nothing written, no lease either.
  const empty = await local.s3.createBucket();
  expect((await publish(damaged, empty)).code).toBe(1);
  expect([...(await local.s3.readBucket(empty)).keys()]).toEqual([]);
});

it('refuses a site without a format file when a Worker is deployed over the bucket, and sends nothing', async () => {
  const bucket = await local.s3.createBucket();
  await client.send(
    new PutObjectCommand({ Bucket: bucket, Key: WORKER_RECORD_PATH, Body: workerRecordText('0.0.9', [OTHER_FORMAT]) }),
  );
  const bare = path.join(await mkdtemp(path.join(tmpdir(), 'ds-no-format-')), 'site');
  await cp(local.site, bare, { recursive: true });
  await rm(path.join(bare, SITE_FORMAT_PATH));
  const refused = await publish(bare, bucket);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toBe(
    `error: ${SITE_FORMAT_PATH} in ${bare} is missing, so the site's format cannot be checked against the Worker deployed over s3://${bucket}/ at ${local.s3.endpoint} ` +
      `(dataset-site 0.0.9, reading the site format ${OTHER_FORMAT}): build the site again with this dataset-site (the build writes the file), ` +
      'or publish with --no-worker-check when no Worker serves this bucket\n',
  );
  expect([...(await local.s3.readBucket(bucket)).keys()].sort()).toEqual([WORKER_RECORD_PATH]);
});

it.each([
  ['missing', async (file: string) => rm(file)],
  ['a symbolic link to nothing', async (file: string) => (await rm(file), symlink('gone.json', file))],
])(
  'refuses a site whose format file is %s when no Worker is recorded, sends nothing, and publishes with --no-worker-check',
  async (_, spoil) => {
    const bucket = await local.s3.createBucket();
    const bare = path.join(await mkdtemp(path.join(tmpdir(), 'ds-no-format-')), 'site');
    await cp(local.site, bare, { recursive: true });
    await spoil(path.join(bare, SITE_FORMAT_PATH));
    const refused = await publish(bare, bucket);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `error: ${SITE_FORMAT_PATH} in ${bare} is missing, so the site's format is unknown and a Worker deployed over s3://${bucket}/ at ${local.s3.endpoint} ` +
        'could not be checked against it (none has recorded itself yet): build the site again with this dataset-site (the build writes the file), ' +
        'or publish with --no-worker-check when no Worker serves this bucket\n',
    );
    expect([...(await local.s3.readBucket(bucket)).keys()]).toEqual([]);
    const unchecked = await runCli(
      [
        'publish',
        '--dir',
        bare,
        '--bucket',
        bucket,
        '--endpoint',
        local.s3.endpoint,
        '--force-path-style',
        '--no-worker-check',
      ],
      undefined,
      KEYS,
    );
    expect(unchecked.code, unchecked.stderr).toBe(0);
  },
);
