/**
 * `dataset-site serve` and the Worker over R2 under `wrangler dev` under load (a
 * benchmark, not a test): CONNECTIONS clients at once for SECONDS seconds over a mixed set
 * of requests, each client going round the set: listings (plain, filtered, deep), entity
 * documents, `q` and `text` queries (tail-queries.ts) and MCP calls (`search_dataset`,
 * `get_entity`, POST /mcp). Reports errors and non-2xx answers, p50/p99 of the time per
 * request, and the memory peak: the server process's resident memory for `serve`; the
 * Worker isolate's heap and array buffers (the 128 MiB a Worker isolate has) and
 * workerd's resident memory for the Worker.
 *
 *   npm run compile && npx tsx bench/load.ts SITE [--target serve|worker|both] [--seconds 60] [--connections 64] [--state DIR]
 *
 * SITE is a built site (M: scripts/generate.ts --exhibitions 2000 --exhibitors 50000
 * --providers 2000 --seed 42, then build). The Worker needs an R2 bucket holding the site
 * but its dumps: `--state DIR` is one wrangler persisted, filled before
 * (test/helpers/r2-bucket.ts); without it the bucket is filled first, which at M takes minutes.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { bundleText, R2_WORKER_BUNDLE } from '../lib/hosts/index.js';
import { createRouter } from '../lib/query/router/index.js';
import { fileStore } from '../lib/serve/index.js';
import { siteBucketState } from '../test/helpers/r2-bucket.js';
import { tailQueries } from './tail-queries.js';
import { startWranglerDev, workerdRss } from './worker-memory.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    target: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '64' },
    state: { type: 'string' },
  },
});
const SAMPLE_MS = 250;
const ENTITIES = 40;
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** One request of the mixed set. */
interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/** What one target came to under the load. */
interface LoadResult {
  target: string;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number | undefined>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requestsPerSecond: number;
  /** The memory sampled every 250 ms: its peak and its value before the load, in MiB. */
  memory: Record<string, { idle: number; peak: number }>;
}

/** The mixed set over the site in `dir`: the kinds of request interleaved, so that every client sends each kind. */
async function mixedRequests(dir: string): Promise<LoadRequest[]> {
  const tail = await tailQueries(createRouter({ store: fileStore(dir) }));
  const q = tail.filter((query) => query.group !== 'text').map((query) => query.query);
  const text = tail.filter((query) => query.group === 'text').map((query) => query.query);
  const ids = (await readdir(path.join(dir, 'api/public/exhibitors')))
    .filter((name) => name.endsWith('.json'))
    .slice(0, ENTITIES);
  const listings = [
    'type=exhibitor&limit=100',
    'type=exhibition&limit=50',
    'type=all&limit=20',
    'type=service_provider&limit=100',
    'type=exhibitor&limit=100&offset=20000',
    'type=exhibition&limit=100&offset=1000',
  ];
  const rpc = (id: number, name: string, args: Record<string, unknown>) =>
    JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const mcp = ids.slice(0, 10).flatMap((file, i): LoadRequest[] => [
    {
      method: 'POST',
      path: '/mcp',
      headers: MCP_HEADERS,
      body: rpc(i, 'get_entity', { kind: 'exhibitor', id: file.slice(0, -'.json'.length) }),
    },
    {
      method: 'POST',
      path: '/mcp',
      headers: MCP_HEADERS,
      body: rpc(i, 'search_dataset', {
        type: 'exhibitor',
        q: q[i % q.length]!.match(/q=([^&]*)/)?.[1] ?? 'co',
        limit: 10,
      }),
    },
  ]);
  const kinds: LoadRequest[][] = [
    listings.map((query) => ({ method: 'GET', path: `/api/public/dataset?${query}` })),
    ids.map((file) => ({ method: 'GET', path: `/api/public/exhibitors/${file}` })),
    q.map((query) => ({ method: 'GET', path: `/api/public/dataset?${query}` })),
    text.map((query) => ({ method: 'GET', path: `/api/public/dataset?${query}` })),
    mcp,
  ];
  const longest = Math.max(...kinds.map((kind) => kind.length));
  return Array.from({ length: longest }, (_, i) => kinds.map((kind) => kind[i % kind.length]!)).flat();
}

/** Sends the mixed set from `connections` clients for `seconds` to `base`, sampling `memory` (name → MiB now) meanwhile. */
async function load(
  target: string,
  base: string,
  requests: LoadRequest[],
  memory: Record<string, () => Promise<number> | number>,
): Promise<LoadResult> {
  await assertAnswered(base, requests);
  const seen: LoadResult['memory'] = {};
  for (const [name, read] of Object.entries(memory)) seen[name] = { idle: await read(), peak: 0 };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      for (const [name, read] of Object.entries(memory)) seen[name]!.peak = Math.max(seen[name]!.peak, await read());
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  const result = await autocannon({
    url: base,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    timeout: 30,
    requests: requests.map(({ method, path: url, body, headers }) => ({ method, path: url, body, headers })),
  });
  sampling = false;
  await sampler;
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
  );
  return {
    target,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requestsPerSecond: result.requests.average,
    memory: seen,
  };
}

// Each request once before the load: a 200 whose JSON-RPC answer is an error would count as answered.
async function assertAnswered(base: string, requests: LoadRequest[]): Promise<void> {
  for (const { method, path: url, body, headers } of requests) {
    const answer = await fetch(base + url, { method, body, headers });
    const text = await answer.text();
    if (answer.status !== 200 || /"isError":true|"error":\{/.test(text))
      throw new Error(`${method} ${url} ${body ?? ''}: ${answer.status} ${text.slice(0, 300)}`);
  }
}

async function loadServe(site: string, requests: LoadRequest[]): Promise<LoadResult> {
  const child = spawn(process.execPath, ['lib/cli.js', 'serve', '--dir', site, '--port', '0', '--host', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await new Promise<string[]>((resolve) =>
      child.stdout.once('data', (data: Buffer) => resolve([data.toString()])),
    )) as [string];
    const base = /at (http:\/\/\S+?)\/? /.exec(line)![1]!;
    const rss = async () =>
      Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
    return await load('serve', base, requests, { serveRssMiB: rss });
  } finally {
    child.kill('SIGTERM');
  }
}

async function loadWorker(site: string, requests: LoadRequest[]): Promise<LoadResult> {
  const work = await mkdtemp(path.join(tmpdir(), 'ds-load-worker-'));
  const state = await siteBucketState(site, values.state, work);
  await cp(path.join(site, 'r2-worker'), path.join(work, 'r2-worker'), { recursive: true });
  // The Worker of this checkout (lib/), not the one the site was built with.
  await writeFile(path.join(work, 'r2-worker', 'worker.js'), bundleText(R2_WORKER_BUNDLE));
  const worker = await startWranglerDev(work, path.join(work, 'r2-worker', 'wrangler.toml'), state);
  try {
    return await load('worker', worker.base, requests, {
      isolateMiB: () => worker.isolate.mib(),
      workerdRssMiB: () => workerdRss(worker.pid),
    });
  } finally {
    await worker.stop();
  }
}

const site = positionals[0];
if (!site)
  throw new Error(
    'usage: npx tsx bench/load.ts SITE [--target serve|worker|both] [--seconds 60] [--connections 64] [--state DIR]',
  );
const requests = await mixedRequests(site);
process.stderr.write(`${requests.length} requests in the mixed set\n`);
const results: LoadResult[] = [];
if (values.target !== 'worker') results.push(await loadServe(site, requests));
if (values.target !== 'serve') results.push(await loadWorker(site, requests));
console.log(
  JSON.stringify(
    {
      site,
      seconds: Number(values.seconds),
      connections: Number(values.connections),
      mixedRequests: requests.length,
      results,
    },
    null,
    2,
  ),
);
