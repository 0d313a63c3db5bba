/**
 * publishSite(): uploads a built site to an S3-compatible bucket, only what differs from
 * what the bucket holds, in an order that never lets a reader reach a missing object,
 * one publish at a time, and resumable after a failure.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UserError, objectMd5 } from '../shared/index.js';
import { shardCount } from '../site/index.js';
import { openBucket, type Bucket, type ListedObject } from './bucket.js';
import { readBucketState } from './bucket-state.js';
import { checkHeaders, headerProblem, settledTime } from './header-check.js';
import { headersDue } from './header-rotation.js';
import { takeLease, type Lease } from './lease.js';
import { objectHeaders } from './object-headers.js';
import { readLocalSite, type LocalSite } from './local-site.js';
import { resolvePublishOptions, type PublishOptions, type ResolvedPublishOptions } from './options.js';
import { publishPhases, type PublishPhase } from './order.js';
import { planPublish, withHeaderRepairs, type PlannedUpload } from './publish-plan.js';
import { checkWorkerFormat } from './worker-format.js';
import { forEachLimit } from './pool.js';
import type { PublishedFiles, PublishedManifest } from './published-manifest.js';
import { deleteJournal, writeJournal, writePublishedManifest, type StoredObjects } from './publish-records.js';
import { MANIFEST_PATH } from '../query/formats/index.js';

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
  /** Of those, the strays: objects among the site's that no manifest listed (publish-plan.ts). */
  strays: number;
  /** Files the bucket already held as the last publish left them (the listing shows the ETag and size it recorded). */
  unchanged: number;
  /** Files found in the bucket with their bytes (ETag = MD5) though the manifest did not say so (an interrupted publish uploaded them), not uploaded again. */
  alreadyUploaded: number;
  /** Uploads of objects the last publish had left right, changed or deleted in the bucket since (by hand, or by another publish), or found with other headers. */
  repaired: number;
  /** Objects whose headers were read (one HEAD request each): the rotation's share, and those written since they were last read. */
  headersChecked: number;
  /** Bytes uploaded: the site's objects and the published manifest's records. */
  bytes: number;
  /** Whether an interrupted publish was found and finished. */
  resumed: boolean;
  /** What the check of the deployed Worker found (worker-format.ts); `undefined` when not asked for. */
  workerCheck?: string;
}

const PROGRESS_MS = 1000;

/**
 * Publishes the built site in `dir` to a bucket. It takes the bucket's lease first
 * (lease.ts), so a second publish at the same time is refused. The bucket keeps the
 * manifest of the last publish (`.dataset-site/published.json` under the prefix) with the
 * ETag and size it gave each object; a file is not uploaded when the manifest lists its
 * fingerprint and the bucket's listing still shows that object, and objects the manifest
 * lists that the site no longer has are deleted. Any other object is checked by its bytes:
 * uploaded unless its ETag is the MD5 of the local file, so objects changed behind
 * publish's back are repaired. The listing shows no headers: the headers of a share of the
 * unchanged objects are read each publish (header-rotation.ts: every object within a day),
 * and of every object written since they were last read, and an object with other headers
 * is uploaded again. A journal written first and deleted last marks a publish under way.
 *
 * ### Usage:
 * ```ts
 * import { publishSite } from 'dataset-site';
 * const result = await publishSite({ dir: 'dist', bucket: 'data', endpoint: 'https://<account>.r2.cloudflarestorage.com' });
 * console.log(`${result.uploaded} uploaded, ${result.deleted} deleted, ${result.unchanged} unchanged`);
 * ```
 *
 * A site the Worker deployed over the bucket cannot read (worker-format.ts) throws a
 * {@link UserError} with exit code 1, before anything is sent.
 * Missing options or credentials throw a {@link UserError} with exit code 2; a request the
 * store refuses, or failures past the retry budget, one with exit code 74 naming the key;
 * a lease held by another publish, one with exit code 75 naming its holder.
 */
export async function publishSite(options: PublishOptions): Promise<PublishResult> {
  const config = resolvePublishOptions(options);
  const site = await readLocalSite(config.dir);
  const bucket = openBucket(config);
  let lease: Lease | undefined;
  let failed = true;
  try {
    // Checked before the lease is taken: a site refused for its format leaves the bucket as it was.
    const workerCheck = config.workerCheck ? await checkWorkerFormat(bucket, config.dir) : undefined;
    if (config.lease && !config.dryRun) lease = await takeLease(bucket, config.leaseTtlMs);
    const { listed, published, journal } = await readBucketState(
      bucket,
      config.prefix,
      config.concurrency,
      site.files.keys(),
    );
    const now = Date.now();
    const planned = planPublish(
      site.files,
      published.files,
      listed,
      journal,
      headersDue(published.headersCheckedAt, now),
      shardCount(site.files.size, published.shards),
    );
    const headers = await checkHeaders(bucket, planned.headerChecks, config.concurrency);
    const plan = withHeaderRepairs(
      planned,
      [...headers].flatMap(([file, problem]) => (problem === undefined ? [] : [file])),
    );
    assertUploadsHeld(plan.uploads, site, config.dir);
    // The ETag and size the bucket holds for each file uploaded or found there, and when its headers were seen right, for the manifest.
    const stored: StoredObjects = new Map();
    for (const [file, problem] of headers)
      if (problem === undefined)
        stored.set(file, [...storedOf(published.files, file), settledTime(listed.get(file)!.lastModified, now)]);
    const result: PublishResult = {
      where: bucket.where,
      phases: publishPhases(plan),
      uploaded: 0,
      deleted: 0,
      strays: plan.strays.length,
      unchanged: plan.unchanged,
      alreadyUploaded: 0,
      repaired: 0,
      headersChecked: headers.size,
      bytes: 0,
      resumed: journal !== undefined,
      workerCheck,
    };
    if (config.dryRun) {
      failed = false;
      return result;
    }
    // With nothing to upload or delete, only the manifest is written (what the header checks saw, and when): no journal.
    const idle = plan.uploads.length === 0 && plan.deletions.length === 0 && journal === undefined;
    if (!idle)
      await writeJournal(bucket, { uploads: plan.uploads.map((upload) => upload.path), deletions: plan.deletions });
    const drifted = new Set(plan.uploads.filter((upload) => upload.drifted).map((upload) => upload.path));
    const total = plan.uploads.length + plan.deletions.length;
    await runPhases(result, {
      config,
      site,
      bucket,
      listed,
      drifted,
      published,
      stored,
      headersCheckedAt: now,
      lease,
      total,
    });
    if (!idle) await deleteJournal(bucket);
    failed = false;
    return result;
  } finally {
    // After a failure the lease is let go as far as the store answers; it expires anyway.
    await lease?.release().catch((error: unknown) => {
      if (!failed) throw error;
    });
    bucket.close();
  }
}

interface PublishRun {
  config: ResolvedPublishOptions;
  site: LocalSite;
  bucket: Bucket;
  listed: Map<string, ListedObject>;
  drifted: Set<string>;
  published: PublishedManifest;
  /** What the manifest is to say of the objects uploaded or checked: ETag, size, and when their headers were seen right. */
  stored: StoredObjects;
  headersCheckedAt: number;
  lease: Lease | undefined;
  total: number;
}

async function runPhases(
  result: PublishResult,
  { config, site, bucket, listed, drifted, published, stored, headersCheckedAt, lease, total }: PublishRun,
): Promise<void> {
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
    lease?.assertHeld();
    if (phase.action === 'upload') {
      await forEachLimit(phase.paths, config.concurrency, async (file) => {
        const body = await readFile(path.join(config.dir, file));
        const md5 = objectMd5(body);
        const object = listed.get(file);
        // An ETag is the MD5 of the bytes for a single-part upload; any other ETag just means uploading again. Those bytes
        // under other headers (put by another tool) are uploaded again too.
        const head =
          object !== undefined && object.size === body.length && object.etag === md5.etag
            ? await bucket.head(file)
            : undefined;
        if (head !== undefined && headerProblem(file, head) === undefined) {
          result.alreadyUploaded++;
          stored.set(file, [object!.etag, String(object!.size), settledTime(object!.lastModified, Date.now())]);
        } else {
          const etag = await bucket.write(file, body, objectHeaders(file), md5.contentMd5);
          stored.set(file, [etag ?? '', String(body.length), '']);
          result.uploaded++;
          if (drifted.has(file)) result.repaired++;
          result.bytes += body.length;
        }
        step();
      });
    } else if (phase.action === 'write-manifest') {
      await assertSiteUnchanged(config.dir, site.manifestText);
      const bytes = await writePublishedManifest(bucket, site, published, stored, headersCheckedAt, config.concurrency);
      result.bytes += bytes;
    } else {
      await forEachLimit(phase.paths, config.concurrency, async (file) => {
        await bucket.delete(file);
        result.deleted++;
        step();
      });
    }
  }
  lease?.assertHeld();
}

// The ETag and size the last publish left for a file.
function storedOf(previous: PublishedFiles, file: string): [string, string] {
  const [, , etag, size] = previous.get(file)!;
  return [etag, size];
}

// A build that swapped in a new site meanwhile may have given some uploads the new bytes:
// the manifest is not written, and the journal has the next publish check every candidate.
async function assertSiteUnchanged(dir: string, manifestText: string): Promise<void> {
  const now = await readFile(path.join(dir, MANIFEST_PATH), 'utf8').catch(() => undefined);
  if (now !== manifestText)
    throw new UserError(`a build replaced the site in ${dir} while it was being published; run publish again`, 1);
}

// A partial site holds what its build changed; a file it lacks that the bucket does not hold as the last publish left
// it (that publish failed, or the object was changed behind its back) cannot be sent from it.
function assertUploadsHeld(uploads: readonly PlannedUpload[], site: LocalSite, dir: string): void {
  const lacking = uploads.filter((upload) => site.absent.has(upload.path)).map((upload) => upload.path);
  if (lacking.length === 0) return;
  throw new UserError(
    `${lacking.length} files to publish are not in the partial site in ${dir} (built with --partial), such as ${lacking[0]}: ` +
      'the bucket does not hold them as the last publish left them; build the whole site (without --partial) and publish it',
    1,
  );
}
