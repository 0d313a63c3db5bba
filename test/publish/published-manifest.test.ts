/**
 * The published manifest in the bucket (published-manifest.ts): read back as written, in
 * files of entries of which a publish rewrites only those it changed, the root last; a
 * manifest of version 1 is still read; a damaged one is refused, naming what to delete.
 */
import { describe, expect, it } from 'vitest';
import {
  publishedManifestRecords,
  readPublishedManifest,
  type PublishedManifest,
} from '../../src/publish/published-manifest.js';
import type { PublishedFiles } from '../../src/publish/published-manifest.js';
import { PUBLISHED_MANIFEST_PATH } from '../../src/query/formats/index.js';

const NONE: PublishedManifest = { files: new Map(), shards: undefined, texts: new Map(), headersCheckedAt: undefined };

function manifest(count: number, changed = -1): PublishedFiles {
  return new Map(
    Array.from({ length: count }, (_, i) => [
      `api/public/exhibitors/X${i}.json`,
      [i === changed ? 'changed' : `fp${i}`, '', `etag${i}`, '100', `${i}`] as const,
    ]),
  );
}

// A bucket of the records written, read as publish reads it.
async function written(writes: Map<string, string>, bucket = new Map<string, string>()): Promise<PublishedManifest> {
  for (const [key, text] of writes) bucket.set(key, text);
  return readPublishedManifest(async (key) => bucket.get(key), 'prefix/');
}

describe('the published manifest', () => {
  it('is read back as written, in files of about 128 entries, the root written last', async () => {
    const files = manifest(5000);
    const { writes, removed } = publishedManifestRecords(files, NONE);
    expect([...writes.keys()].at(-1)).toBe(PUBLISHED_MANIFEST_PATH);
    expect(writes.size).toBe(32 + 1);
    expect(removed).toEqual([]);
    const read = await written(writes);
    expect([...read.files].sort()).toEqual([...files].sort());
    expect(read.shards).toBe(32);
  });

  it('rewrites only the file holding a changed entry, and the root', async () => {
    const bucket = new Map<string, string>();
    const before = await written(publishedManifestRecords(manifest(5000), NONE).writes, bucket);
    const { writes, removed } = publishedManifestRecords(manifest(5000, 1234), before);
    expect(writes.size).toBe(2);
    expect(writes.has(PUBLISHED_MANIFEST_PATH)).toBe(true);
    expect(removed).toEqual([]);
    expect((await written(writes, bucket)).files.get('api/public/exhibitors/X1234.json')).toEqual([
      'changed',
      '',
      'etag1234',
      '100',
      '1234',
    ]);
  });

  it('removes the files no longer used when the site shrinks', async () => {
    const bucket = new Map<string, string>();
    const before = await written(publishedManifestRecords(manifest(5000), NONE).writes, bucket);
    const { writes, removed } = publishedManifestRecords(manifest(10), before);
    expect(removed).toHaveLength(31);
    for (const key of removed) bucket.delete(key);
    expect((await written(writes, bucket)).files).toEqual(manifest(10));
  });

  it('reads a manifest of version 2 (no ETags kept: each object is checked by its bytes)', async () => {
    const bucket = new Map<string, string>([
      [PUBLISHED_MANIFEST_PATH, JSON.stringify({ format: 'dataset-site-published', version: 2, shards: 1, sha1: '' })],
      ['.dataset-site/published/0.json', JSON.stringify({ entries: ['a.json', 'fp', 't'] })],
    ]);
    expect((await readPublishedManifest(async (key) => bucket.get(key), '')).files).toEqual(
      new Map([['a.json', ['fp', 't', '', '', '']]]),
    );
  });

  it('keeps when the rotation of header checks last ran, and reads a manifest of version 3 (no header times: each object not yet seen)', async () => {
    const read = await written(publishedManifestRecords(manifest(3), NONE, 1234567).writes);
    expect(read.headersCheckedAt).toBe(1234567);
    const bucket = new Map<string, string>([
      [PUBLISHED_MANIFEST_PATH, JSON.stringify({ format: 'dataset-site-published', version: 3, shards: 1, sha1: '' })],
      ['.dataset-site/published/0.json', JSON.stringify({ entries: ['a.json', 'fp', 't', 'e', '9'] })],
    ]);
    expect(await readPublishedManifest(async (key) => bucket.get(key), '')).toMatchObject({
      files: new Map([['a.json', ['fp', 't', 'e', '9', '']]]),
      headersCheckedAt: undefined,
      texts: new Map(),
    });
  });

  it('reads a manifest of version 1, and refuses one whose files of entries are gone', async () => {
    const one = JSON.stringify({ format: 'dataset-site-published', version: 1, files: { 'a.json': ['fp', ''] } });
    expect(
      (await readPublishedManifest(async (key) => (key === PUBLISHED_MANIFEST_PATH ? one : undefined), '')).files,
    ).toEqual(new Map([['a.json', ['fp', '', '', '', '']]]));
    const root = publishedManifestRecords(manifest(5000), NONE).writes.get(PUBLISHED_MANIFEST_PATH)!;
    await expect(
      readPublishedManifest(async (key) => (key === PUBLISHED_MANIFEST_PATH ? root : undefined), 'prefix/'),
    ).rejects.toThrow(
      "the bucket's prefix/.dataset-site/published.json lists files of entries under prefix/.dataset-site/published/ that are missing or damaged; delete prefix/.dataset-site/published.json to publish the whole site anew",
    );
  });
});
