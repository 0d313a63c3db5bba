/**
 * The bucket's listing in ranges listed side by side (bucket.ts): cut anywhere, at keys
 * the bucket holds or not, beyond the site's, it lists every object once, as one listing
 * from the start does; and the cuts fall in the store's order (UTF-8 bytes), not in
 * JavaScript's (UTF-16 code units).
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSplits, openBucket } from '../../src/publish/bucket.js';
import { resolvePublishOptions } from '../../src/publish/options.js';
import { publishSite } from '../../src/publish/publish.js';
import { S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { buildTempSite } from '../helpers/site.js';

let s3: LocalS3;
let site: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  ({ out: site } = await buildTempSite({ sources: 'test/fixtures/tiny/sources' }));
});
afterAll(async () => {
  await s3?.close();
});

describe('the listing of a bucket in ranges', () => {
  it('lists every object once, wherever the ranges are cut', async () => {
    const name = await s3.createBucket();
    const options = {
      dir: site,
      bucket: name,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
      prefix: 'data/',
    };
    await publishSite(options);
    // Objects the site does not hold, at both ends of the key space and between its paths.
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'auto',
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
    });
    for (const key of ['data/!first', 'data/api/public/exhibitors/ZZZ.json', 'data/~last', 'data/é.json'])
      await client.send(new PutObjectCommand({ Bucket: name, Key: key, Body: key }));
    client.destroy();
    const bucket = openBucket(resolvePublishOptions({ ...options, concurrency: 3 }));
    try {
      const whole = await bucket.list();
      expect(whole.size).toBeGreaterThan(100);
      const paths = [...whole.keys()].sort();
      const cuts = [
        [paths[10]!, paths[50]!, paths[51]!, paths[120]!],
        ['!', 'api/public/m', 'zzz'], // keys the bucket does not hold
        [paths[paths.length - 1]!], // the last key: an empty last range
      ];
      for (const splits of cuts)
        expect(new Map([...(await bucket.list(splits))].sort()), splits.join(' | ')).toEqual(
          new Map([...whole].sort()),
        );
    } finally {
      bucket.close();
    }
  });

  it('cuts in the order of UTF-8 bytes', () => {
    // U+FF5E sorts before U+1F600 in UTF-8, after it in UTF-16 code units.
    const paths = Array.from({ length: 40_000 }, (_, i) => `a/${String(i).padStart(5, '0')}`);
    const splits = listSplits([...paths, '\u{1F600}', '\uFF5E']);
    expect(splits).toEqual(['a/19999', 'a/39999']);
    expect(listSplits(['\u{1F600}', ...Array.from({ length: 19_999 }, (_, i) => `${i}`), '\uFF5E']).at(-1)).toBe(
      '\uFF5E',
    );
  });
});
