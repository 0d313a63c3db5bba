/**
 * Guards of the 5-minute cycle: a build whose sources shrank by more than --max-shrink
 * fails and leaves the site as it was (unless --allow-shrink); one build at a time per
 * output folder, and a lock left by a killed build does not block the next; a damaged
 * changes-feed state stops the build instead of restarting the feed unasked; a damaged
 * manifest is named in a warning and costs a full write.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { buildTempSite, hashTree } from '../helpers/site.js';

const TINY = 'test/fixtures/tiny/sources';

/** The tiny site, and sources like the tiny ones but with only the first exhibitor. */
async function shrunk(): Promise<{ out: string; sources: string }> {
  const { out } = await buildTempSite({ sources: TINY });
  const sources = await mkdtemp(path.join(tmpdir(), 'ds-shrunk-'));
  const data = JSON.parse(await readFile(path.join(TINY, 'data.json'), 'utf8'));
  await writeFile(
    path.join(sources, 'data.json'),
    JSON.stringify({ ...data, exhibitors: data.exhibitors.slice(0, 1) }),
  );
  return { out, sources };
}

describe('the shrink guard', () => {
  it('fails a build that lost more than 10% of a kind, naming both counts, and leaves the site', async () => {
    const { out, sources } = await shrunk();
    const before = await hashTree(out);
    const result = await runCli(['build', '--sources', sources, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'error: the sources have 1 exhibitors where the site has 4 (75% fewer), more than --max-shrink 10% allows; nothing was written. If the sources really shrank, build once with --allow-shrink',
    );
    expect(await hashTree(out)).toEqual(before);
  });

  it.each(
    [['--allow-shrink'], ['--max-shrink', '80%'], ['--max-shrink', '0.8']].map(
      (flags) => [flags.join(' '), flags] as const,
    ),
  )('lets %s through', async (_, flags) => {
    const { out, sources } = await shrunk();
    const result = await runCli(['build', '--sources', sources, '--out', out, ...flags]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/3 exhibitions, 1 exhibitors, 2 service providers/);
  });

  it('refuses a share that is not one', async () => {
    const result = await buildWithFlag('--max-shrink', 'lots');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--max-shrink must be a share from 0 to 1');
  });

  it.each(['0', 'deep', '1.5'])('refuses a page depth of %s, naming it', async (depth) => {
    const result = await buildWithFlag('--page-depth', depth);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      `error: --page-depth must be a whole number of pages from 1, all or auto; got ${JSON.stringify(depth)}`,
    );
  });
});

// A build of the tiny sources with one flag, into a folder it must never write.
function buildWithFlag(flag: string, value: string) {
  return runCli(['build', '--sources', TINY, '--out', path.join(tmpdir(), 'never'), flag, value]);
}

describe('one build at a time', () => {
  it('fails a build while another live build holds the lock, naming it, and leaves the site', async () => {
    const { out } = await buildTempSite({ sources: TINY });
    const before = await hashTree(out);
    const lock = path.join(path.dirname(out), '.site.lock');
    await writeFile(lock, `${process.pid}\n`); // this test's own process: alive
    const result = await runCli(['build', '--sources', TINY, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `error: another build (process ${process.pid}) is writing ${out}; wait for it to end, or stop it (its lock is ${lock})`,
    );
    expect(await hashTree(out)).toEqual(before);
  });

  it('takes over the lock of a build that was killed, and removes it when done', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ds-lock-'));
    await mkdir(root, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
    const lock = path.join(root, '.site.lock');
    await writeFile(lock, `${dead}\n`);
    const result = await runCli(['build', '--sources', TINY, '--out', path.join(root, 'site')]);
    expect(result.code).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });
});

describe("the changes feed's state", () => {
  const STATE = '.dataset-site/changes.json';

  it.each([
    [
      'cut off',
      async (out: string) =>
        writeFile(path.join(out, STATE), (await readFile(path.join(out, STATE), 'utf8')).slice(0, 40)),
      /is not JSON/,
    ],
    [
      'of another shape',
      async (out: string) => writeFile(path.join(out, STATE), JSON.stringify({ version: 2, builds: 'none' })),
      /does not hold the feed's state \(builds: /,
    ],
    [
      'of a newer version',
      async (out: string) => writeFile(path.join(out, STATE), JSON.stringify({ version: 3 })),
      /is of version 3, written by a newer dataset-site/,
    ],
    [
      'missing a file of digests',
      async (out: string) => rm(path.join(out, '.dataset-site/changes/exhibitors'), { recursive: true }),
      /says its digests of exhibitors are one file in \.dataset-site\/changes\/exhibitors\/, which are missing or damaged/,
    ],
  ])('stops a build when %s, in one line saying what to do, and leaves the site', async (_, damage, why) => {
    const { out } = await buildTempSite({ sources: TINY });
    await damage(out);
    const before = await hashTree(out);
    const result = await runCli(['build', '--sources', TINY, '--out', out]);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^error: the changes feed's state \\.dataset-site/changes\\.json in ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `,
      ),
    );
    expect(lines[0]).toMatch(why);
    expect(lines[0]).toMatch(
      /; nothing was written\. Restore \.dataset-site\/ from the build before .*, or delete \.dataset-site\/changes\.json to start the feed anew/,
    );
    expect(await hashTree(out)).toEqual(before);
  });

  it.each([
    ['deleted', (out: string) => rm(path.join(out, STATE))],
    [
      'written by an earlier version',
      (out: string) => writeFile(path.join(out, STATE), JSON.stringify({ version: 1, builds: [], digests: {} })),
    ],
  ])('starts the feed anew with a baseline when %s', async (_, change) => {
    const { out } = await buildTempSite({ sources: TINY });
    await change(out);
    expect((await runCli(['build', '--sources', TINY, '--out', out])).code).toBe(0);
    const index = JSON.parse(await readFile(path.join(out, 'api/public/changes/index.json'), 'utf8')) as {
      builds: { baseline: boolean }[];
    };
    expect(index.builds.at(-1)!.baseline).toBe(true);
  });
});

describe('the build manifest', () => {
  const MANIFEST = '.dataset-site/manifest.json';

  it.each([
    ['cut off', (out: string) => writeFile(path.join(out, MANIFEST), '{"version":5,"sha'), /is not JSON \(/],
    [
      'of a later version',
      (out: string) => writeFile(path.join(out, MANIFEST), JSON.stringify({ version: 99, shards: 1 })),
      /is of version 99, written by a later/,
    ],
    [
      'missing a file of entries',
      (out: string) => rm(path.join(out, '.dataset-site/manifest/0.json.gz')),
      /has a file of entries missing or damaged/,
    ],
    [
      'holding a file of entries that is not gzip',
      (out: string) => writeFile(path.join(out, '.dataset-site/manifest/0.json.gz'), '{"entries":[]}'),
      /has a file of entries missing or damaged/,
    ],
  ])(
    'when %s, is named in one warning, written anew with every document, and leaves the feed as it was',
    async (_, damage, why) => {
      const { out } = await buildTempSite({ sources: TINY });
      const builds = async () =>
        (JSON.parse(await readFile(path.join(out, 'api/public/changes/index.json'), 'utf8')) as { builds: unknown[] })
          .builds;
      const feed = await builds();
      await damage(out);
      const result = await runCli(['build', '--sources', TINY, '--out', out]);
      expect(result.code).toBe(0);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^${path.relative(process.cwd(), path.join(out, MANIFEST)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: warning: the build manifest `,
        ),
      );
      expect(lines[0]).toMatch(why);
      expect(lines[0]).toMatch(/, so every document was written anew, each with this build's generated_at/);
      expect(await builds()).toEqual(feed);
      const again = await runCli(['build', '--sources', TINY, '--out', out]);
      expect([again.code, again.stderr]).toEqual([0, '']);
      expect((await runCli(['verify', '--dir', out])).code).toBe(0);
    },
  );
});
