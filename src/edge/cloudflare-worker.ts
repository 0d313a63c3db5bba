/**
 * The Cloudflare Pages worker (`_worker.js` of the site, "advanced mode"): the router of
 * src/query over the site's own static assets. `scripts/bundle-worker.ts` bundles this
 * file and everything it imports into one ES module at compile time, so it must import
 * nothing from Node.
 */
import { fetchStore, createRouter, type Router } from '../query/router/index.js';

/** The bindings Cloudflare Pages gives the worker: `ASSETS` serves the site's static files. */
export interface PagesEnv {
  ASSETS: { fetch(url: string): Promise<Response> };
}

// Assets are addressed by path; the host part of their URL is never looked at.
const ASSETS_ORIGIN = 'https://assets.invalid';
// One router per isolate, whatever Host a request names (a router per Host would grow with
// every Host a client makes up), so its loaded search indexes are reused across requests.
let router: Router | undefined;

export default {
  /** Answers every request `_routes.json` sends to the worker, reading the site through `env.ASSETS`. */
  async fetch(request: Request, env: PagesEnv): Promise<Response> {
    router ??= createRouter({
      store: fetchStore(ASSETS_ORIGIN, (url) => env.ASSETS.fetch(url)),
      onError: (error) => console.error(error),
    });
    const { origin } = new URL(request.url);
    const answer = await router({
      method: request.method,
      url: request.url.slice(origin.length),
      headers: Object.fromEntries(request.headers),
    });
    return new Response(answer.bytes ?? (answer.body === '' ? null : answer.body), {
      status: answer.status,
      headers: answer.headers,
    });
  },
};
