/**
 * Deep windows of a listing at the edge: the Worker over R2 under `wrangler dev` (workerd,
 * local and offline) answering `type=exhibitor` windows past the pages the site holds, read
 * from the listing's leaves (docs/api.md#listing-leaves), beside the first page's window, which
 * a static page holds. Each window is asked at a new offset (the Worker keeps answers in its
 * cache), five times; the time is the median per request over HTTP, and the documents are
 * those the same router reads over the site's files. The bucket holds the schema and the
 * exhibitors' listing: pages, leaves and map.
 *
 *   node --import tsx bench/deep-windows.ts SITE [--json FILE]      (after npm run compile)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import fg from 'fast-glob';
import { createRouter } from '../lib/query/router/index.js';
import { r2WorkerTarget } from '../test/hosts/hosts.js';
import { recordingStore } from './recording-store.js';

/** What one kind of window cost. */
interface WindowCost {
  window: string;
  limit: number;
  offsets: number[];
  medianMs: number;
  documents: number;
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { json: { type: 'string' } } });
const [site] = positionals;
if (!site) throw new Error('usage: bench/deep-windows.ts SITE [--json FILE]');

const files = [
  'api/public/schema.json',
  ...(await fg('api/public/dataset/exhibitor/*.json', { cwd: site })),
  ...(await fg('api/public/dataset/exhibitor/leaves/**', { cwd: site })),
];
const total = (
  JSON.parse(
    (
      await createRouter({ store: recordingStore(site, () => false, []) })({
        method: 'GET',
        url: '/api/public/dataset?type=exhibitor&limit=0',
      })
    ).body,
  ) as { _meta: { total: number } }
)._meta.total;
console.log(`${files.length} files into the bucket; ${total} exhibitors`);
const worker = await r2WorkerTarget(site, files);
const rows: WindowCost[] = [];
try {
  const windows: [name: string, limit: number, at: (i: number) => number][] = [
    ['first page (static page held)', 100, () => 0],
    ['deep, limit 100', 100, (i) => Math.floor(((i + 1) * total) / 7)],
    ['deep, limit 500', 500, (i) => Math.floor(((i + 1) * (total - 500)) / 7)],
    ['last window, limit 100', 100, (i) => total - 100 - i],
  ];
  for (const [name, limit, at] of windows) {
    const times: number[] = [];
    const offsets: number[] = [];
    let documents = 0;
    for (let i = 0; i < 5; i++) {
      // The first page's window is one URL: asked anew with a new limit, so that the cache holds none.
      const [offset, asked] = name.startsWith('first') ? [0, limit - i] : [at(i), limit];
      offsets.push(offset);
      const url = `/api/public/dataset?type=exhibitor&limit=${asked}&offset=${offset}`;
      const started = performance.now();
      const answer = await worker.request(url);
      times.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
      const read: string[] = [];
      await createRouter({ store: recordingStore(site, () => true, read) })({ method: 'GET', url });
      documents = Math.max(documents, read.length);
    }
    const medianMs = times.sort((a, b) => a - b)[2]!;
    rows.push({ window: name, limit, offsets, medianMs, documents });
    console.log(`${name.padEnd(32)} median ${medianMs.toFixed(1)} ms, at most ${documents} documents`);
  }
} finally {
  await worker.close?.();
}
const baseline = rows[0]!.medianMs;
for (const row of rows.slice(1))
  console.log(`${row.window}: ${(row.medianMs / baseline).toFixed(2)} × the first page's window`);
if (values.json) writeFileSync(values.json, `${JSON.stringify({ site, total, rows }, null, 2)}\n`);
