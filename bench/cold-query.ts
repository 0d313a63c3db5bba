/**
 * One `q` query in a fresh process, as a host answers its first request: prints the time of
 * the answer (the process's start excluded) and the search documents it read, raw and
 * gzipped. Run by query-tail.ts: `node --import tsx bench/cold-query.ts SITE QUERY`.
 */
import { gzipSync } from 'node:zlib';
import { createRouter } from '../lib/query/router/router.js';
import { fileStore } from '../lib/serve/file-store.js';

const [site, query] = process.argv.slice(2) as [string, string];
const files = fileStore(site);
const read = { raw: 0, gzip: 0 };
const router = createRouter({
  store: {
    ...files,
    async read(sitePath) {
      const text = await files.read(sitePath);
      if (text !== undefined && sitePath.startsWith('api/public/search/')) {
        read.raw += Buffer.byteLength(text);
        read.gzip += gzipSync(text).length;
      }
      return text;
    },
  },
});
const before = performance.now();
const answer = await router({ method: 'GET', url: `/api/public/dataset?${query}` });
const ms = performance.now() - before;
if (answer.status !== 200) throw new Error(`${query}: ${answer.status} ${answer.body}`);
console.log(JSON.stringify({ ms, ...read }));
