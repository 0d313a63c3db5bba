/**
 * How a publish writes its own records in the bucket (their format: published-manifest.ts;
 * read back by bucket-state.ts): the journal before the first change, the published
 * manifest once the uploads are done, and the journal deleted last, so that a publish that
 * dies leaves a journal saying what it may have left half done.
 */
import type { Bucket } from './bucket.js';
import type { LocalSite } from './local-site.js';
import {
  publishedManifestRecords,
  serializeJournal,
  type PublishJournal,
  type PublishedFiles,
  type PublishedManifest,
} from './published-manifest.js';
import { forEachLimit } from './pool.js';
import { PUBLISH_JOURNAL_PATH, PUBLISHED_MANIFEST_PATH } from '../query/formats/index.js';

// The publish's own records: JSON, and never cached, since each publish rewrites them.
const RECORD_HEADERS = { contentType: 'application/json; charset=utf-8', cacheControl: 'no-store' };

/** Per file, what the bucket holds of it now: its ETag, its size, and when its headers were seen right (`''`: not since written). */
export type StoredObjects = Map<string, [etag: string, size: string, headersSeen: string]>;

/** Writes the journal of a publish about to make `journal`'s changes. */
export async function writeJournal(bucket: Bucket, journal: PublishJournal): Promise<void> {
  await bucket.write(PUBLISH_JOURNAL_PATH, serializeJournal(journal), RECORD_HEADERS);
}

/** Deletes the journal: the publish is done. */
export function deleteJournal(bucket: Bucket): Promise<void> {
  return bucket.delete(PUBLISH_JOURNAL_PATH);
}

/**
 * Writes the published manifest of `site`: each file's fingerprint with what `stored` says
 * the bucket holds of it, or else what the last publish (`published`) left; `headersCheckedAt`
 * in the root. The files of entries that changed first (`concurrency` at a time), the root
 * last, then those no longer used deleted. Returns the bytes written.
 */
export async function writePublishedManifest(
  bucket: Bucket,
  site: LocalSite,
  published: PublishedManifest,
  stored: StoredObjects,
  headersCheckedAt: number,
  concurrency: number,
): Promise<number> {
  const { writes, removed } = publishedManifestRecords(
    publishedFiles(site, published.files, stored),
    published,
    headersCheckedAt,
  );
  // Until the root is written, the journal stands for the publish.
  const root = writes.get(PUBLISHED_MANIFEST_PATH)!;
  writes.delete(PUBLISHED_MANIFEST_PATH);
  await forEachLimit(
    [...writes],
    concurrency,
    async ([key, text]) => void (await bucket.write(key, text, RECORD_HEADERS)),
  );
  await bucket.write(PUBLISHED_MANIFEST_PATH, root, RECORD_HEADERS);
  let bytes = 0;
  for (const text of [...writes.values(), root]) bytes += Buffer.byteLength(text);
  await forEachLimit(removed, concurrency, (key) => bucket.delete(key));
  return bytes;
}

// The manifest's new entries: each file's fingerprint with what the bucket holds for it now.
function publishedFiles(site: LocalSite, previous: PublishedFiles, stored: StoredObjects): PublishedFiles {
  const files: PublishedFiles = new Map();
  for (const [file, [fingerprint, generatedAt]] of site.files) {
    const [etag, size, headersSeen] = stored.get(file) ?? previous.get(file)!.slice(2);
    files.set(file, [fingerprint, generatedAt, etag!, size!, headersSeen!]);
  }
  return files;
}
