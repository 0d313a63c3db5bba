/** What a publish has to do, from the local site, the published manifest, the bucket's listing and a journal left by a failed publish. */
import { describe, expect, it } from 'vitest';
import type { ListedObject } from '../../src/publish/bucket.js';
import type { PublishedFiles } from '../../src/publish/published-manifest.js';
import { shardOf, type Manifest } from '../../src/site/index.js';
import { planPublish, UNSEEN_HEADS, withHeaderRepairs } from '../../src/publish/publish-plan.js';

const manifest = (entries: Record<string, [string, string]>): Manifest => new Map(Object.entries(entries));
// Published as the bucket holds it: ETag `e<fingerprint>`, 10 bytes, its headers seen right when it was last modified at 1000.
const published = (entries: Record<string, [string, string]>): PublishedFiles =>
  new Map(Object.entries(entries).map(([path, [fp, at]]) => [path, [fp, at, `e${fp}`, '10', '1000']]));
const listing = (
  entries: Record<string, [string, string]>,
  changed: Record<string, ListedObject> = {},
): Map<string, ListedObject> =>
  new Map([
    ...Object.entries(entries).map(([path, [fp]]): [string, ListedObject] => [
      path,
      { etag: `e${fp}`, size: 10, lastModified: '1000' },
    ]),
    ...Object.entries(changed),
  ]);

describe('planPublish', () => {
  it('uploads everything to a bucket without a published manifest', () => {
    expect(planPublish(manifest({ b: ['2', ''], a: ['1', 't'] }), new Map(), new Map())).toEqual({
      uploads: [
        { path: 'a', isNew: true, drifted: false },
        { path: 'b', isNew: true, drifted: false },
      ],
      deletions: [],
      strays: [],
      unchanged: 0,
      headerChecks: [],
    });
  });

  it('uploads new and changed files (fingerprint or generated_at), deletes what the site dropped, skips the rest', () => {
    const local = manifest({
      same: ['1', 't1'],
      refingerprinted: ['2', 't1'],
      restamped: ['3', 't2'],
      added: ['4', 't2'],
    });
    const before = {
      same: ['1', 't1'],
      refingerprinted: ['x', 't1'],
      restamped: ['3', 't1'],
      dropped: ['5', 't1'],
    } as Record<string, [string, string]>;
    expect(planPublish(local, published(before), listing(before))).toEqual({
      uploads: [
        { path: 'added', isNew: true, drifted: false },
        { path: 'refingerprinted', isNew: false, drifted: false },
        { path: 'restamped', isNew: false, drifted: false },
      ],
      deletions: ['dropped'],
      strays: [],
      unchanged: 1,
      headerChecks: [],
    });
  });

  it('uploads again what the bucket no longer holds as publish left it: another ETag, another size, or gone', () => {
    const files = { kept: ['1', ''], etag: ['2', ''], size: ['3', ''], gone: ['4', ''] } as Record<
      string,
      [string, string]
    >;
    const listed = listing(
      { kept: ['1', ''] },
      { etag: { etag: 'other', size: 10, lastModified: '1000' }, size: { etag: 'e3', size: 11, lastModified: '1000' } },
    );
    expect(planPublish(manifest(files), published(files), listed)).toEqual({
      uploads: [
        { path: 'etag', isNew: false, drifted: true },
        { path: 'gone', isNew: true, drifted: true },
        { path: 'size', isNew: false, drifted: true },
      ],
      deletions: [],
      strays: [],
      unchanged: 1,
      headerChecks: [],
    });
  });

  it('checks every object of a manifest that kept no ETags (version 2) by its bytes', () => {
    const files = manifest({ a: ['1', ''] });
    const old: PublishedFiles = new Map([['a', ['1', '', '', '', '']]]);
    expect(planPublish(files, old, listing({ a: ['1', ''] })).uploads).toEqual([
      { path: 'a', isNew: false, drifted: false },
    ]);
  });

  it('after a failed publish, takes up again what its journal meant to upload and delete', () => {
    const local = manifest({ same: ['1', ''], meant: ['2', ''], added: ['3', ''] });
    const before = { same: ['1', ''], meant: ['2', ''], goner: ['4', ''] } as Record<string, [string, string]>;
    // The failed publish may have uploaded `meant` and `stray` (since dropped by a rebuild) and deleted part of `goner`.
    const journal = { uploads: ['meant', 'stray'], deletions: ['goner'] };
    expect(planPublish(local, published(before), listing({ ...before, stray: ['9', ''] }), journal)).toEqual({
      uploads: [
        { path: 'added', isNew: true, drifted: false },
        { path: 'meant', isNew: false, drifted: false },
      ],
      deletions: ['goner', 'stray'],
      strays: [],
      unchanged: 1,
      headerChecks: [],
    });
  });

  it("deletes an object no manifest lists in a folder of the published site's files, and nothing outside those folders", () => {
    const files = { 'api/a.json': ['1', ''], 'assets/x.js': ['2', ''], 'llms.txt': ['3', ''] } as Record<
      string,
      [string, string]
    >;
    const listed = listing(files, {
      'api/public/dumps/part-lost.ndjson.gz': { etag: 'x', size: 1, lastModified: '1000' },
      'assets/old.js': { etag: 'y', size: 1, lastModified: '1000' },
      'other/mine.json': { etag: 'z', size: 1, lastModified: '1000' },
      'notes.txt': { etag: 'w', size: 1, lastModified: '1000' },
      '.dataset-site/lease.json': { etag: 'v', size: 1, lastModified: '1000' },
    });
    const plan = planPublish(manifest(files), published(files), listed);
    expect(plan).toMatchObject({
      strays: ['api/public/dumps/part-lost.ndjson.gz', 'assets/old.js'],
      deletions: ['api/public/dumps/part-lost.ndjson.gz', 'assets/old.js'],
    });
    // No publish finished yet: no folder is the site's.
    expect(planPublish(manifest(files), new Map(), listed)).toMatchObject({ strays: [], deletions: [] });
  });

  it('reads the headers of an unchanged object written again since they were seen right, never seen, or due in the rotation', () => {
    const files = { same: ['1', ''], rewritten: ['2', ''], unseen: ['3', ''], due: ['4', ''] } as Record<
      string,
      [string, string]
    >;
    const before = published(files);
    before.set('unseen', ['3', '', 'e3', '10', '']);
    const listed = listing(files, { rewritten: { etag: 'e2', size: 10, lastModified: '2000' } });
    const plan = planPublish(manifest(files), before, listed, undefined, (path) => path === 'due');
    expect(plan).toMatchObject({ uploads: [], unchanged: 4, headerChecks: ['due', 'rewritten', 'unseen'] });
    expect(withHeaderRepairs(plan, ['rewritten'])).toMatchObject({
      uploads: [{ path: 'rewritten', isNew: false, drifted: true }],
      unchanged: 3,
    });
  });

  it('reads at most UNSEEN_HEADS never-seen objects a publish, whole files of the published manifest at a time', () => {
    // Every object written by the last publish, none read since: more than one publish reads.
    const count = UNSEEN_HEADS + UNSEEN_HEADS / 4;
    const files = Object.fromEntries(
      Array.from({ length: count }, (_, i): [string, [string, string]] => [`api/public/e/${i}.json`, ['1', '']]),
    );
    const before: PublishedFiles = new Map(Object.keys(files).map((path) => [path, ['1', '', 'e1', '10', '']]));
    const manifestFiles = 256;
    const plan = planPublish(manifest(files), before, listing(files), undefined, () => false, manifestFiles);
    expect(plan.headerChecks).toHaveLength(UNSEEN_HEADS);
    // The files of the manifest whose entries the reads change: those of the first files whole, the last in part.
    const touched = new Set(plan.headerChecks.map((path) => shardOf(path, manifestFiles)));
    const perFile = count / manifestFiles;
    expect(touched.size).toBeLessThanOrEqual(Math.ceil(UNSEEN_HEADS / perFile) + 8);
    expect(touched.size).toBeLessThan(manifestFiles * 0.9);
    // In path order the same reads would have changed every file.
    const inPathOrder = new Set(
      Object.keys(files)
        .sort()
        .slice(0, UNSEEN_HEADS)
        .map((path) => shardOf(path, manifestFiles)),
    );
    expect(inPathOrder.size).toBe(manifestFiles);
  });
});
