/**
 * The replay Worker of worker-memory.ts: the control that tells the local R2 and Cache API's
 * memory from the router's. A router over the site's files answers the same requests in the
 * same order, and every document it reads is recorded; the replay Worker then reads exactly
 * those from its bucket and puts an answer of the same size and headers into the Cache API,
 * holding nothing between requests.
 */
import { R2_READS_IN_FLIGHT } from '../lib/hosts/r2-store.js';
import type { DocumentStore } from '../lib/query/router/store.js';
import type { Router } from '../lib/query/router/router.js';

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

/** `store` with every document the router reads recorded into `reads` as it happens. */
export function recordingStore(store: DocumentStore, reads: ReplayPlan['reads']): DocumentStore {
  return {
    read: (path) => (reads.push(['text', path]), store.read(path)),
    readBytes: store.readBytes && ((path) => (reads.push(['bytes', path]), store.readBytes!(path))),
    revision: store.revision && ((path) => (reads.push(['head', path]), store.revision!(path))),
  };
}

/** The plans of `urls` answered one after another by `route`, which reads through a {@link recordingStore} filling `reads`. */
export async function replayPlans(route: Router, reads: ReplayPlan['reads'], urls: readonly string[]): Promise<ReplayPlan[]> {
  const plans: ReplayPlan[] = [];
  for (const url of urls) {
    reads.length = 0;
    const answer = await route({ method: 'GET', url });
    plans.push({ url, reads: [...reads], status: answer.status, headers: answer.headers, length: answer.body.length });
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
