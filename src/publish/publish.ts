/**
 * publishSite(): uploads a built site to an S3-compatible bucket, only what changed since
 * the last publish, in an order that never lets a reader reach a missing object, and
 * resumable after a failure.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../diagnostics.js';
import { MANIFEST_PATH } from '../site/manifest.js';
import { openBucket, type Bucket } from './bucket.js';
import { objectHeaders } from './object-headers.js';
import { readLocalSite, type LocalSite } from './local-site.js';
import { resolvePublishOptions, type PublishOptions, type ResolvedPublishOptions } from './options.js';
import { publishPhases, type PublishPhase } from './order.js';
import { planPublish } from './plan.js';
import { forEachLimit, limitConcurrency } from './pool.js';
import { JOURNAL_PATH, PUBLISHED_MANIFEST_PATH, parseJournal, publishedManifestRecords, readPublishedManifest, serializeJournal, type PublishedManifest } from './published-manifest.js';

/** What a publish did (or, with `dryRun`, would do). */
export interface PublishResult {
  /** `s3://bucket/prefix at endpoint`. */
  where: string;
  /** The planned requests in order: uploads by phase, the published manifest, deletions. */
  phases: PublishPhase[];
  /** Objects uploaded. */
  uploaded: number;
  /** Objects deleted. */
  deleted: number;
  /** Files the bucket already held as they are, by the published manifest. */
  unchanged: number;
  /** Files an interrupted publish had already uploaded, found in the bucket and not uploaded again. */
  alreadyUploaded: number;
  /** Bytes uploaded: the site's objects and the published manifest's records. */
  bytes: number;
  /** Whether an interrupted publish was found and finished. */
  resumed: boolean;
}

// The publish's own records: JSON, and never cached, since each publish rewrites them.
const RECORD_HEADERS = { contentType: 'application/json; charset=utf-8', cacheControl: 'no-store' };
const PROGRESS_MS = 1000;

/**
 * Publishes the built site in `dir` to a bucket. The bucket keeps the manifest of the last
 * publish (`.dataset-site/published.json` under the prefix): files whose fingerprint it
 * already lists are not uploaded, objects it lists that the site no longer has are deleted.
 * A journal written first and deleted last marks a publish under way; the next publish
 * after one that died lists the bucket and skips objects whose ETag is already the MD5 of
 * the local file.
 *
 * ### Usage:
 * ```ts
 * import { publishSite } from 'dataset-site';
 * const result = await publishSite({ dir: 'dist', bucket: 'data', endpoint: 'https://<account>.r2.cloudflarestorage.com' });
 * console.log(`${result.uploaded} uploaded, ${result.deleted} deleted, ${result.unchanged} unchanged`);
 * ```
 *
 * Missing options or credentials throw a {@link UserError} with exit code 2; a request the
 * store refuses or a store that cannot be reached, one with exit code 74 naming the key.
 */
export async function publishSite(options: PublishOptions): Promise<PublishResult> {
  const config = resolvePublishOptions(options);
  const site = await readLocalSite(config.dir);
  const bucket = openBucket(config);
  try {
    // Both at once; when both fail, the manifest's failure is the one told, whichever came first.
    const reads = await Promise.allSettled([readPublishedManifest(limitConcurrency((key: string) => bucket.read(key), config.concurrency), config.prefix), bucket.read(JOURNAL_PATH)]);
    const failed = reads.find((read) => read.status === 'rejected');
    if (failed) throw failed.reason;
    const published = (reads[0] as PromiseFulfilledResult<PublishedManifest>).value;
    const journalText = (reads[1] as PromiseFulfilledResult<string | undefined>).value;
    const journal = journalText === undefined ? undefined : parseJournal(journalText, config.prefix + JOURNAL_PATH);
    const plan = planPublish(site.files, published.files, journal);
    const result: PublishResult = { where: bucket.where, phases: publishPhases(plan), uploaded: 0, deleted: 0, unchanged: plan.unchanged, alreadyUploaded: 0, bytes: 0, resumed: journal !== undefined };
    const idle = plan.uploads.length === 0 && plan.deletions.length === 0 && journal === undefined;
    if (config.dryRun || idle) return result;
    // Only after a failure: a listing costs one request per 1,000 objects, too many for every publish.
    const etags = journal === undefined ? undefined : await bucket.list();
    await bucket.write(JOURNAL_PATH, serializeJournal({ uploads: plan.uploads.map((upload) => upload.path), deletions: plan.deletions }), RECORD_HEADERS);
    await runPhases(result, { config, site, bucket, etags, published, total: plan.uploads.length + plan.deletions.length });
    await bucket.delete(JOURNAL_PATH);
    return result;
  } finally {
    bucket.close();
  }
}

interface PublishRun {
  config: ResolvedPublishOptions;
  site: LocalSite;
  bucket: Bucket;
  etags: Map<string, string> | undefined;
  published: PublishedManifest;
  total: number;
}

async function runPhases(result: PublishResult, { config, site, bucket, etags, published, total }: PublishRun): Promise<void> {
  let done = 0;
  let reported = Date.now();
  const step = () => {
    done++;
    if (done === total || Date.now() - reported >= PROGRESS_MS) {
      reported = Date.now();
      config.onProgress(done, total);
    }
  };
  for (const phase of result.phases) {
    if (phase.action === 'upload') {
      await forEachLimit(phase.paths, config.concurrency, async (file) => {
        const body = await readFile(path.join(config.dir, file));
        const md5 = createHash('md5').update(body);
        // An ETag is the MD5 of the bytes for a single-part upload; any other ETag just means uploading again.
        if (etags !== undefined && etags.get(file) === md5.copy().digest('hex')) result.alreadyUploaded++;
        else {
          await bucket.write(file, body, objectHeaders(file), md5.digest('base64'));
          result.uploaded++;
          result.bytes += body.length;
        }
        step();
      });
    } else if (phase.action === 'write-manifest') {
      await assertSiteUnchanged(config.dir, site.manifestText);
      // The files of entries first, the root last: until it is written, the journal stands for the publish.
      const { writes, removed } = publishedManifestRecords(site.files, published);
      const root = writes.get(PUBLISHED_MANIFEST_PATH)!;
      writes.delete(PUBLISHED_MANIFEST_PATH);
      await forEachLimit([...writes], config.concurrency, ([key, text]) => bucket.write(key, text, RECORD_HEADERS));
      await bucket.write(PUBLISHED_MANIFEST_PATH, root, RECORD_HEADERS);
      for (const text of [...writes.values(), root]) result.bytes += Buffer.byteLength(text);
      await forEachLimit(removed, config.concurrency, (key) => bucket.delete(key));
    } else {
      await forEachLimit(phase.paths, config.concurrency, async (file) => {
        await bucket.delete(file);
        result.deleted++;
        step();
      });
    }
  }
}

// A build that swapped in a new site meanwhile may have given some uploads the new bytes:
// the manifest is not written, and the journal has the next publish check every candidate.
async function assertSiteUnchanged(dir: string, manifestText: string): Promise<void> {
  const now = await readFile(path.join(dir, MANIFEST_PATH), 'utf8').catch(() => undefined);
  if (now !== manifestText) throw new UserError(`a build replaced the site in ${dir} while it was being published; run publish again`, 1);
}
