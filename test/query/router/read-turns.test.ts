/**
 * Reads in turns (src/query/router/read-turns.ts): a store with a `concurrency` (the R2
 * store) never has more of one answer's reads in flight, and the answer is the same.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSearchEntry } from '../../../src/query/search/index.js';
import { r2Store, R2_READS_IN_FLIGHT, type R2BucketLike } from '../../../src/edge/index.js';
import { ReadTurns } from '../../../src/query/router/read-turns.js';
import { createRouter } from '../../../src/query/router/router.js';
import { fileStore } from '../../../src/serve/index.js';
import { datasetUrl } from '../../contract/cases.js';
import { sampleSite, siteEntryPath } from '../../helpers/site.js';

describe('reads in turns', () => {
  it('run at most the limit at once, all of them, each giving its own result', async () => {
    const turns = new ReadTurns(3);
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        turns
          .run(async () => {
            most = Math.max(most, ++running);
            await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
            running--;
            if (i === 11) throw new Error('eleven');
            return i;
          })
          .catch((error: Error) => error.message),
      ),
    );
    expect(most).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => (i === 11 ? 'eleven' : i)));
    // Drained: the next reads start at once again.
    expect(await Promise.all([turns.run(async () => 'a'), turns.run(async () => 'b')])).toEqual(['a', 'b']);
  });

  it('keep an answer over the R2 store to R2_READS_IN_FLIGHT objects at once, answering as over the files', async () => {
    const dir = sampleSite();
    let inFlight = 0;
    let most = 0;
    const bucket: R2BucketLike = {
      async get(key) {
        most = Math.max(most, ++inFlight);
        const text = await readFile(path.join(dir, key), 'utf8').catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        return text === undefined
          ? null
          : {
              text: async () => text,
              arrayBuffer: async () => new TextEncoder().encode(text).buffer,
              etag: String(text.length),
            };
      },
      async head(key) {
        const text = await readFile(path.join(dir, key), 'utf8').catch(() => undefined);
        return text === undefined ? null : { etag: String(text.length) };
      },
    };
    // A q answer reads one document per entity, all asked for at once.
    const entry = parseSearchEntry(
      'entry',
      await readFile(path.join(dir, await siteEntryPath(dir, 'exhibitor')), 'utf8'),
      'exhibitor',
    );
    const url = datasetUrl(['type', 'all'], ['q', entry.index.common[0]!], ['limit', '500']);
    const overBucket = await createRouter({ store: r2Store(bucket) })({ method: 'GET', url });
    expect(overBucket).toEqual(await createRouter({ store: fileStore(dir) })({ method: 'GET', url }));
    const entities = JSON.parse(overBucket.body)._meta.count as number;
    expect(entities).toBeGreaterThan(R2_READS_IN_FLIGHT);
    expect(most).toBe(R2_READS_IN_FLIGHT);
  });
});
