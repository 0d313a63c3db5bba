/** Per-set results: medians over runs, the JSON results file and the terminal table. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TailCost } from './query-tail.js';
import type { IndexReads } from './index-reads.js';
import type { RouterMemory } from './router-memory.js';
import type { WorkerMemory } from './worker-memory.js';
import type { SearchCost } from './search.js';
import type { BenchSet } from './sets.js';

/** The cost of one timed step, without its output. */
export interface StepCost {
  wall: number;
  cpu: number;
  peakRss: number;
}

/** One run of a set: cold build, no-change rebuild, one-record rebuild, floor, search. */
export interface RunResult {
  build: StepCost;
  /** A full `verify` of the cold build's site. */
  verify: StepCost;
  /** `verify --changed` after the one-record rebuild, and the entity documents and pages it read. */
  verifyChanged: StepCost & { read: number };
  rebuild: StepCost & { changedDocuments: number; identical: boolean };
  /** A rebuild after one exhibitor's name changed, and the documents it wrote or removed. */
  /** With the seconds of each stage the build printed (`time per stage: …`). */
  oneChange: StepCost & {
    documentsWritten: number;
    written?: { files: number; bytes: number; stateBytes: number };
    stages: Record<string, number>;
  };
  /** One process writing every file (bench/floor.ts). */
  floor: StepCost & { serializeMs: number; writeMs: number };
  /** Two processes, each writing every other block of files: the floor on both cores. */
  floor2: StepCost;
  search: Record<string, SearchCost>;
}

/** Everything measured for one set; `median` holds the medians over `runs`. */
export interface SetResult {
  set: BenchSet;
  commit: string;
  sources: { files: number; bytes: number };
  output: { files: number; bytes: number; byPrefix: Record<string, { files: number; bytes: number }> };
  runs: RunResult[];
  median: RunResult;
  derived: {
    outputOverSource: number;
    filesPerSecond: number;
    megabytesPerSecond: number;
    buildOverFloor: number;
    buildOverFloor2: number;
  };
  /** The tail of `q` (issue 22), measured once over the first run's site. */
  tail?: TailCost;
  /** The index documents a first answer to each query of that tail reads (index-reads.ts), once. */
  indexReads?: IndexReads;
  /** The router's memory answering that tail 8 at a time (router-memory.ts), once. */
  routerMemory?: RouterMemory;
  /** The Worker over R2 under wrangler dev answering it (worker-memory.ts), once, for the sets of `--worker-sets`. */
  workerMemory?: WorkerMemory;
}

/** The median of numbers (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Field-wise median of runs of the same shape (booleans: all true). */
export function medianRun<T>(runs: readonly T[]): T {
  const first = runs[0] as unknown;
  if (typeof first === 'number') return median(runs as unknown as number[]) as T;
  if (typeof first === 'boolean') return runs.every(Boolean) as T;
  if (typeof first === 'string') return first as T; // a label, the same in every run
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(first as object))
    out[key] = medianRun(runs.map((run) => (run as Record<string, unknown>)[key]));
  return out as T;
}

/** Adds the sets to `bench/results/<date>[-tag].json`, keeping other sets already there; returns the path. */
export function saveResults(root: string, results: readonly SetResult[], tag?: string): string {
  const date = new Date().toISOString().slice(0, 10);
  const file = path.join(root, 'bench', 'results', `${date}${tag ? `-${tag}` : ''}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  const previous = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { sets?: Record<string, SetResult> })
    : {};
  const sets = { ...previous.sets, ...Object.fromEntries(results.map((result) => [result.set.name, result])) };
  const machine = { node: process.version, platform: `${process.platform}-${process.arch}` };
  writeFileSync(file, `${JSON.stringify({ date, machine, sets }, null, 2)}\n`);
  return file;
}

/** The short terminal table: one line per set for the build, one for search. */
export function formatTable(results: readonly SetResult[]): string {
  const build = [
    [
      'set',
      'wall s',
      'cpu s',
      'rss MiB',
      'files',
      'MB',
      'out/src',
      'files/s',
      'MB/s',
      'rebuild s',
      '1-change s',
      '1-change/cold',
      '1-change/cold cpu',
      'docs written',
      '1-change MB written',
      'floor s',
      'build/floor',
      'floor×2 s',
      'build/floor×2',
    ],
  ];
  const verify = [
    [
      'set',
      'verify s',
      'verify cpu s',
      'verify/build cpu',
      'rss MiB',
      '--changed s',
      '--changed cpu s',
      'read',
      '--changed/verify cpu',
    ],
  ];
  const search = [
    [
      'set',
      'kind',
      'raw MB',
      'gzip MB',
      'shards',
      'cold read kB gz',
      'max kB gz',
      'cold ms',
      'cold p95',
      'q med ms',
      'q p95 ms',
      'co ms',
      'hostile worst ms',
      'worst/co',
    ],
  ];
  for (const { set, median: m, output, derived } of results) {
    build.push([
      set.name,
      fixed(m.build.wall),
      fixed(m.build.cpu),
      fixed(m.build.peakRss / 2 ** 20, 0),
      String(output.files),
      fixed(output.bytes / 1e6),
      fixed(derived.outputOverSource),
      fixed(derived.filesPerSecond, 0),
      fixed(derived.megabytesPerSecond),
      fixed(m.rebuild.wall),
      fixed(m.oneChange.wall),
      fixed(m.oneChange.wall / m.build.wall, 2),
      fixed(m.oneChange.cpu / m.build.cpu, 2),
      String(m.oneChange.documentsWritten),
      m.oneChange.written ? fixed(m.oneChange.written.bytes / 1e6, 2) : '',
      fixed(m.floor.wall),
      fixed(derived.buildOverFloor, 2),
      fixed(m.floor2.wall),
      fixed(derived.buildOverFloor2, 2),
    ]);
    verify.push([
      set.name,
      fixed(m.verify.wall),
      fixed(m.verify.cpu),
      fixed(m.verify.cpu / m.build.cpu, 2),
      fixed(m.verify.peakRss / 2 ** 20, 0),
      fixed(m.verifyChanged.wall),
      fixed(m.verifyChanged.cpu),
      String(m.verifyChanged.read),
      fixed(m.verifyChanged.cpu / m.verify.cpu, 2),
    ]);
    for (const [kind, cost] of Object.entries(m.search)) {
      search.push([
        set.name,
        kind,
        fixed(cost.rawBytes / 1e6, 2),
        fixed(cost.gzipBytes / 1e6, 2),
        String(cost.shards),
        fixed(cost.coldReadMedianGzipBytes / 1e3),
        fixed(cost.coldReadMaxGzipBytes / 1e3),
        fixed(cost.coldMedianMs),
        fixed(cost.coldP95Ms),
        fixed(cost.qMedianMs, 2),
        fixed(cost.qP95Ms, 2),
        fixed(cost.commonTermMedianMs, 2),
        fixed(cost.hostileWorstMs, 2),
        fixed(cost.hostileWorstMs / cost.commonTermMedianMs, 2),
      ]);
    }
  }
  const tail = [
    [
      'set',
      'ordinary',
      'common',
      'text',
      'warm med ms',
      'warm worst',
      '/med',
      'unkept med ms',
      'unkept worst',
      '/med',
      'search med ms',
      'search worst',
      '/med',
      'cold med ms',
      'cold worst',
      '/med',
      'gz med kB',
      'gz worst kB',
      'index med kB',
      'index med docs',
      'index worst kB',
      'index worst docs/kind',
      '/listing warm',
      '/listing cold',
      'router live MiB',
      'kept MiB',
      'isolate peak MiB',
      'workerd +MiB',
      'replay +MiB',
      'R2 reads max',
    ],
  ];
  for (const { set, tail: t, indexReads, routerMemory, workerMemory } of results) {
    if (!t) continue;
    tail.push([
      set.name,
      String(t.queries.ordinary),
      String(t.queries.common),
      String(t.queries.text),
      ...[t.warm, t.unkept, t.search, t.cold].flatMap((cost) => [
        fixed(cost.ordinaryMedian, 2),
        fixed(cost.worst.value, 2),
        fixed(cost.ratio, 1),
      ]),
      fixed(t.gzip.ordinaryMedian / 1e3),
      fixed(t.gzip.worst.value / 1e3),
      indexReads ? fixed(indexReads.medianKB) : '',
      indexReads ? String(indexReads.medianDocuments) : '',
      indexReads ? fixed(indexReads.worstKB.value) : '',
      indexReads ? fixed(indexReads.worstDocumentsPerKind.value) : '',
      fixed(t.overListing.warm.value, 2),
      fixed(t.overListing.cold.value, 2),
      routerMemory ? fixed(routerMemory.liveGrowthMiB) : '',
      routerMemory ? fixed(routerMemory.keptMiB) : '',
      workerMemory ? fixed(workerMemory.isolatePeakMiB) : '',
      workerMemory ? fixed(workerMemory.growthMiB) : '',
      workerMemory?.replayGrowthMiB !== undefined ? fixed(workerMemory.replayGrowthMiB) : '',
      workerMemory?.readsPerRequest !== undefined ? String(workerMemory.readsPerRequest.max) : '',
    ]);
  }
  return `${align(build)}\n\n${align(verify)}\n\n${align(search)}\n\n${align(tail)}`;
}

function fixed(value: number, digits = 1): string {
  return value.toFixed(digits);
}

function align(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}
