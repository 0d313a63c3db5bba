/**
 * A store says how much of the search index the router keeps parsed between answers over it
 * (keptBytes; the R2 store asks for less, a Worker isolate having 128 MB): with nothing kept,
 * a search asked again reads its documents again; with the default, it reads only the entry's
 * revision.
 */
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../../src/query/router/router.js';
import type { DocumentStore } from '../../../src/query/router/store.js';
import { fileStore } from '../../../src/serve/index.js';
import { r2Store } from '../../../src/edge/index.js';
import { SHARD_CACHE_BYTES } from '../../../src/query/router/search-slice.js';
import { sampleSite } from '../../helpers/site.js';

// The sample's store with `keptBytes`, counting the index documents it is asked for.
function countingStore(keptBytes: number | undefined): { store: DocumentStore; indexReads: () => number } {
  const files = fileStore(sampleSite());
  let reads = 0;
  const store: DocumentStore = {
    ...files,
    keptBytes,
    read: (path) => {
      if (path.includes('/search/') && !path.endsWith('/exhibitor.json')) reads++;
      return files.read(path);
    },
  };
  return { store, indexReads: () => reads };
}

// Reads asked of the store by a second answer to the same search (a common term of the sample: its list is read).
async function readsAskedAgain(keptBytes: number | undefined): Promise<number> {
  const { store, indexReads } = countingStore(keptBytes);
  const route = createRouter({ store });
  const url = '/api/public/dataset?type=exhibitor&q=co&limit=5';
  expect((await route({ method: 'GET', url, headers: {} })).status).toBe(200);
  const first = indexReads();
  expect(first).toBeGreaterThan(0);
  expect((await route({ method: 'GET', url, headers: {} })).status).toBe(200);
  return indexReads() - first;
}

describe("the router's kept index documents", () => {
  it('are read again when the store keeps none, and not when it keeps the default', async () => {
    expect(await readsAskedAgain(0)).toBeGreaterThan(0);
    expect(await readsAskedAgain(undefined)).toBe(0);
  });

  it('are fewer over an R2 bucket, read inside a Worker isolate', () => {
    const bucket = { get: async () => null, head: async () => null };
    expect(r2Store(bucket).keptBytes).toBeLessThan(SHARD_CACHE_BYTES);
  });
});
