/** What a publish has to do, from the local site, the published manifest and a journal left by a failed publish. */
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/site/manifest.js';
import { planPublish } from '../../src/publish/plan.js';

const manifest = (entries: Record<string, [string, string]>): Manifest => new Map(Object.entries(entries));

describe('planPublish', () => {
  it('uploads everything to a bucket without a published manifest', () => {
    expect(planPublish(manifest({ b: ['2', ''], a: ['1', 't'] }), new Map())).toEqual({
      uploads: [{ path: 'a', isNew: true }, { path: 'b', isNew: true }],
      deletions: [],
      unchanged: 0,
    });
  });

  it('uploads new and changed files (fingerprint or generated_at), deletes what the site dropped, skips the rest', () => {
    const local = manifest({ same: ['1', 't1'], refingerprinted: ['2', 't1'], restamped: ['3', 't2'], added: ['4', 't2'] });
    const published = manifest({ same: ['1', 't1'], refingerprinted: ['x', 't1'], restamped: ['3', 't1'], dropped: ['5', 't1'] });
    expect(planPublish(local, published)).toEqual({
      uploads: [{ path: 'added', isNew: true }, { path: 'refingerprinted', isNew: false }, { path: 'restamped', isNew: false }],
      deletions: ['dropped'],
      unchanged: 1,
    });
  });

  it('after a failed publish, takes up again what its journal meant to upload and delete', () => {
    const local = manifest({ same: ['1', ''], meant: ['2', ''], added: ['3', ''] });
    const published = manifest({ same: ['1', ''], meant: ['2', ''], goner: ['4', ''] });
    // The failed publish may have uploaded `meant` and `stray` (since dropped by a rebuild) and deleted part of `goner`.
    const journal = { uploads: ['meant', 'stray'], deletions: ['goner'] };
    expect(planPublish(local, published, journal)).toEqual({
      uploads: [{ path: 'added', isNew: true }, { path: 'meant', isNew: false }],
      deletions: ['goner', 'stray'],
      unchanged: 1,
    });
  });
});
