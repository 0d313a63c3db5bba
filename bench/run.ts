/**
 * `npm run bench`: builds each set with the compiled CLI (cold, then a no-change rebuild and a
 * one-record rebuild), verifies it (in full after the cold build, `--changed` after the one-record
 * rebuild), measures the floor, the search indexes, the tail of `q` (query-tail.ts), the index documents a first answer reads (index-reads.ts), the router's memory over it (router-memory.ts)
 * and, for the sets of `--worker-sets`, the Worker's over R2 under wrangler dev (worker-memory.ts: filling its local bucket takes
 * minutes at M, most of an hour at L), saves `bench/results/<date>.json` and prints a table.
 *
 *   npm run bench -- [--sets S,M,L] [--runs 3] [--tag before] [--worker-sets S,M]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatTable, medianRun, saveResults, type RunResult, type SetResult, type StepCost } from './report.js';
import { measureTail, type TailCost } from './query-tail.js';
import { measureIndexReads, summarizeIndexReads, type IndexReads } from './index-reads.js';
import type { RouterMemory } from './router-memory.js';
import { measureWorkerMemory, type WorkerMemory } from './worker-memory.js';
import { measureSearch } from './search.js';
import { ensureSources, oneRecordChanged, setDir, SETS, type BenchSet } from './sets.js';
import { breakdown, fileIdentities, listFiles, totalBytes, writtenBetween, type SiteFile } from './site-stats.js';
import { requireGnuTime, runTimed, type Timing } from './timed.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    sets: { type: 'string', default: 'S,M,L' },
    runs: { type: 'string', default: '3' },
    tag: { type: 'string' },
    'worker-sets': { type: 'string', default: 'S,M' },
  },
});
const workerSets = new Set(values['worker-sets'].split(',').map((name) => name.trim().toUpperCase()));
const names = values.sets.split(',').map((name) => name.trim().toUpperCase());
const sets = names.map((name) => SETS.find((set) => set.name === name) ?? usage(`unknown set ${name}`));
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) usage('--runs must be a whole number ≥ 1');
requireGnuTime();

const log = (line: string) => process.stderr.write(`${line}\n`);
const commit = spawnSync('git', ['describe', '--always', '--dirty'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const results: SetResult[] = [];
for (const set of sets) results.push(await benchSet(set));
const file = saveResults(root, results, values.tag);
console.log(`${formatTable(results)}\n\nresults: ${path.relative(root, file)}`);

async function benchSet(set: BenchSet): Promise<SetResult> {
  const sources = ensureSources(root, set, log);
  const dir = setDir(root, set);
  const site = path.join(dir, 'site');
  const sourceFiles = listFiles(sources);
  const changedSources = oneRecordChanged(sources, dir);
  const build = ['lib/cli.js', 'build', '--sources', sources, '--out', site];
  const results: RunResult[] = [];
  let output: SiteFile[] = [];
  let tail: TailCost | undefined;
  let indexReads: IndexReads | undefined;
  let routerMemory: RouterMemory | undefined;
  let workerMemory: WorkerMemory | undefined;
  for (let run = 1; run <= runs; run++) {
    const step = (what: string) => `[${set.name}] run ${run}/${runs}: ${what}`;
    rmSync(site, { recursive: true, force: true });
    const cold = await timed(step('build'), 'node', build);
    const verify = await timed(step('verify'), 'node', ['lib/cli.js', 'verify', '--dir', site]);
    output = listFiles(site);
    const again = await timed(step('no-change rebuild'), 'node', build);
    const rebuilt = listFiles(site);
    const changedDocuments = Number(/(\d+) documents changed/.exec(again.stdout)?.[1] ?? NaN);
    const identities = fileIdentities(site);
    const oneChange = await timed(step('one-record rebuild'), 'node', [
      'lib/cli.js',
      'build',
      '--sources',
      changedSources,
      '--out',
      site,
    ]);
    const written = writtenBetween(identities, fileIdentities(site));
    log(
      `${step('one-record rebuild')}: wrote ${written.files} files, ${(written.bytes / 1e6).toFixed(2)} MB (state ${(written.stateBytes / 1e6).toFixed(2)} MB)`,
    );
    const rewritten = /(\d+) added, (\d+) changed, (\d+) removed/.exec(oneChange.stdout);
    const verifyChanged = await timed(step('verify --changed'), 'node', [
      'lib/cli.js',
      'verify',
      '--dir',
      site,
      '--changed',
    ]);
    const search = await measureSearch(site);
    if (run === 1) {
      tail = await measureTail(site, (line) => log(`[${set.name}] q tail: ${line}`));
      indexReads = summarizeIndexReads(await measureIndexReads(site));
      routerMemory = measureRouterMemoryApart(site);
      if (workerSets.has(set.name))
        workerMemory = await measureWorkerMemory(site, (line) => log(`[${set.name}] Worker: ${line}`));
    }
    const { list, pool } = floorInputs(dir, site, output);
    rmSync(site, { recursive: true, force: true }); // the floor needs the disk space
    const floorDir = path.join(dir, 'floor');
    rmSync(floorDir, { recursive: true, force: true });
    const floor = await timed(step('floor'), 'node', ['--import', 'tsx', 'bench/floor.ts', list, pool, floorDir]);
    rmSync(floorDir, { recursive: true, force: true });
    const floor2 = await timedShards(step('floor, 2 processes'), 2, (shard) => [
      '--import',
      'tsx',
      'bench/floor.ts',
      list,
      pool,
      floorDir,
      String(shard),
      '2',
    ]);
    rmSync(floorDir, { recursive: true, force: true });
    const split = JSON.parse(floor.stdout) as { serializeMs: number; writeMs: number };
    results.push({
      build: cost(cold),
      verify: cost(verify),
      verifyChanged: {
        ...cost(verifyChanged),
        read: Number(/\((\d+) entity documents and pages read\)/.exec(verifyChanged.stdout)?.[1] ?? NaN),
      },
      rebuild: { ...cost(again), changedDocuments, identical: changedDocuments === 0 && sameFiles(output, rebuilt) },
      oneChange: {
        ...cost(oneChange),
        documentsWritten: rewritten ? Number(rewritten[1]) + Number(rewritten[2]) + Number(rewritten[3]) : NaN,
        written,
        stages: stageSeconds(oneChange.stdout),
      },
      floor: { ...cost(floor), serializeMs: split.serializeMs, writeMs: split.writeMs },
      floor2,
      search,
    });
  }
  const median = medianRun(results);
  const bytes = totalBytes(output);
  return {
    set,
    commit,
    sources: { files: sourceFiles.length, bytes: totalBytes(sourceFiles) },
    output: { files: output.length, bytes, byPrefix: breakdown(output) },
    runs: results,
    median,
    tail,
    indexReads,
    routerMemory,
    workerMemory,
    derived: {
      outputOverSource: bytes / totalBytes(sourceFiles),
      filesPerSecond: output.length / median.build.wall,
      megabytesPerSecond: bytes / 1e6 / median.build.wall,
      buildOverFloor: median.build.wall / median.floor.wall,
      buildOverFloor2: median.build.wall / median.floor2.wall,
    },
  };
}

// The router's memory over the q tail, in a process of its own that can force collections (router-memory.ts).
function measureRouterMemoryApart(site: string): RouterMemory {
  const child = spawnSync('node', ['--expose-gc', '--import', 'tsx', 'bench/router-memory.ts', site], {
    cwd: root,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`router-memory.ts failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as RouterMemory;
}

async function timed(label: string, command: string, args: string[]): Promise<Timing> {
  spawnSync('sync'); // start each step with no dirty pages left over from the previous one
  log(`${label}…`);
  const timing = await runTimed(command, args);
  log(
    `${label}: ${timing.wall.toFixed(1)} s wall, ${timing.cpu.toFixed(1)} s CPU, ${(timing.peakRss / 2 ** 20).toFixed(0)} MiB peak RSS`,
  );
  return timing;
}

// `count` processes at once (one per core, like the build's writer threads): wall time of
// the whole, CPU time and peak RSS summed.
async function timedShards(label: string, count: number, argsOf: (shard: number) => string[]): Promise<StepCost> {
  spawnSync('sync');
  log(`${label}…`);
  const started = performance.now();
  const timings = await Promise.all(Array.from({ length: count }, (_, shard) => runTimed('node', argsOf(shard))));
  const wall = (performance.now() - started) / 1000;
  const cpu = timings.reduce((sum, timing) => sum + timing.cpu, 0);
  const peakRss = timings.reduce((sum, timing) => sum + timing.peakRss, 0);
  log(`${label}: ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU, ${(peakRss / 2 ** 20).toFixed(0)} MiB peak RSS`);
  return { wall, cpu, peakRss };
}

// The floor replays the site's file list with a pool of the site's own entities.
function floorInputs(dir: string, site: string, files: readonly SiteFile[]): { list: string; pool: string } {
  const list = path.join(dir, 'floor-files.json');
  const pool = path.join(dir, 'floor-pool.json');
  writeFileSync(list, JSON.stringify(files.map((file) => [file.path, file.size])));
  const entities = files.filter((file) =>
    /^api\/public\/(exhibitions|exhibitors|service_providers)\/[^/]+\.json$/.test(file.path),
  );
  const sample = entities.filter((_, i) => i % Math.max(1, Math.floor(entities.length / 300)) === 0);
  writeFileSync(pool, `[${sample.map((file) => readFileSync(path.join(site, file.path), 'utf8')).join(',')}]`);
  return { list, pool };
}

function sameFiles(a: readonly SiteFile[], b: readonly SiteFile[]): boolean {
  return a.length === b.length && a.every((file, i) => file.path === b[i]!.path && file.size === b[i]!.size);
}

function cost(timing: Timing): { wall: number; cpu: number; peakRss: number } {
  return { wall: timing.wall, cpu: timing.cpu, peakRss: timing.peakRss };
}

function usage(message: string): never {
  console.error(`${message}\nusage: npm run bench -- [--sets S,M,L] [--runs 3] [--tag name]`);
  process.exit(2);
}

// The seconds of each stage from the build's `time per stage: load 0.4 s, validate 0.5 s, …` line.
function stageSeconds(stdout: string): Record<string, number> {
  const line = /time per stage: (.*)/.exec(stdout)?.[1] ?? '';
  return Object.fromEntries(
    [...line.matchAll(/(\w+) ([\d.]+) s/g)].map(([, stage, seconds]) => [stage!, Number(seconds)]),
  );
}
