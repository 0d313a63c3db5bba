/** What a bucket must hold after a publish: the site's files byte for byte with their headers, and publish's own records. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { expect } from 'vitest';
import { HOST_CONFIG_FILES } from '../../src/hosts/index.js';
import { API_HEADERS, IMMUTABLE_CACHE_CONTROL, isImmutablePath } from '../../src/query/formats/index.js';
import type { LocalS3 } from './s3.js';

/** Site path of the published manifest's root. */
export const PUBLISHED = '.dataset-site/published.json';
/** Folder of the published manifest's files of entries. */
export const PUBLISHED_ENTRIES = '.dataset-site/published/';
// The lease a publish takes and leaves released (expired) behind it.
export const LEASE = '.dataset-site/lease.json';
const HOST_FILE_TYPES: Record<string, string> = {
  'llms.txt': 'text/plain; charset=utf-8',
  'index.html': 'text/html; charset=utf-8',
  'assets/browse.js': 'text/javascript; charset=utf-8',
};

const DUMP_TYPES: Record<string, string> = {
  '.ndjson': 'application/x-ndjson; charset=utf-8',
  '.gz': 'application/gzip',
};

/** The files of a site that are published: all but `.dataset-site/` and the files hosts read rather than serve. */
export async function siteFiles(dir: string): Promise<string[]> {
  return (await fg('**/*', { cwd: dir, onlyFiles: true, dot: true }))
    .filter((file) => !file.startsWith('.dataset-site/') && !HOST_CONFIG_FILES.has(file))
    .sort();
}

/** Asserts the bucket holds exactly the site's files, byte for byte, with their headers, and the published manifest. */
export async function expectBucketHolds(s3: LocalS3, bucket: string, dir: string): Promise<void> {
  const files = await siteFiles(dir);
  const objects = await s3.readBucket(bucket);
  // Beside the site's objects: the published manifest's root, its files of entries, and the lease if one was taken.
  expect([...objects.keys()].filter((key) => !key.startsWith(PUBLISHED_ENTRIES) && key !== LEASE).sort()).toEqual(
    [PUBLISHED, ...files].sort(),
  );
  expect([...objects.keys()].some((key) => key.startsWith(PUBLISHED_ENTRIES))).toBe(true);
  for (const file of files) {
    const object = objects.get(file)!;
    expect(object.body.equals(await readFile(path.join(dir, file))), file).toBe(true);
    const contentType =
      file.startsWith('api/public/') && !/\.ndjson(\.gz)?$/.test(file)
        ? API_HEADERS['Content-Type']
        : (HOST_FILE_TYPES[file] ?? DUMP_TYPES[path.extname(file)]);
    expect({ file, contentType: object.contentType, cacheControl: object.cacheControl }).toEqual({
      file,
      contentType,
      cacheControl: isImmutablePath(file) ? IMMUTABLE_CACHE_CONTROL : API_HEADERS['Cache-Control'],
    });
  }
}
