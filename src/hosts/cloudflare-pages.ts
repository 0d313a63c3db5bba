/**
 * Cloudflare Pages files of the site beside `_worker.js` (bundles.ts): `_routes.json`,
 * which leaves the static documents to the CDN, and `api/public/404.html`.
 */
import { API_ROOT, DATASET_ROUTE, SCHEMA_ROUTE } from '../query/formats/index.js';
import { errorBody, pastHeldPagesMessage } from '../query/responses/index.js';
import { COLLECTIONS, DATASET_TYPES, KINDS } from '../query/semantics/index.js';

/**
 * `api/public/404.html`: what Pages serves for a path inside a static document folder that
 * has no file (a filter combination without matches), which never reaches the worker. Its
 * text is the API's JSON 404, and `_headers` gives it the API's content type; its one
 * `generated_at` is stamped by the writer.
 */
export function notFoundPage(baseUrl: string, pageDepth?: number): string {
  const message = `nothing here; this API answers /${DATASET_ROUTE}, /${SCHEMA_ROUTE} and the static /${API_ROOT}/….json documents linked from them${pageDepth === undefined ? '' : `; ${pastHeldPagesMessage(pageDepth)}`}`;
  return JSON.stringify(errorBody('not_found', message, { baseUrl, generatedAt: '' }));
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
  const folders = [
    ...DATASET_TYPES.map((type) => `dataset/${type}`),
    'search',
    'regions',
    ...KINDS.map((kind) => COLLECTIONS[kind]),
  ];
  const routes = { version: 1, include: ['/*'], exclude: folders.map((folder) => `/${API_ROOT}/${folder}/*`) };
  return `${JSON.stringify(routes, null, 2)}\n`;
}
