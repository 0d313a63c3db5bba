/**
 * A folder left by an interrupted rebuild (its journal and backup folder beside it, half
 * of the new build applied) is refused by publish and verify, naming what to do; the next
 * build rolls it back, and the publish after it goes through.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import { applyChanges, journalPath, siblingPath } from '../../src/pipeline/write/index.js';
import { runCli } from '../helpers/cli.js';
import { expectBucketHolds } from '../helpers/published.js';
import { S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { buildTempSite, TEST_NOW } from '../helpers/site.js';

const KEYS = { AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey };
const SOURCES = 'test/fixtures/tiny/sources';
const ENTITY = 'api/public/exhibitors/X1.json';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3?.close());

/** A site whose rebuild stopped half way: the next build's `ENTITY` in place, the page listing it not, the journal and backup beside it. */
async function interruptedSite(): Promise<{ out: string; next: string }> {
  const { out } = await buildTempSite({ sources: SOURCES });
  const sources = JSON.parse(await readFile(path.join(SOURCES, 'data.json'), 'utf8')) as {
    exhibitors: { id: string; company_en: string }[];
  };
  sources.exhibitors.find((record) => record.id === 'X1')!.company_en = 'Renamed Works';
  const next = path.join(path.dirname(out), 'next.json');
  await writeFile(next, JSON.stringify(sources));
  const { out: built } = await buildTempSite({ sources: next, now: new Date(TEST_NOW.getTime() + 300_000) });
  const staging = siblingPath(out, 'tmp-1-1');
  await mkdir(path.join(staging, path.dirname(ENTITY)), { recursive: true });
  await cp(path.join(built, ENTITY), path.join(staging, ENTITY));
  // The page is missing from staging: the application stops after the entity is in place, as a kill would.
  const changes = { added: [], changed: [ENTITY, 'api/public/dataset/all/1.json'], removed: [] };
  await expect(applyChanges(out, staging, siblingPath(out, 'backup-1-1'), changes)).rejects.toThrow(/ENOENT/);
  return { out, next };
}

describe('a site folder an interrupted build left', () => {
  it('is refused by publish, --check and verify (exit 1, naming the journal and what to do); the next build rolls it back and publish goes through', async () => {
    const { out, next } = await interruptedSite();
    const bucket = await s3.createBucket();
    const args = ['publish', '--dir', out, '--bucket', bucket, '--endpoint', s3.endpoint, '--force-path-style'];
    const refusal = (command: string) =>
      `error: ${out} holds an interrupted build (${journalPath(out)} is beside it), so it may mix two builds; ${command} refuses it. ` +
      `Run dataset-site build --out ${out} again: it rolls the interrupted build back before it builds (if a build is running now, wait for it to end)\n`;
    expect(await runCli(args, undefined, KEYS)).toMatchObject({ code: 1, stdout: '', stderr: refusal('publish') });
    expect(await runCli([...args, '--check'], undefined, KEYS)).toMatchObject({ code: 1, stderr: refusal('publish') });
    expect(await runCli(['verify', '--dir', out])).toMatchObject({ code: 1, stderr: refusal('verify') });
    expect(s3.writes.filter((write) => write.bucket === bucket)).toEqual([]);

    await build({ sources: next, out, now: new Date(TEST_NOW.getTime() + 600_000) });
    expect(await runCli(args, undefined, KEYS)).toMatchObject({ code: 0 });
    await expectBucketHolds(s3, bucket, out);
  });

  it('is refused while only a backup folder is beside it', async () => {
    const { out } = await buildTempSite({ sources: SOURCES });
    const backup = siblingPath(out, 'backup-1-1');
    await mkdir(backup);
    const verify = await runCli(['verify', '--dir', out]);
    expect(verify).toMatchObject({ code: 1 });
    expect(verify.stderr).toContain(`${out} holds an interrupted build (${backup} is beside it)`);
    await rm(backup, { recursive: true });
    expect(await runCli(['verify', '--dir', out])).toMatchObject({ code: 0 });
  });
});
