/**
 * One publisher at a time (lease.ts) against the local S3 server: two publishes at once,
 * a lease left by a publish that was killed, a lease renewed through a long publish, and a
 * store that ignores conditional writes. The conditions are honoured by the layer
 * test/helpers/s3.ts gives s3rver (S3's documented semantics; s3rver itself ignores them):
 * these tests show publish's use of them, not a store's.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/shared/index.js';
import type { PublishOptions } from '../../src/publish/options.js';
import { publishSite } from '../../src/publish/publish.js';
import { runCli } from '../helpers/cli.js';
import { startFaultyProxy } from '../helpers/faulty-proxy.js';
import { LEASE, expectBucketHolds } from '../helpers/published.js';
import { S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { TEST_NOW, buildTempSite } from '../helpers/site.js';

const TINY = 'test/fixtures/tiny/sources';
const KEYS = { AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey };
const REFUSAL =
  /^another publish holds the lease of s3:\/\/site-\d+\/ at http:\/\/127\.0\.0\.1:\d+: host (\S+), process (\d+), since (\S+Z); it expires at (\S+Z) \(in \d+ s\) unless that publish renews it: run publish again after it ends$/;

let s3: LocalS3;
let first: string;
let second: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  ({ out: first } = await buildTempSite({ sources: TINY }));
  // Another build of the same sources, a day later: other generated_at, other bytes in many files.
  ({ out: second } = await buildTempSite({ sources: TINY, now: new Date(TEST_NOW.getTime() + 86_400_000) }));
});
afterAll(() => s3?.close());

function publish(dir: string, bucket: string, options: Partial<PublishOptions> = {}) {
  return publishSite({
    dir,
    bucket,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
    ...options,
  });
}

/** Writes a lease as another publish would have left it. */
async function putLease(bucket: string, expires: Date): Promise<void> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'auto',
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  });
  const lease = {
    format: 'dataset-site-lease',
    version: 1,
    token: 'killed',
    host: 'ghost-host',
    pid: 4242,
    started: '2026-11-25T10:00:00.000Z',
    expires: expires.toISOString(),
  };
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: LEASE, Body: JSON.stringify(lease) }));
  client.destroy();
}

describe('the lease of a bucket', () => {
  it('lets one of two publishes at once run and refuses the other, naming the holder; then the bucket equals the winner, and the loser publishes after', async () => {
    const bucket = await s3.createBucket();
    const args = (dir: string) => [
      'publish',
      '--dir',
      dir,
      '--bucket',
      bucket,
      '--endpoint',
      s3.endpoint,
      '--force-path-style',
    ];
    const [a, b] = await Promise.all([runCli(args(first), undefined, KEYS), runCli(args(second), undefined, KEYS)]);
    const results = [a, b];
    expect(results.map((result) => result.code).sort()).toEqual([0, 75]);
    const loser = results.findIndex((result) => result.code === 75);
    const refused = results[loser]!.stderr.trim().split('\n').at(-1)!;
    expect(refused.replace(/^error: /, '')).toMatch(REFUSAL);
    const [, , pid, since, expires] = REFUSAL.exec(refused.replace(/^error: /, ''))!;
    expect(Number(pid)).toBeGreaterThan(0);
    expect(Date.parse(expires!) - Date.parse(since!)).toBeGreaterThanOrEqual(119_000);
    const [winnerSite, loserSite] = loser === 1 ? [first, second] : [second, first];
    await expectBucketHolds(s3, bucket, winnerSite);
    // The winner released its lease: the other publish runs now, and the bucket holds its site.
    expect((await runCli(args(loserSite), undefined, KEYS)).code).toBe(0);
    await expectBucketHolds(s3, bucket, loserSite);
  });

  it('of eight publishes started in the same moment, each finding no lease, runs exactly one (the conditional PUT decides)', async () => {
    const bucket = await s3.createBucket();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => publish(i % 2 === 0 ? first : second, bucket)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect((result.reason as UserError).message).toMatch(REFUSAL);
    await expectBucketHolds(
      s3,
      bucket,
      results.findIndex((result) => result.status === 'fulfilled') % 2 === 0 ? first : second,
    );
  });

  it('waits out a lease left by a killed publish: refused while it lasts, taken over once expired', async () => {
    const bucket = await s3.createBucket();
    await putLease(bucket, new Date(Date.now() + 1500));
    const refused = await publish(first, bucket).then(
      () => undefined,
      (error: unknown) => error as UserError,
    );
    expect(refused).toBeInstanceOf(UserError);
    expect(refused!.exitCode).toBe(75);
    expect(refused!.message).toMatch(REFUSAL);
    expect(refused!.message).toContain('host ghost-host, process 4242, since 2026-11-25T10:00:00.000Z');
    expect((await s3.readBucket(bucket)).size).toBe(1);
    await sleep(1600);
    await publish(first, bucket);
    await expectBucketHolds(s3, bucket, first);
  });

  it('is renewed through a publish longer than its lifetime, so another publish stays refused', async () => {
    const bucket = await s3.createBucket();
    // Every answer 60 ms late: the publish takes seconds, the lease lasts 0.6 s unless renewed.
    const proxy = await startFaultyProxy(s3.endpoint, { fault: 'slow', delayMs: 30 });
    try {
      const long = publishSite({
        dir: first,
        bucket,
        endpoint: proxy.endpoint,
        forcePathStyle: true,
        credentials: S3_CREDENTIALS,
        concurrency: 4,
        leaseTtl: 0.6,
      });
      await sleep(1500);
      const during = await publish(second, bucket).then(
        () => undefined,
        (error: unknown) => error as UserError,
      );
      expect(during?.message).toMatch(REFUSAL);
      await long;
    } finally {
      await proxy.close();
    }
    await expectBucketHolds(s3, bucket, first);
  });

  it('refuses a store that ignores conditional writes, unless told --no-lease', async () => {
    const plain = await startLocalS3({ conditionalWrites: false });
    try {
      const bucket = await plain.createBucket();
      const options = {
        dir: first,
        bucket,
        endpoint: plain.endpoint,
        forcePathStyle: true,
        credentials: S3_CREDENTIALS,
      };
      const error = await publishSite(options).then(
        () => undefined,
        (caught: unknown) => caught as UserError,
      );
      expect(error?.exitCode).toBe(74);
      expect(error?.message).toBe(
        `the store of s3://${bucket}/ at ${plain.endpoint} ignores If-None-Match on PUT (it overwrote .dataset-site/lease.json), so it cannot keep two publishes apart; publish with --no-lease if no other publish can run at the same time`,
      );
      await publishSite({ ...options, lease: false });
      await expectBucketHolds(plain, bucket, first);
    } finally {
      await plain.close();
    }
  });
});
