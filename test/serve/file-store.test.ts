/** The file store's revisions: the snapshot root's change when it is replaced; the immutable search index is read once, and a rebuild is seen at once. */
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import { SNAPSHOT_ROOT_PATH } from '../../src/query/formats/index.js';
import { createRouter, type DocumentStore } from '../../src/query/router/index.js';
import { fileStore } from '../../src/serve/file-store.js';
import { changeExhibitors, copyFolder, copySampleSite, siteEntryPath, TEST_NOW } from '../helpers/site.js';

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
    const before = await files.revision!(SNAPSHOT_ROOT_PATH);
    expect(before).toMatch(/^\d+:\d+:\d+:\d+:\d+$/);
    expect(await files.revision!(SNAPSHOT_ROOT_PATH)).toBe(before);
    const file = path.join(out, SNAPSHOT_ROOT_PATH);
    await writeFile(`${file}.new`, await readFile(file));
    await rename(`${file}.new`, file);
    expect(await files.revision!(SNAPSHOT_ROOT_PATH)).not.toBe(before);
    expect(await files.revision!('api/public/search/nothing.json')).toBeUndefined();
    expect(await files.revision!('../outside.json')).toBeUndefined();
  });

  it('lets the router read an entry of the index once, and see a rebuild at once from the snapshot root', async () => {
    const { store, reads } = countingStore();
    const route = createRouter({ store });
    const entry = await siteEntryPath(out, 'exhibitor');
    const first = await route({ method: 'GET', url: Q_URL });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)._meta.total).toBeGreaterThan(0);
    expect((await route({ method: 'GET', url: Q_URL })).body).toBe(first.body);
    expect(reads.get(entry)).toBe(1);
    expect(reads.get(SNAPSHOT_ROOT_PATH)).toBe(2);

    // A rebuild that drops every exhibitor of China but one: the next answer is the new snapshot's.
    const sources = path.join(path.dirname(out), 'sources');
    await copyFolder('sources', sources);
    let kept = false;
    await changeExhibitors(sources, (records) =>
      records.filter((record) => record.country !== 'China' || (kept ? false : (kept = true))),
    );
    await build({ sources, now: TEST_NOW, out, maxShrink: 1 });
    const after = await route({ method: 'GET', url: Q_URL });
    expect(JSON.parse(after.body)._meta.total).toBeLessThanOrEqual(1);
    const rebuilt = await siteEntryPath(out, 'exhibitor');
    expect(rebuilt).not.toBe(entry);
    expect(reads.get(rebuilt)).toBe(1);
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
