/**
 * The Worker over R2 under `wrangler dev` (workerd, local and offline) answering the `q`
 * queries of tail-queries.ts, 8 at a time, three passes: the Worker isolate's own memory (its
 * V8 heap and array buffers, read through the inspector: what must stay under a Worker
 * isolate's 128 MB, issue 22), workerd's resident memory (which holds the local R2 and Cache
 * API too), and the time per request. The bucket holds what `q` answers read: the search index, the entities
 * and the root documents (not the listing pages and the dumps, which no `q` reads).
 *
 *   node --import tsx bench/worker-memory.ts SITE      (after npm run compile)
 */
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { R2_COMPATIBILITY_DATE } from '../lib/hosts/cloudflare-r2.js';
import { createRouter } from '../lib/query/router/router.js';
import { fileStore } from '../lib/serve/file-store.js';
import { quantile } from './search.js';
import { tailQueries } from './tail-queries.js';
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
  failed: number;
  requestMedianMs: number;
  requestP95Ms: number;
}

const PASSES = 3;
const PARALLEL = 8;

/** Fills a bucket with `siteDir`'s documents `q` reads, runs the Worker over it and measures it. */
export async function measureWorkerMemory(siteDir: string, log: (line: string) => void = () => {}): Promise<WorkerMemory> {
  const queries = await tailQueries(createRouter({ store: fileStore(siteDir) }));
  const work = await mkdtemp(path.join(tmpdir(), 'ds-r2-bench-'));
  const state = path.join(work, 'state');
  const files = await fg(['**/*', '!api/public/dataset/**', '!api/public/dumps/**'], { cwd: siteDir, dot: true, onlyFiles: true });
  log(`filling the bucket with ${files.length} files`);
  await fillBucket(siteDir, path.join(state, 'v3', 'r2'), files);
  await cp(path.join(siteDir, 'r2-worker'), path.join(work, 'r2-worker'), { recursive: true });
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const wrangler = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');
  const args = ['dev', '--config', path.join(work, 'r2-worker', 'wrangler.toml'), '--persist-to', state, '--ip', '127.0.0.1', '--port', String(port)];
  args.push('--inspector-port', String(inspectorPort));
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: work, XDG_CONFIG_HOME: work };
  const child = spawn(process.execPath, [wrangler, ...args, '--compatibility-date', R2_COMPATIBILITY_DATE], {
    cwd: work,
    env,
    detached: true,
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${base}/api/public/schema.json`);
    const isolate = await isolateInspector(inspectorPort);
    const isolateIdle = await isolate.mib();
    let isolatePeak = isolateIdle;
    const idle = workerdRss(child.pid!);
    let peak = idle;
    const times: number[] = [];
    let failed = 0;
    for (let pass = 1; pass <= PASSES; pass++) {
      let next = 0;
      await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          while (next < queries.length) {
            const query = queries[next++]!;
            // A parameter the router ignores, so that the Cache API has not seen the URL: each pass makes the isolate answer.
            const before = performance.now();
            const response = await fetch(`${base}/api/public/dataset?${query.query}&pass=${pass}`);
            const body = await response.text();
            times.push(performance.now() - before);
            if (response.status !== 200) {
              failed++;
              if (failed <= 3) log(`${response.status} for ${query.query}: ${body.slice(0, 300)}`);
            }
            peak = Math.max(peak, workerdRss(child.pid!));
            isolatePeak = Math.max(isolatePeak, await isolate.mib());
          }
        }),
      );
      log(
        `pass ${pass}: isolate peak ${isolatePeak.toFixed(1)} MiB (idle ${isolateIdle.toFixed(1)}); workerd ${peak.toFixed(0)} MiB (idle ${idle.toFixed(0)})`,
      );
    }
    isolate.close();
    times.sort((a, b) => a - b);
    return {
      files: files.length,
      queries: queries.length,
      isolateIdleMiB: isolateIdle,
      isolatePeakMiB: isolatePeak,
      idleMiB: idle,
      peakMiB: peak,
      growthMiB: peak - idle,
      failed,
      requestMedianMs: quantile(times, 0.5),
      requestP95Ms: quantile(times, 0.95),
    };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
  }
}

// Resident MiB of the workerd processes under `pid` (wrangler runs workerd as a child).
function workerdRss(pid: number): number {
  const ps = spawnSync('ps', ['-eo', 'pid,ppid,rss,comm'], { encoding: 'utf8' }).stdout.trim().split('\n').slice(1);
  const rows = ps.map((line) => line.trim().split(/\s+/)).map(([p, pp, rss, comm]) => ({ pid: Number(p), ppid: Number(pp), rss: Number(rss), comm: comm! }));
  const under = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) if (under.has(row.ppid) && !under.has(row.pid)) (under.add(row.pid), (grew = true));
  }
  return rows.filter((row) => under.has(row.pid) && row.comm.startsWith('workerd')).reduce((sum, row) => sum + row.rss, 0) / 1024;
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
      if ((await fetch(url)).ok) return;
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
