/**
 * Heavy MCP calls at once against the Worker over R2 under `wrangler dev` (issue 61): CALLS
 * `search_dataset type=all limit=500` calls (POST /mcp), each on its own connection, all
 * written once every connection is open. Counts the answers: 200, 503 `busy` (the Worker's
 * own bounds, src/mcp/http-bounds.ts) and wrangler's 503 "Your worker restarted
 * mid-request"; samples the isolate's heap and array buffers (what a Worker's 128 MB
 * bounds) and workerd's resident memory meanwhile.
 *
 * `--reload-at S`: S seconds into each burst, the Worker's bundle (a copy in the work
 * folder, never lib/, which other `wrangler dev` may be running) is removed and written again
 * 2 s later, as `npm run compile` removes lib/ and writes it: wrangler dev reloads the Worker.
 * `--again-after MS`: a second burst MS ms after the first burst's calls refused at once came
 * back, so that it is sent on the proxy's pooled connections to the Worker idle that long
 * (wrangler's and workerd's 5 s idle timeouts meet there).
 *
 *   npm run compile && node --import tsx bench/mcp-burst.ts SITE [--runs 3] [--calls 150] [--state DIR] [--reload-at S | --again-after MS]
 *
 * SITE is a built site (issue 61's: scripts/generate.ts --exhibitions 600 --exhibitors 3000
 * --providers 200 --seed 61, then build). `--state DIR`: a folder wrangler persisted whose
 * bucket holds the site, filled before (test/helpers/r2-bucket.ts); without it the bucket is
 * filled first (about 100 s for that site).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundleText, R2_WORKER_BUNDLE, wranglerToml } from '../lib/hosts/index.js';
import { siteBucketState } from '../test/helpers/r2-bucket.js';
import { startWranglerDev, workerdRss, type WranglerDev } from './worker-memory.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    calls: { type: 'string', default: '150' },
    state: { type: 'string' },
    'reload-at': { type: 'string' },
    'again-after': { type: 'string' },
  },
});
const HEAVY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'search_dataset', arguments: { type: 'all', limit: 500 } },
});
const RESTARTED = 'Your worker restarted mid-request';
const CLIENT_WAIT_MS = 120_000;
const SAMPLE_MS = 100;

/** One call's answer: its kind and when it came back. */
interface Outcome {
  kind: '200' | '503 busy' | '503 restarted' | string;
  at: number;
}

/** Sends `calls` heavy calls to 127.0.0.1:`port` at once; `onAnswer` hears each answer as it comes. */
async function burst(port: number, calls: number, onAnswer: (outcome: Outcome) => void = () => {}): Promise<Outcome[]> {
  const head = [
    'POST /mcp HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `Content-Length: ${Buffer.byteLength(HEAVY)}`,
    'Connection: close',
  ].join('\r\n');
  const sockets = await Promise.all(
    Array.from(
      { length: calls },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  return Promise.all(
    sockets.map(
      (socket) =>
        new Promise<Outcome>((resolve) => {
          const chunks: Buffer[] = [];
          const lost = setTimeout(() => socket.destroy(), CLIENT_WAIT_MS);
          socket.on('data', (chunk: Buffer) => chunks.push(chunk));
          socket.on('error', () => {});
          socket.once('close', () => {
            clearTimeout(lost);
            const answer = Buffer.concat(chunks).toString('utf8');
            const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'no answer';
            const body = answer.slice(answer.indexOf('\r\n\r\n') + 4, 2000);
            const kind =
              status !== '503'
                ? status
                : body.includes(RESTARTED)
                  ? '503 restarted'
                  : body.includes('busy')
                    ? '503 busy'
                    : `503 ${body.slice(0, 100)}`;
            const outcome = { kind, at: performance.now() };
            onAnswer(outcome);
            resolve(outcome);
          });
          socket.write(`${head}\r\n\r\n${HEAVY}`);
        }),
    ),
  );
}

/** How many answers of each kind. */
function counts(outcomes: readonly Outcome[]): Record<string, number> {
  const seen: Record<string, number> = {};
  for (const { kind } of outcomes) seen[kind] = (seen[kind] ?? 0) + 1;
  return seen;
}

/** Samples the isolate's memory and workerd's until the function returned is called: then their peaks, in MiB. */
function sampleMemory(worker: WranglerDev): () => Promise<{ isolatePeakMiB: number; workerdPeakMiB: number }> {
  let sampling = true;
  const peaks = { isolatePeakMiB: 0, workerdPeakMiB: 0 };
  // The inspector does not answer while the Worker reloads: a sample it leaves unanswered is skipped.
  const isolate = () =>
    Promise.race([worker.isolate.mib(), new Promise<number>((resolve) => setTimeout(() => resolve(0), 2000))]);
  const sampler = (async () => {
    while (sampling) {
      peaks.isolatePeakMiB = Math.max(peaks.isolatePeakMiB, await isolate());
      peaks.workerdPeakMiB = Math.max(peaks.workerdPeakMiB, workerdRss(worker.pid));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return async () => {
    sampling = false;
    await sampler;
    return { isolatePeakMiB: Math.round(peaks.isolatePeakMiB), workerdPeakMiB: Math.round(peaks.workerdPeakMiB) };
  };
}

/** One run: a burst (with the bundle rewritten during it, or a second burst after it), its counts and memory. */
async function run(worker: WranglerDev, bundle: string): Promise<Record<string, unknown>> {
  const port = Number(new URL(worker.base).port);
  const calls = Number(values.calls);
  const peaks = sampleMemory(worker);
  const start = performance.now();
  if (values['again-after'] !== undefined) {
    const after = Number(values['again-after']);
    let refused = 0;
    let again!: () => void;
    const fired = new Promise<void>((resolve) => (again = resolve));
    // The calls refused at once come back together: their connections to the Worker go idle together.
    const first = burst(port, calls, (outcome) => {
      if (outcome.kind === '503 busy' && ++refused === 40) setTimeout(again, after);
    });
    await Promise.race([fired, first]);
    const second = await burst(port, calls);
    return { first: counts(await first), second: counts(second), ...(await peaks()) };
  }
  const reloadAt = values['reload-at'];
  const reloaded =
    reloadAt === undefined
      ? undefined
      : (async () => {
          await new Promise((resolve) => setTimeout(resolve, Number(reloadAt) * 1000));
          await rm(bundle);
          await new Promise((resolve) => setTimeout(resolve, 2000));
          await writeFile(bundle, bundleText(R2_WORKER_BUNDLE));
        })();
  const outcomes = await burst(port, calls);
  await reloaded;
  const slowest = Math.max(...outcomes.map((outcome) => outcome.at - start)) / 1000;
  return { answers: counts(outcomes), slowestSeconds: Number(slowest.toFixed(1)), ...(await peaks()) };
}

const site = positionals[0];
if (!site)
  throw new Error(
    'usage: node --import tsx bench/mcp-burst.ts SITE [--runs 3] [--calls 150] [--state DIR] [--reload-at S | --again-after MS]',
  );
const work = await mkdtemp(path.join(tmpdir(), 'ds-mcp-burst-'));
const state = await siteBucketState(site, values.state, work);
// The Worker of this checkout, copied: --reload-at rewrites the copy, not lib/.
await mkdir(path.join(work, 'r2-worker'));
const bundle = path.join(work, 'r2-worker', 'worker.js');
await writeFile(bundle, bundleText(R2_WORKER_BUNDLE));
await writeFile(
  path.join(work, 'r2-worker', 'wrangler.toml'),
  wranglerToml({ name: 'dataset-site', main: 'worker.js', bucket: 'dataset-site', prefix: '' }),
);
const worker = await startWranglerDev(work, path.join(work, 'r2-worker', 'wrangler.toml'), state);
try {
  const isolateIdleMiB = Math.round(await worker.isolate.mib());
  for (let i = 0; i < Number(values.runs); i++) {
    console.log(JSON.stringify({ run: i + 1, isolateIdleMiB, ...(await run(worker, bundle)) }));
    // The next burst starts on connections idle for longer than wrangler's and workerd's 5 s.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
} finally {
  await worker.stop();
}
