/**
 * The Worker over R2 under `wrangler dev` (workerd, local and offline) answering the `q`
 * queries of tail-queries.ts, 8 at a time, three passes: the Worker isolate's own memory (its
 * V8 heap and array buffers, read through the inspector: what must stay under a Worker
 * isolate's 128 MB, issue 22), workerd's resident memory (which holds the local R2 and Cache
 * API too), and the time per request. The bucket holds what `q` answers read: the search index, the entities
 * and the root documents (not the listing pages and the dumps, which no `q` reads).
 *
 * Then the same bucket under a *replay* Worker (worker-replay.ts) that holds no router: for
 * each request it reads from R2 what a router read for it and puts an answer of the same size
 * and headers into the Cache API. Its workerd growth is what the local R2 and Cache API cost
 * for this traffic; the difference from the router's is what the router's isolate adds.
 *
 *   node --import tsx bench/worker-memory.ts SITE      (after npm run compile)
 *   WORKER_BENCH_STATE=DIR node --import tsx bench/worker-memory.ts SITE   (fill DIR's bucket once, use it again)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { R2_COMPATIBILITY_DATE, wranglerToml, initDeploy } from '../lib/hosts/index.js';
import { createRouter } from '../lib/query/router/index.js';
import { fileStore } from '../lib/serve/index.js';
import { quantile } from './search.js';
import { tailQueries } from './tail-queries.js';
import { replayPlans, REPLAY_WORKER, type ReplayPlan } from './worker-replay.js';
import { freePort } from '../test/helpers/ports.js';
import { fillBucket } from '../test/helpers/r2-bucket.js';

/** What the Worker's memory and time came to. */
export interface WorkerMemory {
  files: number;
  queries: number;
  /** The isolate's V8 heap in use and its array buffers, before the first query. */
  isolateIdleMiB: number;
  /**
   * Their peak, sampled after every answer (garbage not collected yet included: workerd's
   * inspector does not answer a request for a collection, so what is alive is at most this).
   */
  isolatePeakMiB: number;
  /** workerd's resident memory: the isolate, and the local R2 and Cache API beside it. */
  idleMiB: number;
  peakMiB: number;
  growthMiB: number;
  /** workerd's growth under the replay Worker (worker-replay.ts): the local R2 and Cache API's share of {@link growthMiB}. */
  replayGrowthMiB: number;
  /**
   * Documents a router read per request (in the replay's recording): each is an R2 operation,
   * which Cloudflare counts among a Worker request's subrequests (50 on Workers Free).
   */
  readsPerRequest: { median: number; max: number };
  failed: number;
  requestMedianMs: number;
  requestP95Ms: number;
}

const PASSES = 3;
/** Written into the state folder once its bucket is filled. */
const FILLED = 'filled-from';
const PARALLEL = 8;
/** A request not answered in this long counts as failed (a Worker request in production is cut far sooner). */
const REQUEST_TIMEOUT_MS = 120_000;

/** Fills a bucket with `siteDir`'s documents `q` reads, runs the Worker over it and measures it, then the replay Worker. */
export async function measureWorkerMemory(
  siteDir: string,
  log: (line: string) => void = () => {},
): Promise<WorkerMemory> {
  const queries = await tailQueries(createRouter({ store: fileStore(siteDir) }));
  // Each pass spells its URLs anew, so that the Cache API has not seen them and the isolate answers every one.
  const urls = Array.from({ length: PASSES }, (_, pass) =>
    queries.map((query) => `/api/public/dataset?${spelledAnew(query.query, pass)}`),
  );
  const work = await mkdtemp(path.join(tmpdir(), 'ds-r2-bench-'));
  // A bucket filled before (WORKER_BENCH_STATE, for the same site) is used again: filling L's takes about 25 minutes.
  const kept = process.env.WORKER_BENCH_STATE;
  const state = kept ?? path.join(work, 'state');
  const files = await fg(['**/*', '!api/public/dataset/**', '!api/public/dumps/**'], {
    cwd: siteDir,
    dot: true,
    onlyFiles: true,
  });
  if (kept !== undefined && existsSync(path.join(state, FILLED))) log(`the bucket of ${state}, filled before`);
  else {
    log(`filling the bucket with ${files.length} files`);
    await fillBucket(siteDir, path.join(state, 'v3', 'r2'), files);
    await writeFile(path.join(state, FILLED), `${siteDir}\n`);
  }
  await initDeploy({ dir: path.join(work, 'r2-worker') });
  const worker = await runWorker(
    work,
    path.join(work, 'r2-worker', 'wrangler.toml'),
    state,
    urls,
    (url) => ({ url }),
    log,
  );

  log('recording what a router reads for each request, for the replay Worker');
  const plans = await replayPlans(fileStore(siteDir), urls.flat());
  const byUrl = new Map(plans.map((plan) => [plan.url, plan]));
  await mkdir(path.join(work, 'replay'));
  await writeFile(path.join(work, 'replay', 'worker.js'), REPLAY_WORKER);
  await writeFile(
    path.join(work, 'replay', 'wrangler.toml'),
    wranglerToml({ name: 'replay', main: 'worker.js', bucket: 'dataset-site', prefix: '' }),
  );
  const replay = await runWorker(
    work,
    path.join(work, 'replay', 'wrangler.toml'),
    state,
    urls,
    (url) => ({ url: '/replay', body: JSON.stringify(byUrl.get(url)) }),
    (line) => log(`replay: ${line}`),
  );
  return {
    files: files.length,
    queries: queries.length,
    isolateIdleMiB: worker.isolateIdle,
    isolatePeakMiB: worker.isolatePeak,
    idleMiB: worker.idle,
    peakMiB: worker.peak,
    growthMiB: worker.peak - worker.idle,
    replayGrowthMiB: replay.peak - replay.idle,
    readsPerRequest: readCounts(plans),
    failed: worker.failed + replay.failed,
    requestMedianMs: quantile(worker.times, 0.5),
    requestP95Ms: quantile(worker.times, 0.95),
  };
}

// The median and most documents read per request, over the plans.
function readCounts(plans: readonly ReplayPlan[]): WorkerMemory['readsPerRequest'] {
  const counts = plans.map((plan) => plan.reads.length).sort((a, b) => a - b);
  return { median: quantile(counts, 0.5), max: counts[counts.length - 1] ?? 0 };
}

/** What one Worker's run came to. */
interface WorkerRun {
  isolateIdle: number;
  isolatePeak: number;
  idle: number;
  peak: number;
  failed: number;
  /** Milliseconds per request, sorted. */
  times: number[];
}

/** Runs the Worker of `config` over the bucket persisted in `state` and sends it `urls` (one list per pass), each as `request` makes it, {@link PARALLEL} at a time. */
async function runWorker(
  work: string,
  config: string,
  state: string,
  urls: string[][],
  request: (url: string) => { url: string; body?: string },
  log: (line: string) => void,
): Promise<WorkerRun> {
  const { base, pid, isolate, stop } = await startWranglerDev(work, config, state);
  try {
    const run: WorkerRun = {
      isolateIdle: await isolate.mib(),
      isolatePeak: 0,
      idle: workerdRss(pid),
      peak: 0,
      failed: 0,
      times: [],
    };
    run.isolatePeak = run.isolateIdle;
    run.peak = run.idle;
    for (const [pass, passUrls] of urls.entries()) {
      let next = 0;
      await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          while (next < passUrls.length) {
            const asked = passUrls[next++]!;
            const { url, body } = request(asked);
            const before = performance.now();
            const failure = await fetch(base + url, {
              method: body === undefined ? 'GET' : 'POST',
              body,
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            }).then(
              async (response) =>
                response.status === 200
                  ? (await response.text(), undefined)
                  : `${response.status}: ${(await response.text()).slice(0, 300)}`,
              (error: Error) => error.message,
            );
            run.times.push(performance.now() - before);
            if (failure !== undefined) {
              run.failed++;
              if (run.failed <= 3) log(`${asked} failed: ${failure}`);
            }
            run.peak = Math.max(run.peak, workerdRss(pid));
            run.isolatePeak = Math.max(run.isolatePeak, await isolate.mib());
          }
        }),
      );
      log(
        `pass ${pass + 1}: isolate peak ${run.isolatePeak.toFixed(1)} MiB (idle ${run.isolateIdle.toFixed(1)}); workerd ${run.peak.toFixed(0)} MiB (idle ${run.idle.toFixed(0)})`,
      );
    }
    run.times.sort((a, b) => a - b);
    return run;
  } finally {
    await stop();
  }
}

/** A Worker under `wrangler dev`: its URL, wrangler's process id, the isolate's memory, and how to stop it. */
export interface WranglerDev {
  base: string;
  pid: number;
  isolate: { mib(): Promise<number> };
  stop(): Promise<void>;
}

/** Starts the Worker of `config` under `wrangler dev` on 127.0.0.1 over the R2 bucket persisted in `state`, the Cache API empty; `work` holds wrangler's logs. */
export async function startWranglerDev(work: string, config: string, state: string): Promise<WranglerDev> {
  // The Cache API starts empty: answers a run before put there must not be served.
  await rm(path.join(state, 'v3', 'cache'), { recursive: true, force: true });
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const wrangler = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');
  const args = ['dev', '--config', config, '--persist-to', state, '--ip', '127.0.0.1', '--port', String(port)];
  args.push('--inspector-port', String(inspectorPort));
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: work, XDG_CONFIG_HOME: work };
  const child = spawn(process.execPath, [wrangler, ...args, '--compatibility-date', R2_COMPATIBILITY_DATE], {
    cwd: work,
    env,
    detached: true,
    stdio: 'ignore',
  });
  const stop = async () => {
    process.kill(-child.pid!, 'SIGTERM');
    if (child.exitCode === null && child.signalCode === null)
      await new Promise((resolve) => child.once('exit', resolve));
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(base);
    const isolate = await isolateInspector(inspectorPort);
    return {
      base,
      pid: child.pid!,
      isolate,
      stop: async () => {
        isolate.close();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Resident MiB of the workerd processes under `pid` (wrangler runs workerd as a child). */
export function workerdRss(pid: number): number {
  const ps = spawnSync('ps', ['-eo', 'pid,ppid,rss,comm'], { encoding: 'utf8' }).stdout.trim().split('\n').slice(1);
  const rows = ps
    .map((line) => line.trim().split(/\s+/))
    .map(([p, pp, rss, comm]) => ({ pid: Number(p), ppid: Number(pp), rss: Number(rss), comm: comm! }));
  const under = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) if (under.has(row.ppid) && !under.has(row.pid)) (under.add(row.pid), (grew = true));
  }
  return (
    rows.filter((row) => under.has(row.pid) && row.comm.startsWith('workerd')).reduce((sum, row) => sum + row.rss, 0) /
    1024
  );
}

/** The part of a `ws` WebSocket the inspector's client uses. */
interface InspectorSocket {
  once(event: 'open' | 'error', listener: (error?: Error) => void): InspectorSocket;
  on(event: 'message', listener: (data: unknown) => void): void;
  send(text: string): void;
  close(): void;
}

/**
 * The Worker isolate's memory through wrangler's inspector (DevTools protocol over a WebSocket,
 * `ws` as miniflare has it; the inspector's proxy takes only a local `Origin`): its V8 heap in
 * use and its array buffers' bytes, in MiB.
 */
async function isolateInspector(port: number): Promise<{ mib(): Promise<number>; close(): void }> {
  const WebSocket = createRequire(createRequire(import.meta.url).resolve('miniflare'))('ws') as new (
    url: string,
    options: { headers: Record<string, string> },
  ) => InspectorSocket;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Origin: 'http://127.0.0.1' } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const waiting = new Map<number, (result: Record<string, number>) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: Record<string, number> };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? {});
  });
  let id = 0;
  const call = (method: string) =>
    new Promise<Record<string, number>>((resolve) => {
      waiting.set(++id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  // The inspector answers the runtime's calls only once its domain is enabled.
  await call('Runtime.enable');
  return {
    async mib() {
      const usage = await call('Runtime.getHeapUsage');
      return (usage.usedSize! + (usage.backingStorageSize ?? 0)) / 2 ** 20;
    },
    close: () => socket.close(),
  };
}

async function waitUntilUp(url: string): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    try {
      await fetch(url);
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the Worker did not answer ${url}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = process.argv[2];
  if (!site) throw new Error('usage: node --import tsx bench/worker-memory.ts SITE');
  console.log(JSON.stringify(await measureWorkerMemory(site, (line) => process.stderr.write(`${line}\n`)), null, 2));
}

/**
 * A query string with its first `count` letters and digits percent-encoded (escapes left as they
 * are): another URL to the Cache API, the same parameters to the router, which refuses one it
 * does not know (a `pass=N` would be a 400).
 */
export function spelledAnew(query: string, count: number): string {
  let left = count;
  return query.replace(/%[0-9A-Fa-f]{2}|[A-Za-z0-9]/g, (match) =>
    match.length === 1 && left-- > 0 ? `%${match.charCodeAt(0).toString(16).toUpperCase()}` : match,
  );
}
