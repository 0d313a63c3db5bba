/**
 * The host files the build writes into the site root beside `api/`: `_headers` (Netlify,
 * Cloudflare Pages), `_worker.js` and `_routes.json` (Cloudflare Pages), `nginx.conf`.
 */
import type { OutputFile } from '../../pipeline/render.js';
import { routesJson, workerScript } from './cloudflare.js';
import { headersFile } from './headers.js';
import { nginxConf } from './nginx.js';

/** Paths of the host files in the site root. */
export const HOST_FILES = ['_headers', '_routes.json', '_worker.js', 'nginx.conf'] as const;

/** Renders the host files of a site served under `baseUrl`. */
export function* renderHostFiles(baseUrl: string): Generator<OutputFile> {
  yield { path: '_headers', content: headersFile(), timestamped: false };
  yield { path: '_routes.json', content: routesJson(), timestamped: false };
  yield { path: '_worker.js', content: workerScript(), timestamped: false };
  yield { path: 'nginx.conf', content: nginxConf(baseUrl), timestamped: true };
}
