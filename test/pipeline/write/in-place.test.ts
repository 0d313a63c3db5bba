/**
 * A rebuild applies only what changed, in place: a one-record change rewrites the
 * documents holding that record and nothing else (every other file keeps its inode, bytes
 * and time), and an application cut off half way is rolled back to the previous site.
 */
import { cp, mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/index.js';
import { applyChanges, recoverJournal } from '../../../src/pipeline/write/journal.js';
import { journalPath, siblingPath } from '../../../src/pipeline/write/siblings.js';
import { readChangedDocuments } from '../../../src/site/index.js';
import { verifySite } from '../../../src/verify/index.js';
import { runCli } from '../../helpers/cli.js';
import { hashTree, TEST_NOW } from '../../helpers/site.js';
import { CHANGED_DOCUMENTS_PATH, SITE_FORMAT_PATH } from '../../../src/query/formats/index.js';

/** Path → inode and modification time of every file below a folder. */
async function identities(dir: string): Promise<Map<string, string>> {
  const files = await fg('**/*', { cwd: dir, dot: true, onlyFiles: true });
  const result = new Map<string, string>();
  for (const file of files) {
    const info = await stat(path.join(dir, file));
    result.set(file, `${info.ino}@${info.mtimeMs}`);
  }
  return result;
}

describe('a rebuild in place', () => {
  it('rewrites only the documents holding the changed record, and leaves every other file as it was', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-in-place-'));
    const sources = JSON.parse(await readFile('test/fixtures/tiny/sources/data.json', 'utf8'));
    const out = path.join(work, 'site');
    const rebuild = async (now: Date) => {
      await writeFile(path.join(work, 'data.json'), JSON.stringify(sources));
      return build({ sources: path.join(work, 'data.json'), out, now });
    };
    await rebuild(TEST_NOW);
    const before = await identities(out);
    sources.exhibitors.find((record: { id: string }) => record.id === 'X4').company_en = 'Lamp Works International';
    const result = await rebuild(new Date(TEST_NOW.getTime() + 300_000));
    const after = await identities(out);
    const touched = [...after]
      .filter(([file, identity]) => before.get(file) !== identity)
      .map(([file]) => file)
      .sort();
    // X4's document, the pages listing it, its kind's search shard and entry, the changes feed, and the build's own files.
    expect(touched).toContain('api/public/exhibitors/X4.json');
    expect(touched.filter((file) => file.startsWith('api/public/exhibitors/'))).toEqual([
      'api/public/exhibitors/X4.json',
    ]);
    expect(
      touched.filter(
        (file) => file.startsWith('api/public/exhibitions/') || file.startsWith('api/public/service_providers/'),
      ),
    ).toEqual([]);
    // Besides the documents: the manifest (its root and the files of its entries that changed) and the list of changed documents (for verify --changed).
    const manifest = touched.filter(
      (file) => file.startsWith('.dataset-site/manifest') || file === '.dataset-site/changed.json',
    );
    expect(manifest.length).toBeGreaterThanOrEqual(3);
    expect(result.output.rewritten + result.output.added + manifest.length).toBe(touched.length);
    // The build's format file, the same as before, is left alone and is not a document.
    expect(touched).not.toContain(SITE_FORMAT_PATH);
    expect(result.output.unchanged).toBe(after.size - touched.length - 1);
    expect(touched.length).toBeLessThan(after.size / 3);
    expect((await verifySite({ dir: out })).problems).toEqual([]);
  });

  it("writes the whole site, each document as before, into a folder holding only the build's state and dumps (a workflow's restored state)", async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-state-only-'));
    const [full, stateOnly] = [path.join(work, 'full'), path.join(work, 'state-only')];
    // The sample: its text documents are a few percent of its files, so it would be updated in place.
    await build({ sources: 'sources', out: full, now: TEST_NOW });
    // What the rebuild workflow restores: the dumps hold the bodies, and so the version each keeps (body-versions.ts).
    for (const folder of ['.dataset-site', 'api/public/dumps'])
      await cp(path.join(full, folder), path.join(stateOnly, folder), { recursive: true });
    await build({ sources: 'sources', out: stateOnly, now: new Date(TEST_NOW.getTime() + 300_000) });
    // All the same but the list of changed documents: the first build had nothing to compare with, the second changed nothing.
    const [written, first] = [await hashTree(stateOnly), await hashTree(full)];
    for (const tree of [written, first]) tree.delete(CHANGED_DOCUMENTS_PATH);
    expect(written).toEqual(first);
    expect(await readChangedDocuments(full)).toEqual({ everything: true });
    expect(await readChangedDocuments(stateOnly)).toEqual({ everything: false, changed: [], removed: [] });
  });

  it('is rolled back to the previous site, bytes and times, when cut off half way', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-journal-'));
    const out = path.join(work, 'site');
    const [staging, backup] = [siblingPath(out, 'tmp-1-1'), siblingPath(out, 'backup-1-1')];
    for (const [file, text] of [
      ['api/public/exhibitors/a.json', 'old a'],
      ['api/public/exhibitors/b.json', 'old b'],
      ['api/public/dataset/all/1.json', 'old page'],
      ['api/public/gone.json', 'gone'],
    ]) {
      await mkdir(path.dirname(path.join(out, file!)), { recursive: true });
      await writeFile(path.join(out, file!), text!);
    }
    // The new page is missing from staging: the application fails after the entity documents are in place.
    for (const [file, text] of [
      ['api/public/exhibitors/a.json', 'new a'],
      ['api/public/exhibitors/c.json', 'new c'],
    ]) {
      await mkdir(path.dirname(path.join(staging, file!)), { recursive: true });
      await writeFile(path.join(staging, file!), text!);
    }
    const [hashes, times] = [await hashTree(out), await identities(out)];
    const changes = {
      added: ['api/public/exhibitors/c.json'],
      changed: ['api/public/exhibitors/a.json', 'api/public/dataset/all/1.json'],
      removed: ['api/public/gone.json'],
    };
    await expect(applyChanges(out, staging, backup, changes)).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(out, 'api/public/exhibitors/a.json'), 'utf8')).toBe('new a');
    expect(await readFile(path.join(out, 'api/public/exhibitors/c.json'), 'utf8')).toBe('new c');
    await recoverJournal(out);
    expect(await hashTree(out)).toEqual(hashes);
    expect(await identities(out)).toEqual(times);
  });

  it('stops at a journal it cannot read, in one line naming it, and leaves the site and every other folder as they are', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-journal-bad-'));
    const out = path.join(work, 'site');
    expect((await runCli(['build', '--sources', 'test/fixtures/tiny/sources', '--out', out])).code).toBe(0);
    const site = await hashTree(out);
    // A folder outside the site that a tampered journal names as its backup: recovery removes a journal's folders.
    const victim = path.join(work, 'victim');
    await mkdir(victim);
    await writeFile(path.join(victim, 'keep.txt'), 'keep');
    const journals = [
      '{"state": "applying", "added": [', // cut off
      JSON.stringify({
        version: 99,
        added: [],
        changed: [],
        removed: [],
        staging: siblingPath(out, 'tmp-1-1'),
        backup: siblingPath(out, 'backup-1-1'),
        state: 'done',
      }),
      JSON.stringify({
        version: 1,
        added: [],
        changed: [],
        removed: [],
        staging: siblingPath(out, 'tmp-1-1'),
        backup: victim,
        state: 'done',
      }),
      JSON.stringify({
        version: 1,
        added: ['../../outside.json'],
        changed: [],
        removed: [],
        staging: siblingPath(out, 'tmp-1-1'),
        backup: siblingPath(out, 'backup-1-1'),
        state: 'applying',
      }),
    ];
    for (const journal of journals) {
      await writeFile(journalPath(out), journal);
      const result = await runCli(['build', '--sources', 'test/fixtures/tiny/sources', '--out', out]);
      expect(result.code, result.stderr).toBe(74);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(`cannot read the journal of an interrupted build, ${journalPath(out)}: it`);
      expect(await hashTree(out)).toEqual(site);
      expect(await readFile(path.join(victim, 'keep.txt'), 'utf8')).toBe('keep');
    }
  });
});
