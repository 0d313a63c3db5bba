/**
 * The Cloudflare Pages worker (`_worker.js` of the site, "advanced mode"): the router of
 * src/query over the site's own static assets. `scripts/bundle-worker.ts` bundles this
 * file and everything it imports into one ES module at compile time, so it must import
 * nothing from Node.
 */
import { fetchStore } from '../query/router/fetch-store.js';
import { createRouter } from '../query/router/router.js';

/** The bindings Cloudflare Pages gives the worker: `ASSETS` serves the site's static files. */
export interface PagesEnv {
  ASSETS: { fetch(url: string): Promise<Response> };
}

// One router per isolate and origin, so its parsed search indexes are reused across requests.
const routers = new Map<string, ReturnType<typeof createRouter>>();

function routerFor(origin: string, env: PagesEnv): ReturnType<typeof createRouter> {
  let route = routers.get(origin);
  if (!route) {
    route = createRouter({ store: fetchStore(origin, (url) => env.ASSETS.fetch(url)), onError: (error) => console.error(error) });
    routers.set(origin, route);
  }
  return route;
}

export default {
  /** Answers every request `_routes.json` sends to the worker, reading the site through `env.ASSETS`. */
  async fetch(request: Request, env: PagesEnv): Promise<Response> {
    const { origin } = new URL(request.url);
    const route = routerFor(origin, env);
    const answer = await route({ method: request.method, url: request.url.slice(origin.length) });
    return new Response(answer.body === '' ? null : answer.body, { status: answer.status, headers: answer.headers });
  },
};
