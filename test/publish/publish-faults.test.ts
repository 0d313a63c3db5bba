/**
 * A publish always ends: through a misbehaving proxy in front of the local S3 server
 * (test/helpers/faulty-proxy.ts), a store that hangs, answers 503, answers slowly, answers
 * bytes that are not HTTP or resets mid-body. A share of such failures is retried and the
 * publish finishes; failures that go on end it within its budget, with exit 74 and one line
 * naming the endpoint, the key and the cause; and a clean publish afterwards leaves the
 * bucket equal to the site. Refusals a retry cannot mend fail at once. Small deadlines and
 * budgets keep it quick: a first byte within 0.5 s, 2 s for a whole request, a 3 s budget.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/shared/index.js';
import type { PublishOptions } from '../../src/publish/options.js';
import { publishSite } from '../../src/publish/publish.js';
import { startFaultyProxy, type FaultPlan } from '../helpers/faulty-proxy.js';
import { expectBucketHolds } from '../helpers/published.js';
import { S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { buildTempSite } from '../helpers/site.js';

const LIMITS = {
  timeout: 0.5,
  requestDeadline: 2,
  budget: 3,
  leaseTtl: 2,
  concurrency: 4,
} satisfies Partial<PublishOptions>;
// What a publish may take past its budget: the attempt under way when it is spent is cut at once, and the lease is let go.
const SLACK_S = 2;

let s3: LocalS3;
let site: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  ({ out: site } = await buildTempSite({ sources: 'test/fixtures/tiny/sources' }));
});
afterAll(() => s3?.close());

/** Publishes the site through a proxy spoiling requests as `plan` says; what it threw (or undefined) and its seconds. */
async function publishThrough(plan: FaultPlan, bucket: string, options: Partial<PublishOptions> = {}) {
  const proxy = await startFaultyProxy(s3.endpoint, plan);
  const started = performance.now();
  try {
    const error = await publishSite({
      dir: site,
      bucket,
      endpoint: proxy.endpoint,
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
      ...LIMITS,
      ...options,
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    return { error, seconds: (performance.now() - started) / 1000, spoiled: proxy.spoiled, endpoint: proxy.endpoint };
  } finally {
    await proxy.close();
  }
}

/** A clean publish straight to the server, once a lease left by a failed one has expired; then the bucket must equal the site. */
async function expectCleanPublishRepairs(bucket: string): Promise<void> {
  await sleep(LIMITS.leaseTtl * 1000 + 100);
  await publishSite({
    dir: site,
    bucket,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
    ...LIMITS,
  });
  await expectBucketHolds(s3, bucket, site);
}

describe('publish through a store that misbehaves', () => {
  it.each<[string, FaultPlan]>([
    ['503 SlowDown to every third request', { fault: '503', share: 1 / 3 }],
    ['a slow answer to every fourth request', { fault: 'slow', share: 1 / 4, delayMs: 150 }],
    ['bytes that are not HTTP to every fourth request', { fault: 'garbage', share: 1 / 4 }],
    ['a reset mid-body of every fourth request', { fault: 'reset', share: 1 / 4 }],
  ])('finishes, retrying, through %s, and the bucket equals the site', async (_, plan) => {
    const bucket = await s3.createBucket();
    const { error, spoiled } = await publishThrough(plan, bucket, { budget: 30 });
    expect(error).toBeUndefined();
    expect(spoiled).toBeGreaterThan(10);
    await expectBucketHolds(s3, bucket, site);
  });

  it.each<[string, FaultPlan, Partial<PublishOptions>, RegExp]>([
    [
      'takes connections and never answers',
      { fault: 'hang', after: 30 },
      {},
      /TimeoutError: (no answer began within 0\.5 s \(--timeout\)|no byte moved for 0\.5 s \(--timeout\)|no complete answer when the budget ran out)$/,
    ],
    [
      'answers 503 SlowDown to every request',
      { fault: '503', after: 30 },
      {},
      /SlowDown \(HTTP 503\): Please reduce your request rate\.$/,
    ],
    [
      'answers too slowly to start',
      { fault: 'slow', after: 30, delayMs: 5000 },
      {},
      /TimeoutError: (no answer began within 0\.5 s \(--timeout\)|no byte moved for 0\.5 s \(--timeout\)|no complete answer when the budget ran out)$/,
    ],
    [
      'trickles past the deadline of a whole request',
      { fault: 'slow', after: 30, delayMs: 600 },
      { timeout: 5, requestDeadline: 1 },
      /TimeoutError: no complete answer (within 1 s \(--request-deadline\)|when the budget ran out)$/,
    ],
    ['answers bytes that are not HTTP', { fault: 'garbage', after: 30 }, {}, /HPE_\w+: Parse Error: /],
    ['resets every request mid-body', { fault: 'reset', after: 30 }, {}, /(ECONNRESET|EPIPE): /],
  ])(
    'ends within its budget, exit 74 in one line naming the endpoint, the key and the cause, when the store %s; a clean publish repairs the bucket',
    async (_, plan, options, cause) => {
      const bucket = await s3.createBucket();
      const { error, seconds, endpoint } = await publishThrough(plan, bucket, options);
      expect(error).toBeInstanceOf(UserError);
      expect((error as UserError).exitCode).toBe(74);
      const message = (error as UserError).message;
      expect(message).not.toContain('\n');
      expect(message).toMatch(
        new RegExp(
          `^cannot (upload|read|delete) \\S+ in s3://${bucket}/ at ${endpoint}: gave up after \\d+ attempts in \\d+\\.\\d s \\(--budget 3 s without an answer\\): `,
        ),
      );
      expect(message, message).toMatch(cause);
      expect(seconds).toBeLessThan(LIMITS.budget + SLACK_S);
      await expectCleanPublishRepairs(bucket);
    },
  );

  it('fails at once, without retrying, on what a retry cannot mend: wrong keys, no such bucket', async () => {
    const bucket = await s3.createBucket();
    const wrongKeys = await publishThrough({ fault: 'hang', after: 1e9 }, bucket, {
      credentials: { accessKeyId: 'nobody', secretAccessKey: 'wrong' },
      budget: 60,
    });
    expect((wrongKeys.error as UserError).message).toMatch(
      /^cannot read \.dataset-site\/worker\.json in s3:\/\/site-\d+\/ at http:\/\/127\.0\.0\.1:\d+: InvalidAccessKeyId \(HTTP 403\): /,
    );
    expect(wrongKeys.seconds).toBeLessThan(1);
    const noBucket = await publishThrough({ fault: 'hang', after: 1e9 }, 'no-such-bucket', { budget: 60 });
    expect((noBucket.error as UserError).message).toMatch(
      /^cannot read \.dataset-site\/worker\.json in s3:\/\/no-such-bucket\/ at http:\/\/127\.0\.0\.1:\d+: NoSuchBucket \(HTTP 404\): /,
    );
    expect(noBucket.seconds).toBeLessThan(1);
  });
});
