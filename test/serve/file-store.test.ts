/** The file store's revisions: a loaded search index is reused while its file is unchanged, and a rebuild is seen at once. */
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import { searchIndexPath, SEARCH_INDEX_VERSION } from '../../src/query/search/index.js';
import { createRouter, type DocumentStore } from '../../src/query/router/index.js';
import { fileStore } from '../../src/serve/file-store.js';
import { copySampleSite, TEST_NOW } from '../helpers/site.js';

const INDEX = searchIndexPath('exhibitor');
const Q_URL = '/api/public/dataset?type=exhibitor&q=co&country=china&limit=5';

let out: string;
beforeAll(async () => {
  out = await copySampleSite();
});

/** The file store of `out`, counting the reads of each path. */
function countingStore(): { store: DocumentStore; reads: Map<string, number> } {
  const files = fileStore(out);
  const reads = new Map<string, number>();
  const store: DocumentStore = {
    read: (sitePath) => {
      reads.set(sitePath, (reads.get(sitePath) ?? 0) + 1);
      return files.read(sitePath);
    },
    revision: (sitePath) => files.revision!(sitePath),
  };
  return { store, reads };
}

describe('fileStore revisions', () => {
  it('changes when a file is replaced, and is undefined for a missing or unsafe path', async () => {
    const files = fileStore(out);
    const before = await files.revision!(INDEX);
    expect(before).toMatch(/^\d+:\d+:\d+:\d+:\d+$/);
    expect(await files.revision!(INDEX)).toBe(before);
    const file = path.join(out, INDEX);
    await writeFile(`${file}.new`, await readFile(file));
    await rename(`${file}.new`, file);
    expect(await files.revision!(INDEX)).not.toBe(before);
    expect(await files.revision!('api/public/search/nothing.json')).toBeUndefined();
    expect(await files.revision!('../outside.json')).toBeUndefined();
  });

  it('lets the router reuse a loaded index without reading it again, and see a changed file at once', async () => {
    const { store, reads } = countingStore();
    const route = createRouter({ store });
    const first = await route({ method: 'GET', url: Q_URL });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)._meta.total).toBeGreaterThan(0);
    expect((await route({ method: 'GET', url: Q_URL })).body).toBe(first.body);
    expect(reads.get(INDEX)).toBe(1);

    const file = path.join(out, INDEX);
    const text = await readFile(file, 'utf8');
    // Of another version and another size: a build checks the text documents on disk by their size (stage-changes.ts).
    await writeFile(`${file}.new`, text.replace(`"version":${SEARCH_INDEX_VERSION}`, '"version":999'));
    await rename(`${file}.new`, file);
    expect((await route({ method: 'GET', url: Q_URL })).status).toBe(500);

    await build({ sources: 'sources', now: TEST_NOW, out });
    expect((await route({ method: 'GET', url: Q_URL })).body).toBe(first.body);
    expect(reads.get(INDEX)).toBe(3);
  });
});

describe('fileStore reads', () => {
  it.each([
    ['empty', ''],
    ['small', '{"id":"X1","name":"有限公司"}'],
    ['just under its buffer', 'a'.repeat(64 * 1024 - 1)],
    ['as large as its buffer', 'b'.repeat(64 * 1024)],
    ['larger, a CJK character across the buffer end', `${'c'.repeat(64 * 1024 - 1)}公司${'d'.repeat(200_000)}`],
  ])('gives the text of a file %s, whole', async (_, text) => {
    const file = path.join(out, 'api/public/read-test.json');
    await writeFile(file, text);
    expect(await fileStore(out).read('api/public/read-test.json')).toBe(text);
  });

  it('gives no text for a folder or a missing file', async () => {
    expect(await fileStore(out).read('api/public')).toBeUndefined();
    expect(await fileStore(out).read('api/public/none.json')).toBeUndefined();
  });
});
