/**
 * The Cloudflare Worker for a site of any size, its documents in an R2 bucket (uploaded
 * by `dataset-site publish`): every request is answered by the router of src/query over
 * the bucket, the static documents and the query form alike, with the API headers.
 * Answers of `GET` with status 200 are kept in the Cache API for their `max-age`, so hot
 * documents and queries cost no R2 read. `{base}/mcp` is the MCP endpoint (src/mcp/http.ts),
 * answered by the same router. `scripts/bundle-worker.ts` bundles this file into one ES
 * module; it must import nothing from Node.
 */
import { createMcpEndpoint } from '../mcp/index.js';
import { createRouter, type Router } from '../query/router/index.js';
import { r2Store, type R2BucketLike } from './r2-store.js';
import { recordWorker, type RecordBucket } from './worker-record.js';

/** The bindings of the Worker (the `wrangler.toml` of `dataset-site init-deploy`). */
export interface R2WorkerEnv {
  /** The bucket holding the site; the Worker writes its record there (worker-record.ts). */
  SITE: R2BucketLike & RecordBucket;
  /** Key prefix of the site's documents in the bucket (`dataset-site publish --prefix`). @default "" */
  SITE_PREFIX?: string;
}

/** What the Worker uses of the runtime's execution context. */
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

/** The Cache API's default cache, as workerd provides it. */
declare const caches: {
  default: {
    match(request: Request): Promise<Response | undefined>;
    put(request: Request, response: Response): Promise<void>;
  };
};

/** dataset-site's version, written into the bundle by scripts/bundle-worker.ts (the Worker has no package.json to read). */
declare const DATASET_SITE_VERSION: string;

// One router per isolate (see cloudflare-worker.ts): its shards stay loaded across requests.
let router: Router | undefined;
let mcp: ReturnType<typeof createMcpEndpoint> | undefined;
// Whether this isolate has written (or is writing) the Worker's record into the bucket.
let recorded = false;

export default {
  /** Answers every request from the bucket through the router, from the cache when it has the answer. */
  async fetch(request: Request, env: R2WorkerEnv, context: ExecutionContext): Promise<Response> {
    router ??= createRouter({
      store: r2Store(env.SITE, env.SITE_PREFIX ?? ''),
      onError: (error) => console.error(error),
    });
    mcp ??= createMcpEndpoint({ route: router, version: DATASET_SITE_VERSION });
    if (!recorded) {
      recorded = true;
      // The bucket then says which formats the deployed Worker reads, for publish to check; off the answer's path.
      context.waitUntil(
        recordWorker(env.SITE, env.SITE_PREFIX ?? '', DATASET_SITE_VERSION).catch((error: unknown) =>
          console.error(error),
        ),
      );
    }
    const mcpAnswer = await mcp(request);
    if (mcpAnswer !== undefined) return mcpAnswer;
    const cacheable = request.method === 'GET';
    if (cacheable) {
      const cached = await caches.default.match(request);
      if (cached) return cached;
    }
    const { origin } = new URL(request.url);
    const answer = await router({
      method: request.method,
      url: request.url.slice(origin.length),
      headers: Object.fromEntries(request.headers),
    });
    const response = new Response(answer.bytes ?? (answer.body === '' ? null : answer.body), {
      status: answer.status,
      headers: answer.headers,
    });
    if (cacheable && answer.status === 200) context.waitUntil(caches.default.put(request, response.clone()));
    return response;
  },
};
