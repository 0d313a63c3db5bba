/**
 * The replay Worker of worker-memory.ts: the control that tells the local R2 and Cache API's
 * memory from the router's. A router over the site's files answers the same requests in the
 * same order, and every document it reads is recorded; the replay Worker then reads exactly
 * those from its bucket and puts an answer of the same size and headers into the Cache API,
 * holding nothing between requests.
 */
import { R2_READS_IN_FLIGHT } from '../lib/edge/index.js';
import { type DocumentStore, createRouter } from '../lib/query/router/index.js';

/** What the router did for one request, sent to the replay Worker as its body. */
export interface ReplayPlan {
  /** The URL the answer is cached under. */
  url: string;
  /** The documents read, in order: `text` (read), `bytes` (readBytes) or `head` (revision). */
  reads: Array<['text' | 'bytes' | 'head', string]>;
  status: number;
  headers: Record<string, string>;
  /** The answer's length in UTF-16 code units (the replay answers as many ASCII bytes). */
  length: number;
}

/** The plans of `urls`, answered one after another by one router over `store`, each read recorded as it happens. */
export async function replayPlans(store: DocumentStore, urls: readonly string[]): Promise<ReplayPlan[]> {
  let reads: ReplayPlan['reads'] = [];
  const route = createRouter({
    store: {
      read: (path) => (reads.push(['text', path]), store.read(path)),
      readBytes: store.readBytes && ((path) => (reads.push(['bytes', path]), store.readBytes!(path))),
      revision: store.revision && ((path) => (reads.push(['head', path]), store.revision!(path))),
    },
  });
  const plans: ReplayPlan[] = [];
  for (const url of urls) {
    reads = [];
    const answer = await route({ method: 'GET', url });
    plans.push({ url, reads, status: answer.status, headers: answer.headers, length: answer.body.length });
  }
  return plans;
}

/** The replay Worker's module, reading as many objects at once as the router does: `SITE` is the bucket binding of the site's wrangler.toml. */
export const REPLAY_WORKER = `
export default {
  async fetch(request, env, context) {
    const plan = await request.json();
    for (let next = 0; next < plan.reads.length; next += ${R2_READS_IN_FLIGHT}) {
      await Promise.all(plan.reads.slice(next, next + ${R2_READS_IN_FLIGHT}).map(async ([kind, key]) => {
        if (kind === 'head') return env.SITE.head(key);
        const object = await env.SITE.get(key);
        if (object) await (kind === 'text' ? object.text() : object.arrayBuffer());
      }));
    }
    const response = new Response('x'.repeat(plan.length), { status: plan.status, headers: plan.headers });
    if (plan.status === 200) context.waitUntil(caches.default.put(new Request(new URL(plan.url, request.url)), response.clone()));
    return response;
  },
};
`;
