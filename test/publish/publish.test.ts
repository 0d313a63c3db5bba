/**
 * publishSite against a real S3-compatible server (s3rver on 127.0.0.1, test/helpers/s3.ts):
 * what lands in the bucket, what a republish uploads, the order a reader sees, resuming
 * after a failure.
 */
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import { publishSite, type PublishResult } from '../../src/publish/publish.js';
import type { PublishOptions } from '../../src/publish/options.js';
import { entityPath, relationPath } from '../../src/query/formats/index.js';
import { readerProblems, siteLinks } from '../helpers/links.js';
import { LEASE, PUBLISHED, PUBLISHED_ENTRIES, expectBucketHolds, siteFiles } from '../helpers/published.js';
import { S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { TEST_NOW, buildTempSite, hashTree } from '../helpers/site.js';

const TINY = 'test/fixtures/tiny/sources';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3?.close());

function publish(dir: string, bucket: string, options: Partial<PublishOptions> = {}): Promise<PublishResult> {
  return publishSite({
    dir,
    bucket,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
    ...options,
  });
}

/** Writes of one bucket since the `from`-th write. */
function writesOf(bucket: string, from: number) {
  return s3.writes.slice(from).filter((write) => write.bucket === bucket);
}

describe('publishSite', () => {
  it('puts every file of the site in an empty bucket, byte for byte with its headers, but not the build manifest; again, uploads nothing', async () => {
    const { out } = await buildTempSite({ sources: TINY });
    const bucket = await s3.createBucket();
    const from = s3.writes.length;
    const first = await publish(out, bucket);
    const files = await siteFiles(out);
    expect(first).toMatchObject({
      uploaded: files.length,
      deleted: 0,
      unchanged: 0,
      alreadyUploaded: 0,
      resumed: false,
    });
    await expectBucketHolds(s3, bucket, out);
    // Nothing is reachable until the entry document lands, and then every link resolves.
    expect(readerProblems(new Map(), await siteLinks(out), writesOf(bucket, from))).toEqual([]);

    // Again: nothing uploaded; the headers of every object it wrote are read, once, and the manifest says they were seen right.
    let again = s3.writes.length;
    expect(await publish(out, bucket)).toMatchObject({
      uploaded: 0,
      deleted: 0,
      unchanged: files.length,
      headersChecked: files.length,
    });
    const keys = writesOf(bucket, again).map((write) => write.key);
    expect([keys[0], keys.at(-1), keys.at(-2)]).toEqual([LEASE, LEASE, PUBLISHED]);
    expect(keys.slice(1, -2).every((key) => key.startsWith(PUBLISHED_ENTRIES))).toBe(true);
    // And again: only the lease, taken and released, and the manifest (when the rotation of header checks ran; the
    // headers of objects written in the last seconds are read again, as a write in the same second has the same time).
    again = s3.writes.length;
    expect(await publish(out, bucket)).toMatchObject({ uploaded: 0, deleted: 0, unchanged: files.length });
    const last = writesOf(bucket, again).map((write) => write.key);
    expect([last[0], last.at(-1), last.at(-2)]).toEqual([LEASE, LEASE, PUBLISHED]);
    expect(last.slice(1, -2).every((key) => key.startsWith(PUBLISHED_ENTRIES))).toBe(true);
  });

  it('after a rebuild, uploads exactly the documents whose bytes changed, never lets a reader reach a missing object, and deletes last', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ds-publish-'));
    const sources = path.join(root, 'sources');
    const out = path.join(root, 'site');
    // The tiny fixture and 150 exhibitors more at E1, so listings run to several pages linked by next and prev.
    await cp(TINY, sources, { recursive: true });
    const bulk = Array.from({ length: 150 }, (_, i) => ({
      id: `B${i + 1}`,
      company_en: `Bulk ${i + 1}`,
      industry_tags: ['Automotive'],
      weight: i % 7,
      country: 'China',
      city: 'Shanghai',
      exhibition_ids: ['E1'],
    }));
    await mkdir(path.join(sources, 'exhibitors'));
    await writeFile(
      path.join(sources, 'exhibitors/bulk.ndjson'),
      bulk.map((record) => JSON.stringify(record)).join('\n'),
    );
    await build({ sources, out, now: TEST_NOW });
    const bucket = await s3.createBucket();
    let from = s3.writes.length;
    await publish(out, bucket);
    const hashesBefore = await hashTree(out);
    const linksBefore = await siteLinks(out);
    expect(readerProblems(new Map(), linksBefore, writesOf(bucket, from))).toEqual([]);
    expect(linksBefore.get(relationPath({ id: 'E1' }, 'exhibitors', 2))).toContain(
      relationPath({ id: 'E1' }, 'exhibitors', 1),
    );

    // A new exhibition, an exhibitor now exhibiting at it, and an exhibitor gone.
    const data = JSON.parse(await readFile(path.join(sources, 'data.json'), 'utf8')) as {
      exhibitions: object[];
      exhibitors: { id: string; exhibition_ids: string[] }[];
    };
    const exhibition = {
      id: 'E9',
      name_en: 'Publish Fair',
      country: 'Testland',
      city: 'Testville',
      start_date: '2027-05-01',
      end_date: '2027-05-03',
    };
    data.exhibitions.push(exhibition);
    data.exhibitors[0]!.exhibition_ids.push('E9');
    await writeFile(path.join(sources, 'data.json'), JSON.stringify(data));
    await writeFile(
      path.join(sources, 'exhibitors/bulk.ndjson'),
      bulk
        .slice(1)
        .map((record) => JSON.stringify(record))
        .join('\n'),
    );
    await build({ sources, out, now: new Date(TEST_NOW.getTime() + 5 * 60_000) });

    const hashesAfter = await hashTree(out);
    const linksAfter = await siteLinks(out);
    const published = (file: string) => !file.startsWith('.dataset-site/');
    const changed = [...hashesAfter]
      .filter(([file, hash]) => published(file) && hashesBefore.get(file) !== hash)
      .map(([file]) => file)
      .sort();
    const removed = [...hashesBefore.keys()].filter((file) => published(file) && !hashesAfter.has(file)).sort();
    expect(changed).toEqual(
      expect.arrayContaining([
        entityPath('exhibitor', 'X1'),
        entityPath('exhibition', 'E9'),
        relationPath(exhibition, 'exhibitors', 1),
      ]),
    );
    expect(removed).toContain(entityPath('exhibitor', 'B1'));
    expect(changed.length).toBeLessThan(hashesAfter.size / 2);

    from = s3.writes.length;
    const result = await publish(out, bucket);
    const writes = writesOf(bucket, from);
    const keys = (method: string) =>
      writes
        .filter((write) => write.method === method && published(write.key))
        .map((write) => write.key)
        .sort();
    expect(result).toMatchObject({
      uploaded: changed.length,
      deleted: removed.length,
      unchanged: (await siteFiles(out)).length - changed.length,
    });
    expect(keys('PUT')).toEqual(changed);
    expect(keys('DELETE')).toEqual(removed);
    const manifestAt = writes.findIndex((write) => write.method === 'PUT' && write.key === PUBLISHED);
    expect(writes.findLastIndex((write) => write.method === 'PUT' && published(write.key))).toBeLessThan(manifestAt);
    expect(writes.findIndex((write) => write.method === 'DELETE' && published(write.key))).toBeGreaterThan(manifestAt);
    expect(readerProblems(linksBefore, linksAfter, writes)).toEqual([]);
    await expectBucketHolds(s3, bucket, out);

    // The check has teeth: entities first, even the new exhibition before the exhibitor
    // linking to it, lets a reader reach the exhibition before its exhibitors page exists.
    const entitiesFirst = [
      entityPath('exhibition', 'E9'),
      entityPath('exhibitor', 'X1'),
      relationPath(exhibition, 'exhibitors', 1),
    ];
    const problems = readerProblems(
      linksBefore,
      linksAfter,
      entitiesFirst.map((key) => ({ method: 'PUT' as const, bucket, key })),
    );
    expect(problems).toContain(
      `write 1: ${entityPath('exhibition', 'E9')} links to ${relationPath(exhibition, 'exhibitors', 1)}, not in the bucket yet`,
    );
  });

  it('finishes a publish that died midway without uploading everything again', async () => {
    const { out } = await buildTempSite({ sources: TINY });
    const files = await siteFiles(out);
    const bucket = await s3.createBucket();
    s3.cutPutsAfter(40);
    try {
      // Retried for a second of cut connections, then given up; no lease, which could not be released through the cuts.
      await expect(publish(out, bucket, { concurrency: 4, budget: 1, lease: false })).rejects.toThrow(
        /^cannot upload \S+ in s3:\/\/site-\d+\/ at http:\/\/127\.0\.0\.1:\d+: gave up after \d+ attempts in \d+\.\d s \(--budget 1 s without an answer\): (ECONNRESET|EPIPE)/,
      );
    } finally {
      s3.cutPutsAfter(undefined);
    }
    const left = await s3.readBucket(bucket);
    expect(left.has(PUBLISHED)).toBe(false);
    expect(left.has('.dataset-site/publishing.json')).toBe(true);
    const there = files.filter((file) => left.has(file)).length;
    expect(there).toBeGreaterThan(0);

    const result = await publish(out, bucket);
    expect(result).toMatchObject({ resumed: true, alreadyUploaded: there, uploaded: files.length - there, deleted: 0 });
    await expectBucketHolds(s3, bucket, out);
    expect(await publish(out, bucket)).toMatchObject({ resumed: false, uploaded: 0, unchanged: files.length });
  });
});
