/**
 * Throughput of the preview server (a benchmark, not a test): requests per second for a
 * query answered from a precomputed page and for a `q` query, beside plain http-server
 * serving the same page's static file, in the same run; median of 3 rounds.
 *
 *   npm run compile && npx tsx bench/serve.ts [--seconds 5] [--connections 10]
 *
 * The servers run in child processes so that autocannon does not share their event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { build } from '../lib/index.js';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ROUNDS = 3;

const PAGE_QUERY = '/api/public/dataset?type=exhibitor&limit=100';
const Q_QUERY = '/api/public/dataset?type=exhibitor&q=lighting&limit=100';
const STATIC_PAGE = '/api/public/dataset/exhibitor/1.json';

// Plain http-server on the same folder, with the same 5-minute cache and no logging.
const PLAIN_SERVER = `
const { createServer } = require('http-server');
const plain = createServer({ root: process.argv[1], cache: 300, showDir: 'false' });
plain.server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + plain.server.address().port));
`;

const site = path.join(await mkdtemp(path.join(tmpdir(), 'ds-bench-serve-')), 'site');
const children: ChildProcess[] = [];
try {
  await build({ sources: 'sources', out: site });
  const preview = await startServer(['lib/cli.js', 'serve', '--dir', site, '--port', '0'], children);
  const plain = await startServer(['-e', PLAIN_SERVER, site], children);
  const cases = [
    { name: 'preview server, page query', url: preview + PAGE_QUERY },
    { name: 'preview server, q query', url: preview + Q_QUERY },
    { name: 'preview server, static page', url: preview + STATIC_PAGE },
    { name: 'plain http-server, static page', url: plain + STATIC_PAGE },
  ];
  const rates = new Map(cases.map((c) => [c.name, [] as number[]]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { name, url } of cases) {
      const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      rates.get(name)!.push(result.requests.average);
      console.error(`round ${round}: ${name}: ${Math.round(result.requests.average)} req/s`);
    }
  }
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per run, median of ${ROUNDS} rounds:`);
  for (const [name, runs] of rates)
    console.log(`${name.padEnd(34)} ${String(Math.round(median(runs))).padStart(7)} req/s`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await rm(path.dirname(site), { recursive: true, force: true });
}

/** Starts `node args…` and resolves with the first http:// URL it prints. */
function startServer(args: string[], started: ChildProcess[]): Promise<string> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      const url = /http:\/\/[\d.]+:\d+/.exec(text);
      if (url) resolve(url[0]);
    });
    child.once('exit', (code) => reject(new Error(`node ${args[0]} exited with ${code} before listening`)));
  });
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
