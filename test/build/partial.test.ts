/**
 * `build --partial`, as the scheduled job runs it: into a folder holding only the previous
 * build's state (`.dataset-site/` and the dumps, as rebuild.yml restores them), it writes
 * the entity documents and pages that changed and the rest of the site, not the unchanged
 * entity documents and pages; `publish` then leaves the bucket exactly as a publish of
 * the whole site would, `verify --changed` checks what the folder holds, and what needs
 * every document refuses it.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import { UserError } from '../../src/shared/index.js';
import { checkPublished, readPublishedManifest, publishSite } from '../../src/publish/index.js';
import { DUMPS_FOLDER, PARTIAL_SITE_PATH } from '../../src/query/formats/index.js';
import { serve } from '../../src/serve/index.js';
import { verifySite } from '../../src/verify/index.js';
import { runCli } from '../helpers/cli.js';
import { S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { hashTree, TEST_NOW } from '../helpers/site.js';

const LATER = new Date(TEST_NOW.getTime() + 5 * 60_000);
// Entity documents and listing pages: what a partial site leaves out when unchanged.
const ENTITY_OR_PAGE = /^api\/public\/(exhibitors|exhibitions|service_providers|dataset|regions)\//;
// The documents of the snapshot the build replaced, which the site keeps for the retention (docs/api.md#snapshots).
const RETAINED = /^api\/public\/(search|snapshots)\//;

let work: string;
let before: string; // the previous build, whole
let whole: string; // the changed sources built over a whole copy of it
let partial: string; // the changed sources built --partial over its state alone
let changedSources: string;
let s3: LocalS3;

/** A folder holding only what rebuild.yml restores of `site`: the build's own folder and the dumps. */
async function restoredState(site: string, name: string): Promise<string> {
  const folder = path.join(work, name);
  await cp(path.join(site, '.dataset-site'), path.join(folder, '.dataset-site'), { recursive: true });
  await cp(path.join(site, DUMPS_FOLDER), path.join(folder, DUMPS_FOLDER), { recursive: true });
  return folder;
}

const published = (tree: Map<string, string>) =>
  new Map([...tree].filter(([file]) => !file.startsWith('.dataset-site/')));

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ds-partial-'));
  const sources = path.join(work, 'sources');
  await cp('test/fixtures/tiny/sources', sources, { recursive: true });
  before = path.join(work, 'before');
  await build({ sources, out: before, now: TEST_NOW });
  changedSources = path.join(work, 'changed');
  await mkdir(changedSources);
  const text = await readFile(path.join(sources, 'data.json'), 'utf8');
  expect(text).toContain('"company_en": "Auto Parts Co"');
  await writeFile(
    path.join(changedSources, 'data.json'),
    text.replace('"company_en": "Auto Parts Co"', '"company_en": "Auto Parts Holdings"'),
  );
  whole = path.join(work, 'whole');
  await cp(before, whole, { recursive: true });
  await build({ sources: changedSources, out: whole, now: LATER });
  partial = await restoredState(before, 'partial');
  const result = await build({ sources: changedSources, out: partial, now: LATER, partial: true });
  expect(result.output.partial).toBe(true);
  s3 = await startLocalS3();
}, 60_000);
afterAll(async () => {
  await s3?.close();
  await rm(work, { recursive: true, force: true });
});

describe('build --partial over restored state', () => {
  it('writes what changed and the rest of the site, byte for byte as a whole build, but not the unchanged entity documents and pages', async () => {
    const [previousTree, wholeTree, partialTree] = await Promise.all([
      hashTree(before),
      hashTree(whole),
      hashTree(partial),
    ]);
    const left = [...published(wholeTree).keys()].filter((file) => !partialTree.has(file));
    expect(left.length).toBeGreaterThan(50);
    for (const file of left) {
      expect(ENTITY_OR_PAGE.test(file) || RETAINED.test(file), file).toBe(true);
      expect(wholeTree.get(file), file).toBe(previousTree.get(file));
    }
    // What it holds is the whole build's, the changed exhibitor's documents among them; its manifest is the whole site's.
    for (const [file, hash] of published(partialTree)) expect(hash, file).toBe(wholeTree.get(file));
    expect(
      [...partialTree.keys()].filter(
        (file) => ENTITY_OR_PAGE.test(file) && wholeTree.get(file) !== previousTree.get(file),
      ).length,
    ).toBeGreaterThan(0);
    const manifest = (tree: Map<string, string>) =>
      [...tree].filter(([file]) => file.startsWith('.dataset-site/manifest'));
    expect(manifest(partialTree)).toEqual(manifest(wholeTree));
    expect(partialTree.has(PARTIAL_SITE_PATH)).toBe(true);
    expect(wholeTree.has(PARTIAL_SITE_PATH)).toBe(false);
  });

  it('is checked by verify --changed, which catches a damaged written document; a full verify and serve refuse it', async () => {
    const copy = path.join(work, 'verified');
    await cp(partial, copy, { recursive: true });
    const clean = await verifySite({ dir: copy, changed: true });
    expect(clean.problems).toEqual([]);
    // Its documents are the whole site's, those not in the folder too.
    expect(clean.documents).toBe((await verifySite({ dir: whole })).documents);
    const entity = path.join(copy, 'api/public/exhibitors/X1.json');
    await writeFile(entity, (await readFile(entity, 'utf8')).replace('Auto Parts Holdings', 'Auto Parts Forged'));
    expect(
      (await verifySite({ dir: copy, changed: true })).problems.map((problem) => path.relative(copy, problem.file!)),
    ).toContain('api/public/exhibitors/X1.json');
    await expect(verifySite({ dir: copy })).rejects.toThrow(
      /holds a partial build .*a full verify needs; build it without --partial/,
    );
    await expect(serve({ dir: copy, port: 0 })).rejects.toThrow(UserError);
  });

  it('publishes the bucket a publish of the whole site would leave', async () => {
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'auto',
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
    });
    const [fromPartial, fromWhole] = [await s3.createBucket(), await s3.createBucket()];
    const options = (dir: string, bucket: string) => ({
      dir,
      bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
    });
    for (const bucket of [fromPartial, fromWhole]) await publishSite(options(before, bucket));
    const sent = await publishSite(options(partial, fromPartial));
    expect(sent.uploaded).toBeGreaterThan(0);
    // The rotation's share of header checks depends on the moment of each publish, and so do the times the manifest keeps
    // of objects whose headers were read (a time of the last few seconds is not kept), whose records' bytes are counted.
    const fromWholeSite = await publishSite(options(whole, fromWhole));
    expect(sent).toEqual({
      ...fromWholeSite,
      where: sent.where,
      headersChecked: sent.headersChecked,
      bytes: sent.bytes,
    });
    // The published manifests differ only in times: when each object's headers were seen right, when the rotation ran.
    const contents = async (bucket: string) => {
      const objects = await s3.readBucket(bucket);
      const manifest = await readPublishedManifest(async (key) => objects.get(key)?.body.toString(), '');
      return {
        objects: new Map(
          [...objects]
            .filter(([key]) => !key.startsWith('.dataset-site/'))
            .map(([key, object]) => [key, object.body.toString('base64')]),
        ),
        manifest: new Map([...manifest.files].map(([path, entry]) => [path, entry.slice(0, 4)])),
      };
    };
    expect(await contents(fromPartial)).toEqual(await contents(fromWhole));
    client.destroy();
  });

  it('refuses to publish when the bucket lacks a file the folder does not hold, and leaves the bucket as it was', async () => {
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'auto',
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
    });
    const bucket = await s3.createBucket();
    const options = { dir: partial, bucket, endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS };
    await publishSite({ ...options, dir: before });
    const held = await hashTree(partial);
    // One object the folder does not hold deleted, another overwritten, behind publish's back.
    const [lost, overwritten] = [...published(await hashTree(whole)).keys()].filter((file) => !held.has(file)) as [
      string,
      string,
    ];
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: lost }));
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: overwritten, Body: 'overwritten by hand' }));
    client.destroy();
    const objects = await s3.readBucket(bucket);
    const cli = await runCli(
      ['publish', '--dir', partial, '--bucket', bucket, '--endpoint', s3.endpoint, '--force-path-style'],
      undefined,
      {
        AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      },
    );
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`are not in the partial site in ${partial} (built with --partial), such as ${lost}`);
    expect(cli.stderr).toMatch(/^error: 2 files to publish/m);
    expect(cli.stderr).toContain('build the whole site (without --partial) and publish it');
    // Beside the documents this build changed or removed, which the bucket holds as the build before made them.
    const differences = (await checkPublished(options)).differences;
    expect(
      differences.filter(
        (difference) => !held.has(difference.path) && difference.problem !== 'in the bucket, gone from the site',
      ),
    ).toEqual(
      [
        { path: lost, problem: 'missing from the bucket' },
        {
          path: overwritten,
          problem: 'not the object the last publish left (the partial site does not hold the file to compare)',
        },
      ].sort((a, b) => (a.path < b.path ? -1 : 1)),
    );
    const after = await s3.readBucket(bucket);
    const bodies = (stored: typeof after) =>
      new Map(
        [...stored]
          .filter(([key]) => !key.startsWith('.dataset-site/lease'))
          .map(([key, object]) => [key, object.body.toString('base64')]),
      );
    expect(bodies(after)).toEqual(bodies(objects));
  });

  it('is made whole again by the next build without --partial', async () => {
    const again = path.join(work, 'again');
    await cp(partial, again, { recursive: true });
    const result = await build({ sources: changedSources, out: again, now: LATER });
    expect(result.output.partial).toBe(false);
    const [wholeTree, againTree] = await Promise.all([hashTree(whole), hashTree(again)]);
    // All but the replaced snapshot, whose documents the partial folder never held: it keeps none of them.
    const current = (tree: Map<string, string>) =>
      new Map([...published(tree)].filter(([file]) => !RETAINED.test(file) || againTree.has(file)));
    expect(published(againTree)).toEqual(current(wholeTree));
    expect(againTree.has(PARTIAL_SITE_PATH)).toBe(false);
  });
});
