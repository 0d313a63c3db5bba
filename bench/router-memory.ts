/**
 * The memory the router holds answering the `q` queries of tail-queries.ts, 8 at a time, three
 * passes: what a Worker isolate's heap holds for it, without workerd's own R2 and Cache API
 * around it (worker-memory.ts measures the whole workerd process). V8's heap and the typed
 * arrays' buffers, sampled after every answer, their peak above the level before the first
 * query (after a full collection).
 *
 *   node --expose-gc --import tsx bench/router-memory.ts SITE      (after npm run compile)
 */
import { fileURLToPath } from 'node:url';
import { createRouter } from '../lib/query/router/index.js';
import { fileStore } from '../lib/serve/index.js';
import { tailQueries } from './tail-queries.js';

/** Peak MiB held above the level before the first query, and that level. */
export interface RouterMemory {
  baselineMiB: number;
  /** Sampled as is: garbage not collected yet included. */
  peakMiB: number;
  growthMiB: number;
  /** Sampled after a full collection at each answer, the others in flight: what the router and its requests hold alive. */
  livePeakMiB: number;
  liveGrowthMiB: number;
  /** The same after a full collection once the passes are done: what the router keeps (its caches). */
  keptMiB: number;
}

const [PASSES, PARALLEL] = [3, 8];

/** Runs the queries through one router over `siteDir` and samples the memory. */
export async function measureRouterMemory(siteDir: string): Promise<RouterMemory> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with node --expose-gc');
  const queries = await tailQueries(createRouter({ store: fileStore(siteDir) }));
  const route = createRouter({ store: fileStore(siteDir) });
  const held = () => {
    const usage = process.memoryUsage();
    return (usage.heapUsed + usage.arrayBuffers) / 2 ** 20;
  };
  gc();
  const baseline = held();
  let [peak, livePeak] = [baseline, baseline];
  for (let pass = 1; pass <= PASSES; pass++) {
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < queries.length) {
          const answer = await route({ method: 'GET', url: `/api/public/dataset?${queries[next++]!.query}` });
          if (answer.status !== 200) throw new Error(`${answer.status}: ${answer.body.slice(0, 200)}`);
          peak = Math.max(peak, held());
          gc();
          livePeak = Math.max(livePeak, held());
        }
      }),
    );
  }
  gc();
  return {
    baselineMiB: baseline,
    peakMiB: peak,
    growthMiB: peak - baseline,
    livePeakMiB: livePeak,
    liveGrowthMiB: livePeak - baseline,
    keptMiB: held() - baseline,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = process.argv[2];
  if (!site) throw new Error('usage: node --expose-gc --import tsx bench/router-memory.ts SITE');
  console.log(JSON.stringify(await measureRouterMemory(site), null, 2));
}
