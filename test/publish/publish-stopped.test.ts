/**
 * A publish stopped at any point leaves the previous snapshot whole and readable
 * (docs/api.md#snapshots): a rebuild is published to the S3 test server one object at a time,
 * and the bucket as it stood after each of its writes answers every query, through the router,
 * with exactly the previous build's answer or the new one's, bodies included, never a third
 * answer or an error.
 */
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, publishSite } from '../../src/index.js';
import { createRouter, type DocumentStore } from '../../src/query/router/index.js';
import { datasetUrl } from '../contract/cases.js';
import { comparable } from '../contract/expect-contract.js';
import { S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { changeExhibitors, copyFolder, TEST_NOW } from '../helpers/site.js';

const QUERIES = [
  datasetUrl(['type', 'exhibitor'], ['limit', '30']),
  datasetUrl(['type', 'exhibitor'], ['q', 'bulk'], ['limit', '20']),
  datasetUrl(['type', 'exhibitor'], ['text', 'valves'], ['limit', '20']),
  datasetUrl(['type', 'exhibitor'], ['country', 'China'], ['limit', '40'], ['offset', '10']),
  datasetUrl(['type', 'all'], ['q', 'bulk'], ['limit', '5']),
];

// The tiny fixture and 60 exhibitors more, so that listings and searches run to several windows.
const BULK = Array.from({ length: 60 }, (_, i) => ({
  id: `B${i + 1}`,
  company_en: `Bulk ${i + 1} Works`,
  intro: i % 3 === 0 ? 'Makes valves and pumps.' : 'Makes fasteners.',
  industry_tags: ['Automotive'],
  weight: i % 7,
  country: i % 2 === 0 ? 'China' : 'Germany',
  city: i % 2 === 0 ? 'Shanghai' : 'Berlin',
}));

// Edits, a move, a departure and an arrival among the bulk exhibitors.
function someChanges(records: Record<string, unknown>[]): Record<string, unknown>[] {
  const changed = records
    .filter((_, i) => i !== 4)
    .map((record, i) =>
      i === 1 || i === 9
        ? { ...record, intro: `${String(record.intro)} Valves too.` }
        : i === 6
          ? { ...record, weight: 99 }
          : record,
    );
  return [...changed, { ...records[2]!, id: 'B-NEW', company_en: 'Bulk New Works', weight: 98 }];
}

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3?.close());

// The answers of a bucket holding `objects` (key → the site folder holding its bytes), through the router.
async function answers(objects: ReadonlyMap<string, string>): Promise<unknown[]> {
  const store: DocumentStore = {
    read: async (file) => {
      const folder = objects.get(file);
      return folder === undefined ? undefined : readFile(path.join(folder, file), 'utf8');
    },
  };
  const route = createRouter({ store });
  return Promise.all(
    QUERIES.map(async (url) => {
      const { status, body } = await route({ method: 'GET', url });
      return { status, body: comparable(JSON.parse(body)) };
    }),
  );
}

// The site's files (its own folder aside) as bucket keys, each read from `folder`.
async function objectsOf(folder: string): Promise<Map<string, string>> {
  const files = await fg('**/*', { cwd: folder, dot: true, onlyFiles: true, ignore: ['.dataset-site/**'] });
  return new Map(files.map((file) => [file, folder]));
}

describe('a publish stopped after any object', () => {
  it('leaves a bucket that answers every query with the previous build’s answer or the new one’s', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ds-publish-stopped-'));
    const [sources, site, kept] = [path.join(dir, 'sources'), path.join(dir, 'site'), path.join(dir, 'before')];
    await copyFolder('test/fixtures/tiny/sources', sources);
    await mkdir(path.join(sources, 'exhibitors'));
    await writeFile(
      path.join(sources, 'exhibitors/bulk.ndjson'),
      BULK.map((record) => JSON.stringify(record)).join('\n'),
    );
    await build({ sources, out: site, now: TEST_NOW });
    const bucket = await s3.createBucket();
    const publish = () =>
      publishSite({
        dir: site,
        bucket,
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: S3_CREDENTIALS,
        concurrency: 1,
      });
    await publish();
    await copyFolder(site, kept);
    await changeExhibitors(sources, someChanges);
    await build({ sources, out: site, now: new Date(TEST_NOW.getTime() + 5 * 60_000) });
    const from = s3.writes.length;
    await publish();
    const writes = s3.writes.slice(from).filter((write) => write.bucket === bucket);
    const [before, after] = [await objectsOf(kept), await objectsOf(site)];
    const [old, current] = [await answers(before), await answers(after)];
    // The change reaches every query's answer.
    expect(old.filter((answer, i) => JSON.stringify(answer) !== JSON.stringify(current[i]))).toHaveLength(
      QUERIES.length,
    );
    expect(writes.length).toBeGreaterThan(10);
    const bucketNow = new Map(before);
    for (const [i, write] of writes.entries()) {
      // Publish's own objects (its lease, journal and manifest) are not the site's: the router reads none of them.
      if (write.method === 'DELETE') bucketNow.delete(write.key);
      else if (after.has(write.key)) bucketNow.set(write.key, site);
      const got = await answers(bucketNow);
      for (const [q, url] of QUERIES.entries())
        expect([old[q], current[q]], `${url} after ${i + 1} of ${writes.length} writes (${write.key})`).toContainEqual(
          got[q],
        );
    }
  });
});
