/**
 * checkPublished(): `publish --check`, the bucket against the site, changing nothing: what
 * a reader gets, bytes and headers. The bytes as a publish compares them (publish-plan.ts): an object is right when the listing shows the
 * very object the last publish left for the file's fingerprint, or when its ETag is the MD5
 * of the file's bytes (read only then); a file with no object, an object of other bytes and
 * an object the site no longer has are differences, and so is a stray (publish-plan.ts: an object among the
 * site's folders that no manifest lists) (for a partial site, also any object of a
 * file it does not hold that is not the one the last publish left). One listing (a request per 1,000
 * objects) for the bytes; then the headers of every object of the site whose bytes are right, a
 * HEAD request each (header-check.ts), since no listing shows them.
 */
import { objectMd5 } from '../shared/index.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openBucket } from './bucket.js';
import { readBucketState } from './bucket-state.js';
import { readLocalSite } from './local-site.js';
import { resolvePublishOptions, type PublishOptions } from './options.js';
import { planPublish } from './publish-plan.js';
import { forEachLimit } from './pool.js';
import { checkHeaders } from './header-check.js';

/** One object of the bucket that is not as the site has it. */
export interface Difference {
  path: string;
  /** What is wrong, in words: `missing from the bucket`, `other bytes in the bucket (…)`, `other headers in the bucket (…)`, `in the bucket, gone from the site`, `in the bucket among the site's objects, listed in no manifest (…)`. */
  problem: string;
}

/** What `publish --check` found. */
export interface PublishedCheck {
  /** `s3://bucket/prefix at endpoint`. */
  where: string;
  /** Files of the site compared. */
  checked: number;
  /** The differences, in path order; none when the bucket holds the site. */
  differences: Difference[];
}

/**
 * Compares the bucket the options name with the built site in `dir`; takes no lease and
 * writes nothing. Failures of the store are told as by {@link publishSite} (exit 74).
 */
export async function checkPublished(options: PublishOptions): Promise<PublishedCheck> {
  const config = resolvePublishOptions(options);
  const site = await readLocalSite(config.dir);
  const bucket = openBucket(config);
  try {
    const { listed, published, journal } = await readBucketState(
      bucket,
      config.prefix,
      config.concurrency,
      site.files.keys(),
    );
    const plan = planPublish(site.files, published.files, listed, journal);
    const strays = new Set(plan.strays);
    const differences: Difference[] = plan.deletions.map((file) => ({
      path: file,
      problem: strays.has(file)
        ? "in the bucket among the site's objects, listed in no manifest (left by another publish, or put by hand)"
        : 'in the bucket, gone from the site',
    }));
    await forEachLimit(plan.uploads, config.concurrency, async ({ path: file }) => {
      const object = listed.get(file);
      if (object === undefined) return void differences.push({ path: file, problem: 'missing from the bucket' });
      if (site.absent.has(file))
        return void differences.push({
          path: file,
          problem: 'not the object the last publish left (the partial site does not hold the file to compare)',
        });
      const body = await readFile(path.join(config.dir, file));
      const md5 = objectMd5(body).etag;
      if (object.etag !== md5 || object.size !== body.length) {
        differences.push({
          path: file,
          problem: `other bytes in the bucket (${object.size} bytes, ETag ${object.etag}; the site's: ${body.length} bytes, MD5 ${md5})`,
        });
      }
    });
    const named = new Set(differences.map((difference) => difference.path));
    const held = [...site.files.keys()].filter((file) => listed.has(file) && !named.has(file));
    for (const [file, problem] of await checkHeaders(bucket, held, config.concurrency))
      if (problem !== undefined) differences.push({ path: file, problem });
    differences.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { where: bucket.where, checked: site.files.size, differences };
  } finally {
    bucket.close();
  }
}
