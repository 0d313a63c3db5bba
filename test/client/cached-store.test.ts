/** The SDK's document cache: a document kept for the API's max-age, an immutable one found kept for good. */
import { expect, it } from 'vitest';
import { cachedStore } from '../../src/client/cached-store.js';

it('reads a mutable document again after max-age, an immutable one found never, an immutable one missing again', async () => {
  const reads: string[] = [];
  const store = {
    read: async (path: string) => (reads.push(path), path.includes('missing') ? undefined : `text of ${path}`),
  };
  let clock = 0;
  const cached = cachedStore(store, 1000, () => clock);
  const paths = ['api/public/snapshot.json', 'api/public/search/exhibitor@1b.json', 'api/public/search/missing@1.json'];
  for (const path of paths) await cached.read(path);
  for (const path of paths) await cached.read(path);
  expect(reads).toEqual(paths);
  clock = 1001;
  for (const path of paths)
    expect(await cached.read(path)).toBe(path.includes('missing') ? undefined : `text of ${path}`);
  expect(reads).toEqual([...paths, 'api/public/snapshot.json', 'api/public/search/missing@1.json']);
});
