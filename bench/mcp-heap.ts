/**
 * Whether the Worker's MCP endpoint fits its heap under a burst, without workerd (whose
 * local runtime applies no memory limit): the endpoint the Worker runs (src/mcp/http.ts)
 * over the site's files with the R2 store's budgets (R2_READS_IN_FLIGHT reads in flight,
 * R2_KEPT_BYTES kept), answering CALLS `search_dataset type=all limit=500` calls at once,
 * each answer read whole, in a Node whose V8 heap is capped. It prints the answers'
 * statuses and the heap's sampled peak, or V8 stops it with "heap out of memory".
 *
 *   npm run compile && node --max-old-space-size=64 --import tsx bench/mcp-heap.ts SITE [CALLS]
 */
import { R2_KEPT_BYTES, R2_READS_IN_FLIGHT } from '../lib/edge/index.js';
import { createMcpEndpoint } from '../lib/mcp/index.js';
import { createRouter } from '../lib/query/router/index.js';
import { fileStore } from '../lib/serve/index.js';

const site = process.argv[2];
if (!site) throw new Error('usage: node --max-old-space-size=MIB --import tsx bench/mcp-heap.ts SITE [CALLS]');
const calls = Number(process.argv[3] ?? 150);
const files = fileStore(site);
// Read asynchronously, as from R2, so that the answers' reads interleave as they do in the Worker.
const route = createRouter({
  store: {
    ...files,
    concurrency: R2_READS_IN_FLIGHT,
    keptBytes: R2_KEPT_BYTES,
    read: async (path) => files.read(path),
  },
});
const mcp = createMcpEndpoint({ route, version: 'bench' });
const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'search_dataset', arguments: { type: 'all', limit: 500 } },
});
const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const inUse = () => (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers) / 2 ** 20;
let peak = inUse();
const sampler = setInterval(() => (peak = Math.max(peak, inUse())), 20);
const statuses: Record<string, number> = {};
await Promise.all(
  Array.from({ length: calls }, async () => {
    const answer = (await mcp(new Request('http://127.0.0.1/mcp', { method: 'POST', body, headers })))!;
    const text = await answer.text();
    const status = `${answer.status}${text.includes('"isError":true') ? ' tool error' : ''}`;
    statuses[status] = (statuses[status] ?? 0) + 1;
  }),
);
clearInterval(sampler);
console.log(JSON.stringify({ calls, statuses, peakMiB: Math.round(peak) }));
