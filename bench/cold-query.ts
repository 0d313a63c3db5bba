/**
 * One `q` query in a fresh process, as a host answers its first request: prints the time of
 * the answer (the process's start excluded) and the search documents it read, raw and
 * gzipped. Run by query-tail.ts: `node --import tsx bench/cold-query.ts SITE QUERY`.
 */
import { gzipSync } from 'node:zlib';
import { createRouter } from '../lib/query/router/index.js';
import { recordingStore } from './recording-store.js';

const [site, query] = process.argv.slice(2) as [string, string];
// The search documents read, measured once the answer is timed: gzipping them costs more than reading them.
const searchTexts: string[] = [];
const router = createRouter({
  store: recordingStore(site, (sitePath) => sitePath.startsWith('api/public/search/'), searchTexts),
});
const before = performance.now();
const answer = await router({ method: 'GET', url: `/api/public/dataset?${query}` });
const ms = performance.now() - before;
if (answer.status !== 200) throw new Error(`${query}: ${answer.status} ${answer.body}`);
const raw = searchTexts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
const gzip = searchTexts.reduce((sum, text) => sum + gzipSync(text).length, 0);
console.log(JSON.stringify({ ms, raw, gzip }));
