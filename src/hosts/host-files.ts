/**
 * The host files the build writes beside the documents: `_headers` (Netlify, Cloudflare
 * Pages), `_worker.js`, `_routes.json` and `api/public/404.html` (Cloudflare Pages),
 * `nginx.conf` (rules the server block of init-deploy.ts includes), and the browse page
 * (`index.html`, `assets/browse.js`). The Worker over R2 is not among them: wrangler deploys
 * it from the package (init-deploy.ts).
 */
import { browsePage } from './browse-page.js';
import { BROWSE_BUNDLE, bundleText, PAGES_WORKER_BUNDLE } from './bundles.js';
import { notFoundPage, routesJson } from './cloudflare-pages.js';
import { headersFile } from './headers.js';
import { nginxConf } from './nginx.js';

/** Paths of the host files in the site root. */
export const HOST_FILES = [
  '_headers',
  '_routes.json',
  '_worker.js',
  'api/public/404.html',
  'nginx.conf',
  'index.html',
  'assets/browse.js',
] as const;

/**
 * The host files a host reads rather than serves (Pages' and Netlify's, nginx's rules):
 * `publish` leaves them out of the bucket, where the Worker over R2 serves the rest.
 */
export const HOST_CONFIG_FILES: ReadonlySet<string> = new Set([
  '_headers',
  '_routes.json',
  '_worker.js',
  'api/public/404.html',
  'nginx.conf',
]);

/** A host file: its path in the site root, its text, and whether it holds a `generated_at` for the writer to stamp. */
export interface HostFile {
  path: (typeof HOST_FILES)[number];
  content: string;
  timestamped: boolean;
}

/** Renders the host files of a site served under `baseUrl`, holding `pageDepth` static pages of each listing (`undefined`: every page). */
export function* renderHostFiles(baseUrl: string, pageDepth?: number): Generator<HostFile> {
  const render: Record<(typeof HOST_FILES)[number], () => string> = {
    _headers: headersFile,
    '_routes.json': routesJson,
    '_worker.js': () => bundleText(PAGES_WORKER_BUNDLE),
    'api/public/404.html': () => notFoundPage(baseUrl, pageDepth),
    'nginx.conf': () => nginxConf(baseUrl, pageDepth),
    'index.html': browsePage,
    'assets/browse.js': () => bundleText(BROWSE_BUNDLE),
  };
  // The error bodies of 404.html and nginx.conf hold a `generated_at`, stamped by the writer.
  for (const path of HOST_FILES)
    yield { path, content: render[path](), timestamped: path === 'api/public/404.html' || path === 'nginx.conf' };
}
