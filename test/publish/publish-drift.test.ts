/**
 * A bucket that is checked, not assumed: objects changed or deleted behind publish's back
 * (by hand, or by another publish) are named by `publish --check` and repaired by the next
 * publish, though its own published manifest says nothing changed.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPublished } from '../../src/publish/check.js';
import type { PublishOptions } from '../../src/publish/options.js';
import { publishSite } from '../../src/publish/publish.js';
import { runCli } from '../helpers/cli.js';
import { expectBucketHolds } from '../helpers/published.js';
import { S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { buildTempSite } from '../helpers/site.js';

const KEYS = { AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey };
// The three the issue overwrote by hand, and an entity deleted.
const CHANGED = ['api/public/dataset/all/1.json', 'api/public/schema.json', 'llms.txt'];
const DELETED = 'api/public/exhibitors/X1.json';

let s3: LocalS3;
let site: string;
let client: S3Client;
beforeAll(async () => {
  s3 = await startLocalS3();
  ({ out: site } = await buildTempSite({ sources: 'test/fixtures/tiny/sources' }));
  client = new S3Client({ endpoint: s3.endpoint, region: 'auto', forcePathStyle: true, credentials: S3_CREDENTIALS });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

/** `publish --check` of the site against `bucket`, run as the command line. */
function checkByCli(bucket: string) {
  return runCli(
    ['publish', '--dir', site, '--bucket', bucket, '--endpoint', s3.endpoint, '--force-path-style', '--check'],
    undefined,
    KEYS,
  );
}

/** A new bucket of the local S3 server, and the options that publish the site into it. */
async function newBucket(): Promise<{ bucket: string; options: PublishOptions }> {
  const bucket = await s3.createBucket();
  return {
    bucket,
    options: { dir: site, bucket, endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS },
  };
}
describe('a bucket changed behind publish', () => {
  it('is named by --check (exit 1, the first differences) and repaired by the next publish, which uploads only those', async () => {
    const { bucket, options } = await newBucket();
    const args = ['publish', '--dir', site, '--bucket', bucket, '--endpoint', s3.endpoint, '--force-path-style'];
    await publishSite(options);
    expect(await checkPublished(options)).toMatchObject({ differences: [] });
    const clean = await runCli([...args, '--check'], undefined, KEYS);
    expect(clean).toMatchObject({ code: 0, stderr: '' });
    expect(clean.stdout).toMatch(
      new RegExp(
        `^s3://${bucket}/ at ${s3.endpoint} holds the site in ${site}: \\d+ objects checked, no difference\\n$`,
      ),
    );

    for (const key of CHANGED)
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'overwritten by hand' }));
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: DELETED }));

    const check = await checkPublished(options);
    expect(check.differences.map((difference) => difference.path)).toEqual([...CHANGED, DELETED].sort());
    expect(check.differences.find((difference) => difference.path === DELETED)!.problem).toBe(
      'missing from the bucket',
    );
    expect(check.differences.find((difference) => difference.path === 'llms.txt')!.problem).toMatch(
      /^other bytes in the bucket \(19 bytes, ETag [0-9a-f]{32}; the site's: \d+ bytes, MD5 [0-9a-f]{32}\)$/,
    );
    const cli = await runCli([...args, '--check'], undefined, KEYS);
    expect(cli.code).toBe(1);
    const lines = cli.stderr.trim().split('\n');
    expect(lines.slice(0, 4).map((line) => line.split(': ')[0]!.trim())).toEqual([...CHANGED, DELETED].sort());
    expect(lines.at(-1)).toBe(
      `error: s3://${bucket}/ at ${s3.endpoint} differs from the site in ${site}: 4 object(s) (the first 4 above); run publish to repair them`,
    );

    const repair = await publishSite(options);
    expect(repair).toMatchObject({ uploaded: 4, repaired: 4, deleted: 0 });
    await expectBucketHolds(s3, bucket, site);
    expect((await checkPublished(options)).differences).toEqual([]);
    expect(await publishSite(options)).toMatchObject({ uploaded: 0, repaired: 0 });
  });

  it('checks a bucket published with a manifest that kept no ETags (version 2) by the bytes, once', async () => {
    const { bucket, options } = await newBucket();
    await publishSite(options);
    // As an older publish left it: version 2, entries of fingerprint and generated_at only.
    const rootText = await (
      await client.send(new GetObjectCommand({ Bucket: bucket, Key: '.dataset-site/published.json' }))
    ).Body!.transformToString();
    const root = JSON.parse(rootText) as { shards: number };
    for (let shard = 0; shard < root.shards; shard++) {
      const Key = `.dataset-site/published/${shard}.json`;
      const { entries } = JSON.parse(
        await (await client.send(new GetObjectCommand({ Bucket: bucket, Key }))).Body!.transformToString(),
      ) as {
        entries: string[];
      };
      const old = entries.flatMap((entry, i) => (i % 6 >= 3 ? [] : [entry]));
      await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: JSON.stringify({ entries: old }) }));
    }
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: '.dataset-site/published.json',
        Body: JSON.stringify({ ...root, version: 2 }),
      }),
    );
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'llms.txt', Body: 'overwritten by hand' }));
    expect((await checkPublished(options)).differences.map((difference) => difference.path)).toEqual(['llms.txt']);
    expect(await publishSite(options)).toMatchObject({ uploaded: 1, unchanged: 0 });
    expect(await publishSite(options)).toMatchObject({ uploaded: 0, alreadyUploaded: 0 });
    await expectBucketHolds(s3, bucket, site);
  });

  it("names objects among the site's that no manifest lists with --check, and the next publish deletes them, touching nothing outside the site's folders", async () => {
    const { bucket, options } = await newBucket();
    await publishSite(options);
    // Two dump parts of a site that lost a race without the lease, and objects of someone else beside the site's folders.
    const strays = [
      'api/public/dumps/exhibitors/part-0-lost.ndjson',
      'api/public/dumps/exhibitors/part-0-lost.ndjson.gz',
    ];
    const others = ['notes.txt', 'other/mine.json'];
    for (const Key of [...strays, ...others])
      await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: 'x' }));

    const cli = await checkByCli(bucket);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toBe(
      strays
        .map(
          (key) =>
            `  ${key}: in the bucket among the site's objects, listed in no manifest (left by another publish, or put by hand)\n`,
        )
        .join('') +
        `error: s3://${bucket}/ at ${s3.endpoint} differs from the site in ${site}: 2 object(s) (the first 2 above); run publish to repair them\n`,
    );
    expect(await publishSite(options)).toMatchObject({ uploaded: 0, deleted: 2, strays: 2 });
    const keys = [...(await s3.readBucket(bucket)).keys()];
    expect(keys).toEqual(expect.arrayContaining(others));
    expect(keys.filter((key) => strays.includes(key))).toEqual([]);
    expect((await checkPublished(options)).differences).toEqual([]);
  });

  it('names an object put again with its bytes but other headers, and the next publish uploads it again', async () => {
    const { bucket, options } = await newBucket();
    await publishSite(options);
    // The publish after the first reads the headers of the objects it wrote, once.
    const second = await publishSite(options);
    expect(second).toMatchObject({ uploaded: 0 });
    expect(second.headersChecked).toBeGreaterThan(100);
    expect(await publishSite(options)).toMatchObject({ uploaded: 0, headersChecked: expect.any(Number) });
    // As `aws s3 cp` puts a file: the same bytes, binary/octet-stream, no Cache-Control; and one sent compressed by another tool.
    const [schema, page] = ['api/public/schema.json', 'api/public/dataset/all/1.json'];
    for (const [Key, extra] of [
      [schema, { ContentType: 'binary/octet-stream' }],
      [
        page,
        {
          ContentType: 'application/json; charset=utf-8',
          CacheControl: 'public, max-age=300',
          ContentEncoding: 'gzip',
        },
      ],
    ] as const) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key, Body: await readFile(path.join(site, Key)), ...extra }),
      );
    }

    const cli = await checkByCli(bucket);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toBe(
      `  ${page}: other headers in the bucket (Content-Encoding gzip; the site's: Content-Encoding none)\n` +
        `  ${schema}: other headers in the bucket (Content-Type binary/octet-stream, Cache-Control none; the site's: Content-Type application/json; charset=utf-8, Cache-Control public, max-age=300)\n` +
        `error: s3://${bucket}/ at ${s3.endpoint} differs from the site in ${site}: 2 object(s) (the first 2 above); run publish to repair them\n`,
    );
    expect(await publishSite(options)).toMatchObject({ uploaded: 2, repaired: 2 });
    await expectBucketHolds(s3, bucket, site);
    expect((await checkPublished(options)).differences).toEqual([]);
  });

  it('names Content-Disposition set behind publish and repairs it, and takes a charset written in capitals', async () => {
    const { bucket, options } = await newBucket();
    await publishSite(options);
    await publishSite(options);
    const [llms, schema] = ['llms.txt', 'api/public/schema.json'];
    const cacheControl = 'public, max-age=300';
    for (const [Key, extra] of [
      [llms, { ContentType: 'text/plain; charset=utf-8', ContentDisposition: 'attachment' }],
      // The same media type as the site's, as HTTP reads it: a charset's value is case-insensitive.
      [schema, { ContentType: 'Application/JSON; Charset="UTF-8"' }],
    ] as const) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key,
          Body: await readFile(path.join(site, Key)),
          CacheControl: cacheControl,
          ...extra,
        }),
      );
    }

    const cli = await checkByCli(bucket);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toBe(
      `  ${llms}: other headers in the bucket (Content-Disposition attachment; the site's: Content-Disposition none)\n` +
        `error: s3://${bucket}/ at ${s3.endpoint} differs from the site in ${site}: 1 object(s) (the first 1 above); run publish to repair them\n`,
    );
    expect(await publishSite(options)).toMatchObject({ uploaded: 1, repaired: 1 });
    expect((await checkPublished(options)).differences).toEqual([]);
  });
});
