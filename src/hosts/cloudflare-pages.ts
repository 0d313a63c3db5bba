/**
 * Cloudflare Pages files of the site: `_worker.js`, the router bundled at compile time,
 * and `_routes.json`, which leaves the static documents to the CDN.
 */
import { readFileSync } from 'node:fs';
import { API_ROOT } from '../query/formats/urls.js';
import { COLLECTIONS, DATASET_TYPES, KINDS } from '../query/semantics/kinds.js';

/**
 * Where `npm run compile` writes the worker bundle. Relative to the package root, so it
 * resolves the same from src/ (tests) and lib/ (the installed command).
 */
export const WORKER_BUNDLE = new URL('../../lib/hosts/cloudflare-worker.bundle.js', import.meta.url);

/** The worker bundle, the text of `_worker.js`. */
export function workerScript(): string {
  try {
    return readFileSync(WORKER_BUNDLE, 'utf8');
  } catch (error) {
    throw new Error(`the Cloudflare worker bundle ${WORKER_BUNDLE.pathname} is missing; run npm run compile`, { cause: error });
  }
}

/**
 * `_routes.json`: the worker answers every path (the query form, the schema, and JSON
 * errors for paths that name no document, the host files and `.dataset-site/` included)
 * except the folders of static documents, which the CDN serves with the headers of
 * `_headers` and no worker invocation. A rule `/x/*` also matches `/x` itself, so the
 * listing folders are excluded one type at a time, never `dataset/*`, which would take
 * the query form `/api/public/dataset` from the worker.
 */
export function routesJson(): string {
  const folders = [...DATASET_TYPES.map((type) => `dataset/${type}`), 'search', 'regions', ...KINDS.map((kind) => COLLECTIONS[kind])];
  const routes = { version: 1, include: ['/*'], exclude: folders.map((folder) => `/${API_ROOT}/${folder}/*`) };
  return `${JSON.stringify(routes, null, 2)}\n`;
}
