/**
 * `npm run bench:cycle`: the scheduled job (.github/workflows/rebuild.yml) as a hosted
 * runner runs it, step by step, at a set's size: a fresh clone, `npm ci` with a warm npm
 * cache, the compile, the previous build's state restored as the workflow restores it
 * (its `.dataset-site/` and dumps, a zstd tarball as actions/cache makes), the partial
 * build with one changed record (`build --partial`: the entity documents and pages that
 * changed and the rest of the site), `verify --changed`, `publish` to a local
 * S3-compatible server (s3rver) that already holds the previous publish, and the state
 * saved; then the same again with nothing changed.
 * Each step: wall and CPU time, peak memory; the job: peak disk (sampled from the file
 * system), objects and bytes published. Saves `bench/results/<date>-cycle[-tag].json`, keeping
 * the sets measured there before. With `--disk 14` the runner's folder is a file system of
 * its own with 14 GB free, as a hosted runner has (root only): the job must fit it, and its
 * peak disk is measured where nothing else writes.
 *
 *   npm run bench:cycle -- [--sets M,L] [--tag name] [--disk GB]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { S3_CREDENTIALS, startLocalS3 } from '../test/helpers/s3.js';
import { freeBytes, runnerDisk, type RunnerDisk } from './runner-disk.js';
import { ensureSources, oneRecordChanged, setDir, SETS, type BenchSet } from './sets.js';
import { requireGnuTime, runTimed, type Timing } from './timed.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { sets: { type: 'string', default: 'M' }, tag: { type: 'string' }, disk: { type: 'string' } },
});
const sets = values.sets
  .split(',')
  .map((name) => SETS.find((set) => set.name === name.trim().toUpperCase()) ?? usage(`unknown set ${name}`));
requireGnuTime();
const diskBytes = values.disk === undefined ? undefined : Number(values.disk) * 1e9;
if (diskBytes !== undefined && !(diskBytes > 0)) usage(`--disk takes a size in GB, not ${values.disk}`);
const BASE_URL = 'https://data.example.com';
// What rebuild.yml keeps between runs, under dist/: the build's own files and the dumps the record cache reads.
const STATE_PATHS = '.dataset-site api/public/dumps';
const log = (line: string) => process.stderr.write(`${line}\n`);

/** One step of the job. */
interface Step {
  step: string;
  wall: number;
  cpu: number;
  peakRss: number;
}

/** One run of the job: its steps, its peak disk, what it published. */
interface JobRun {
  change: 'one record' | 'none';
  steps: Step[];
  wall: number;
  cpu: number;
  peakDiskBytes: number;
  /** The free bytes of the runner's own file system (--disk), when it had one. */
  diskFreeBytes?: number;
  stateArchiveBytes: number;
  published: { uploaded: number; deleted: number; megabytes: number };
  verified: string;
}

const results: Record<string, JobRun[]> = {};
const file = path.join(
  root,
  'bench',
  'results',
  `${new Date().toISOString().slice(0, 10)}-cycle${values.tag ? `-${values.tag}` : ''}.json`,
);
mkdirSync(path.dirname(file), { recursive: true });
for (const set of sets) {
  results[set.name] = await cycle(set);
  // Saved after each set, so that a later set's failure loses nothing; sets measured before on the same day keep their figures.
  const before = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { sets?: Record<string, JobRun[]> }).sets
    : {};
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, sets: { ...before, [set.name]: results[set.name] } }, null, 2)}\n`,
  );
}
console.log(table(results));
console.log(`\nresults: ${path.relative(root, file)}`);

async function cycle(set: BenchSet): Promise<JobRun[]> {
  const sources = ensureSources(root, set, log);
  const dir = setDir(root, set);
  const changed = oneRecordChanged(sources, dir);
  const work = path.join(dir, 'cycle');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const s3 = await startLocalS3();
  const env = {
    ...process.env,
    AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    CI: 'true',
  };
  try {
    const bucket = await s3.createBucket();
    const publish = [
      'lib/cli.js',
      'publish',
      '--dir',
      'dist',
      '--endpoint',
      s3.endpoint,
      '--bucket',
      bucket,
      '--force-path-style',
    ];
    // The run before: its site published, its state archived; then its runner is gone.
    log(`[${set.name}] the previous run: build and publish the unchanged sources (not timed)`);
    const previous = path.join(work, 'previous');
    mkdirSync(previous);
    // Run without blocking this process's event loop: the local S3 server's proxy lives in it.
    await runTimed(
      'node',
      [path.join(root, 'lib/cli.js'), 'build', '--sources', sources, '--out', 'dist', '--base-url', BASE_URL],
      undefined,
      {
        cwd: previous,
        env,
      },
    );
    await runTimed('node', [path.join(root, 'lib/cli.js'), ...publish.slice(1)], undefined, { cwd: previous, env });
    const state = path.join(work, 'state.tar.zst');
    await runTimed('bash', ['-c', `tar -cf - -C dist ${STATE_PATHS} | zstd -q -T0 -3 -o "${state}"`], undefined, {
      cwd: previous,
      env,
    });
    rmSync(previous, { recursive: true, force: true });

    const runs: JobRun[] = [];
    for (const change of ['one record', 'none'] as const) {
      const own: RunnerDisk | undefined = diskBytes === undefined ? undefined : runnerDisk(work, diskBytes);
      try {
        const runner = own ? path.join(own.mount, 'work') : path.join(work, 'runner');
        rmSync(runner, { recursive: true, force: true });
        mkdirSync(runner);
        const repo = path.join(runner, 'repo');
        const disk = sampleDisk(own?.mount ?? root);
        const steps: Step[] = [];
        let last: Timing | undefined;
        const step = async (name: string, command: string, args: string[], cwd = repo) => {
          spawnSync('sync');
          log(`[${set.name}] ${change === 'none' ? 'no change' : 'one change'}: ${name}…`);
          last = await runTimed(command, args, undefined, { cwd, env }).catch((error: Error) => {
            if (own && (freeBytes(own.mount) < 64 * 2 ** 20 || error.message.includes('ENOSPC')))
              throw new Error(`[${set.name}] ${name} ran out of the runner's ${values.disk} GB disk\n${error.message}`);
            throw error;
          });
          log(
            `[${set.name}]   ${last.wall.toFixed(1)} s wall, ${last.cpu.toFixed(1)} s CPU, ${(last.peakRss / 2 ** 20).toFixed(0)} MiB`,
          );
          steps.push({ step: name, wall: last.wall, cpu: last.cpu, peakRss: last.peakRss });
          return last;
        };
        await step('clone', 'git', ['clone', '--quiet', '--depth', '1', `file://${root}`, repo], runner);
        await step('npm ci (warm cache)', 'npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund']);
        await step('compile', 'npm', ['run', 'compile']);
        // As rebuild.yml: the job runs only lib/, so the tools of development leave the disk to the site.
        await step('prune dev dependencies', 'npm', ['prune', '--omit=dev', '--no-audit', '--no-fund']);
        await step('restore state', 'bash', ['-c', `mkdir -p dist && zstd -d -q < "${state}" | tar -xf - -C dist`]);
        // As rebuild.yml's runs every 5 minutes with a bucket: a partial site, what publish sends.
        await step('build --partial', 'node', [
          'lib/cli.js',
          'build',
          '--sources',
          changed,
          '--out',
          'dist',
          '--base-url',
          BASE_URL,
          '--partial',
        ]);
        const verified = (
          await step('verify --changed', 'node', ['lib/cli.js', 'verify', '--dir', 'dist', '--changed'])
        ).stdout.trim();
        const published = (await step('publish', 'node', publish)).stdout;
        // The state as actions/cache stores it, once the site is out: a tarball of what the workflow keeps, compressed with zstd.
        await step('save state', 'bash', [
          '-c',
          `tar -cf - -C dist ${STATE_PATHS} | zstd -q -T0 -3 -o "${state}.new" && mv "${state}.new" "${state}"`,
        ]);
        const counts = /(\d+) uploaded, (\d+) deleted.*?; ([\d.]+) MB/.exec(published);
        const peakDiskBytes = disk.stop();
        runs.push({
          change,
          steps,
          wall: steps.reduce((sum, s) => sum + s.wall, 0),
          cpu: steps.reduce((sum, s) => sum + s.cpu, 0),
          peakDiskBytes,
          diskFreeBytes: own?.freeBytes,
          stateArchiveBytes: statSync(state).size,
          published: { uploaded: Number(counts?.[1]), deleted: Number(counts?.[2]), megabytes: Number(counts?.[3]) },
          verified,
        });
        rmSync(runner, { recursive: true, force: true });
      } finally {
        own?.close();
      }
    }
    return runs;
  } finally {
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  }
}

// The used bytes of the file system holding `dir`, sampled every 200 ms: the peak above where it stood at the start.
function sampleDisk(dir: string): { stop: () => number } {
  const used = () => {
    const stats = statfsSync(dir);
    return (stats.blocks - stats.bfree) * stats.bsize;
  };
  const start = used();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 200);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, used()) - start;
    },
  };
}

function table(all: Record<string, JobRun[]>): string {
  const lines: string[] = [];
  for (const [name, runs] of Object.entries(all)) {
    for (const job of runs) {
      lines.push(
        `${name}, change: ${job.change}: ${job.wall.toFixed(1)} s wall, ${job.cpu.toFixed(1)} s CPU in all; peak disk ${(job.peakDiskBytes / 1e9).toFixed(2)} GB${job.diskFreeBytes ? ` of ${(job.diskFreeBytes / 1e9).toFixed(2)} GB free` : ''}; state ${(job.stateArchiveBytes / 1e6).toFixed(1)} MB; published ${job.published.uploaded} objects, ${job.published.deleted} deleted, ${job.published.megabytes} MB`,
      );
      for (const step of job.steps)
        lines.push(
          `  ${step.step.padEnd(22)} ${step.wall.toFixed(1).padStart(7)} s wall ${step.cpu.toFixed(1).padStart(7)} s CPU ${(step.peakRss / 2 ** 20).toFixed(0).padStart(6)} MiB`,
        );
    }
  }
  return lines.join('\n');
}

function usage(message: string): never {
  console.error(`${message}\nusage: npm run bench:cycle -- [--sets M,L] [--tag name] [--disk GB]`);
  process.exit(2);
}
