/**
 * Publishing is safe: an interrupted or failed build leaves the previous site
 * byte-for-byte as it was, and unchanged sources rebuild byte-identically.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import { readManifest } from '../../src/site/index.js';
import { isBodyCopyPath } from '../../src/query/formats/index.js';
import { CLI, runCli, runNode } from '../helpers/cli.js';
import { TEST_NOW, copySampleSite, hashTree, readSiteJson } from '../helpers/site.js';

let bigSources: string;

beforeAll(async () => {
  bigSources = await mkdtemp(path.join(tmpdir(), 'ds-big-'));
  const generator = await runNode([
    'node_modules/tsx/dist/cli.mjs',
    'scripts/generate.ts',
    '--exhibitions',
    '300',
    '--exhibitors',
    '10000',
    '--providers',
    '100',
    '--seed',
    '7',
    '--format',
    'ndjson',
    '--out',
    bigSources,
  ]);
  expect(generator.code).toBe(0);
});

describe('an interrupted build', () => {
  it('leaves the previous site identical when killed mid-write', async () => {
    const out = await copySampleSite();
    const before = await hashTree(out);
    const child = spawn(process.execPath, [CLI, 'build', '--sources', bigSources, '--out', out], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // The writer reports progress every 5,000 documents: by then it is writing into its staging folder.
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => chunk.toString().includes(' documents (') && resolve());
      child.on('close', (code) => reject(new Error(`the build ended (code ${code}) before it could be interrupted`)));
    });
    const staging = (await readdir(path.dirname(out))).filter((name) => name.startsWith('.site.tmp-'));
    expect(staging.length).toBe(1);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    expect(await hashTree(out)).toEqual(before);

    // The next build cleans up what the killed one left behind.
    await build({ sources: 'sources', out, now: TEST_NOW });
    expect((await readdir(path.dirname(out))).filter((name) => name !== 'site')).toEqual([]);
    expect(await hashTree(out)).toEqual(before);
  });

  it('puts the previous site back when a build died between its two renames', async () => {
    const out = await copySampleSite();
    const before = await hashTree(out);
    await rename(out, path.join(path.dirname(out), '.site.old-999999999-1'));
    const failing = await runCli(['build', '--sources', 'test/fixtures/invalid/duplicate_id/sources', '--out', out]);
    expect(failing.code).toBe(1);
    expect(await hashTree(out)).toEqual(before);
  });
});

describe('rebuilding', () => {
  it('is byte-identical when the sources did not change, even hours later', async () => {
    const out = await copySampleSite();
    const before = await hashTree(out);
    await build({ sources: 'sources', out, now: new Date(TEST_NOW.getTime() + 5 * 3600_000) });
    expect(await hashTree(out)).toEqual(before);
  });

  it('gives a new generated_at only to documents whose content changed', async () => {
    const sources = await mkdtemp(path.join(tmpdir(), 'ds-src-'));
    await cp('sources', sources, { recursive: true });
    const out = await copySampleSite(); // the sample, built from these very sources
    const exhibitorsFile = path.join(sources, 'exhibitors/part-001.ndjson');
    const lines = (await readFile(exhibitorsFile, 'utf8')).split('\n');
    const first = JSON.parse(lines[0]!);
    lines[0] = JSON.stringify({ ...first, intro: 'A changed introduction.' });
    await writeFile(exhibitorsFile, lines.join('\n'));
    const later = new Date(TEST_NOW.getTime() + 300_000);
    const result = await build({ sources, out, now: later });
    expect(result.output.changed).toBeGreaterThan(0);
    const { manifest } = await readManifest(out);
    // A body's copy carries when a build last wrote it, for its retention, not when its content changed.
    const stamps = [...manifest].filter(([file]) => !isBodyCopyPath(file)).map(([, [, at]]) => at);
    expect(stamps.filter((at) => at === later.toISOString()).length).toBe(result.output.changed);
    expect(stamps.filter((at) => at === TEST_NOW.toISOString()).length).toBeGreaterThan(result.output.changed);
    const schema = await readSiteJson<{ _meta: { generated_at: string } }>(out, 'api/public/schema.json');
    expect(schema._meta.generated_at).toBe(TEST_NOW.toISOString());
  });
});
