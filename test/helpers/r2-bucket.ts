/** A local R2 bucket holding a site, for the Worker over R2 under `wrangler dev` (tests and bench/worker-memory.ts). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { Miniflare } from 'miniflare';

/**
 * Puts the files of the site in `dir` (all of them, or `files`) into the bucket `dataset-site`
 * (the template's) persisted under `persist`, as `wrangler dev --persist-to` reads it.
 */
export async function fillBucket(dir: string, persist: string, files?: readonly string[]): Promise<void> {
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response(null) }',
    r2Buckets: { SITE: 'dataset-site' },
    r2Persist: persist,
  });
  try {
    // Typed here: the binding's own types come with @cloudflare/workers-types, which the tests do not load.
    const bucket = (await mf.getR2Bucket('SITE')) as unknown as { put(key: string, value: Uint8Array): Promise<unknown> };
    const keys = files ?? (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true }));
    for (let next = 0; next < keys.length;) {
      const batch = keys.slice(next, (next += 64));
      await Promise.all(batch.map(async (file) => bucket.put(file, new Uint8Array(await readFile(path.join(dir, file))))));
    }
  } finally {
    await mf.dispose();
  }
}
