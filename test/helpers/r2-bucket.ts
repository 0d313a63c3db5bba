/** A local R2 bucket holding a site, for the Worker over R2 under `wrangler dev` (tests and bench/worker-memory.ts). */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { Miniflare } from 'miniflare';

// Typed here: the binding's own types come with @cloudflare/workers-types, which the tests do not load.
interface LocalBucket {
  put(key: string, value: Uint8Array): Promise<unknown>;
  get(key: string): Promise<{ text(): Promise<string> } | null>;
}

/** Runs `work` on the bucket `dataset-site` (the template's) persisted under `persist`, as `wrangler dev --persist-to` reads it. */
async function withBucket<T>(persist: string, work: (bucket: LocalBucket) => Promise<T>): Promise<T> {
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response(null) }',
    r2Buckets: { SITE: 'dataset-site' },
    r2Persist: persist,
  });
  try {
    return await work((await mf.getR2Bucket('SITE')) as unknown as LocalBucket);
  } finally {
    await mf.dispose();
  }
}

/** Puts the files of the site in `dir` (all of them, or `files`) into the bucket persisted under `persist`. */
export async function fillBucket(dir: string, persist: string, files?: readonly string[]): Promise<void> {
  await withBucket(persist, async (bucket) => {
    const keys = files ?? (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true }));
    for (let next = 0; next < keys.length;) {
      const batch = keys.slice(next, (next += 64));
      await Promise.all(
        batch.map(async (file) => bucket.put(file, new Uint8Array(await readFile(path.join(dir, file))))),
      );
    }
  });
}

/** The text of the object at `key` in the bucket persisted under `persist`, or `undefined`. */
export function readBucketObject(persist: string, key: string): Promise<string | undefined> {
  return withBucket(persist, async (bucket) => (await bucket.get(key))?.text());
}

/**
 * The persist folder of a bucket holding the site in `dir` but its dumps: `given` as it is when it holds a bucket
 * already (a bench run again over the same site), else filled now, under `given` or a folder of its own in `work`.
 */
export async function siteBucketState(dir: string, given: string | undefined, work: string): Promise<string> {
  const state = given ?? path.join(work, 'state');
  if (given === undefined || !existsSync(path.join(state, 'v3', 'r2'))) {
    const files = await fg(['**/*', '!api/public/dumps/**'], { cwd: dir, dot: true, onlyFiles: true });
    process.stderr.write(`filling the bucket with ${files.length} files\n`);
    await fillBucket(dir, path.join(state, 'v3', 'r2'), files);
  }
  return state;
}
