/**
 * `nginx.conf` of the site: rules for self-hosting with nginx, to include in a server
 * block whose root is the site folder. nginx serves the static documents itself and hands
 * the query form (`/api/public/dataset?…`, any query string) to `dataset-site serve`,
 * whose address the server block sets in `$dataset_site_query`; so an agent following
 * `_meta.next` pages to the end. While that server is down, the query form is a 503 JSON
 * error and the static documents are still served.
 */
import { UserError } from '../shared/index.js';
import {
  BROWSE_PAGE_PATH,
  BROWSE_PAGE_POLICY,
  DUMP_CONTENT_TYPES,
  ROOT_FILES,
  DUMPS_FOLDER,
  SCHEMA_PATH,
  API_ROOT,
  DATASET_ROUTE,
  SCHEMA_ROUTE,
  ALLOWED_METHODS,
  API_HEADERS,
  IMMUTABLE_CACHE_CONTROL,
  IMMUTABLE_FOLDERS,
} from '../query/formats/index.js';
import { errorBody, pastHeldPagesMessage } from '../query/responses/index.js';
import { preflightResponse } from '../query/router/index.js';

/** The nginx variable the including server block sets to the `host:port` of `dataset-site serve`. */
export const QUERY_SERVER_VARIABLE = '$dataset_site_query';

// A URI, not a named location: nginx cannot send a 400 of an unparsable request line to a named one.
const NOT_FOUND = '/.dataset-site/not-found';
// Where a CORS preflight goes before the method check refuses OPTIONS.
const PREFLIGHT = '/.dataset-site/preflight';

// The router's answer to a preflight, its asked headers those nginx reads from the request.
const PREFLIGHT_HEADERS = preflightResponse({
  method: 'OPTIONS',
  url: '/',
  headers: {
    'access-control-request-method': 'GET',
    'access-control-request-headers': '$http_access_control_request_headers',
  },
}).headers;

/** The text of `nginx.conf` for a site built with this base URL; its one `generated_at` is stamped by the writer. */
export function nginxConf(baseUrl: string, pageDepth?: number): string {
  // nginx strings have no escape for `$`: in the base URL it would name a variable.
  if (baseUrl.includes('$'))
    throw new UserError(`--base-url cannot hold "$" (nginx.conf could not describe it); got ${baseUrl}`, 2);
  const meta = JSON.stringify(errorBody('not_found', '', { baseUrl, generatedAt: '' })._meta);
  const hiddenHeaders = Object.keys(API_HEADERS).filter((name) => name !== 'Content-Type');
  // Under a base URL with a path, requests come with it in front: strip it, then route as at the root.
  const basePath = baseUrl.replace(/^https?:\/\/[^/]*/, '').replace(/\/+$/, '');
  const underBasePath =
    basePath === '' ? '' : `location ^~ ${basePath}/ { rewrite ^${basePath.replace(/\./g, '\\.')}(/.*)$ $1 last; }\n`;
  return `# dataset-site rules for nginx, generated with the site. Include them in a server block
# of their own whose root is this folder, after setting where dataset-site serve answers:
#   server {
#     listen 80; server_name data.example.com; root /srv/site;
#     set ${QUERY_SERVER_VARIABLE} 127.0.0.1:8787;   # dataset-site serve --dir /srv/site --port 8787
#     include /srv/site/nginx.conf;
#   }
# nginx serves the static documents and /${SCHEMA_ROUTE}; /${DATASET_ROUTE} goes to dataset-site serve
# (a 503 JSON error while it is down). An unknown path is a 404, another method a 405; a
# CORS preflight (OPTIONS with Access-Control-Request-Method) is a 204, as on every host.

types { }
default_type ${quote(API_HEADERS['Content-Type']!)};
${addHeaders({})}
autoindex off;
merge_slashes off;
set $dataset_error_meta ${quote(meta)};
error_page 400 403 404 = ${NOT_FOUND};
error_page 405 = @dataset_method_not_allowed;
set $dataset_preflight $request_method:$http_access_control_request_method;
if ($dataset_preflight ~ ^OPTIONS:.) { rewrite ^ ${PREFLIGHT} last; }
if ($request_method !~ ^(${ALLOWED_METHODS.split(', ').join('|')})$) { return 405; }

${underBasePath}location / { return 404; }
location ^~ /${API_ROOT}/ {
${STATIC_DOCUMENTS}
}
# The immutable documents (the search index, the snapshots): kept for good, as a name is never written with other bytes.
${IMMUTABLE_FOLDERS.map((folder) => `location ^~ /${folder}/ {\n${addHeaders({ 'Cache-Control': IMMUTABLE_CACHE_CONTROL }).replace(/^/gm, '  ')}\n${STATIC_DOCUMENTS}\n}`).join('\n')}
# The parts of the bulk dumps: NDJSON, and its gzip copy; their indexes are JSON (the default type).
location ^~ /${DUMPS_FOLDER}/ {
  types { ${quote(DUMP_CONTENT_TYPES.ndjson)} ndjson; ${DUMP_CONTENT_TYPES.gzip} gz; }
  try_files $uri =404;
}
# Pages' page for misses in the static folders is not a document here.
location = /${API_ROOT}/404.html { return 404; }
location = /${SCHEMA_ROUTE} { try_files /${SCHEMA_PATH} =404; }
${Object.entries(ROOT_FILES)
  .map(
    ([file, type]) =>
      `location = /${file} {\n  default_type ${quote(type)};\n${file === BROWSE_PAGE_PATH ? `${addHeaders({ 'Content-Security-Policy': BROWSE_PAGE_POLICY }).replace(/^/gm, '  ')}\n` : ''}  try_files /${file} =404;\n}`,
  )
  .join('\n')}
location = / { rewrite ^ /${BROWSE_PAGE_PATH} last; }
location = /${DATASET_ROUTE} {
  # The request goes as it came (path and query string). Its answer carries the API
  # headers, which every location here adds once: nginx drops the upstream's copies.
  proxy_pass http://${QUERY_SERVER_VARIABLE};
${hiddenHeaders.map((name) => `  proxy_hide_header ${name};`).join('\n')}
  proxy_connect_timeout 5s;
  error_page 502 503 504 = @dataset_query_unavailable;
}
location = ${NOT_FOUND} {
  internal;
  return 404 ${errorText(404, 'not_found', `nothing here; this API answers /${DATASET_ROUTE}, /${SCHEMA_ROUTE} and the static .json paths linked from them${pageDepth === undefined ? '' : `; ${pastHeldPagesMessage(pageDepth)}`}`)};
}
location = ${PREFLIGHT} {
  internal;
${addHeaders(PREFLIGHT_HEADERS).replace(/^/gm, '  ')}
  return 204;
}
location @dataset_method_not_allowed {
${addHeaders({ Allow: ALLOWED_METHODS }).replace(/^/gm, '  ')}
  return 405 ${errorText(405, 'method_not_allowed', `$request_method is not allowed; this API is read-only and answers ${ALLOWED_METHODS}`)};
}
location @dataset_query_unavailable {
${addHeaders({ 'Cache-Control': 'no-store' }).replace(/^/gm, '  ')}
  return 503 ${errorText(503, 'service_unavailable', QUERY_UNAVAILABLE)};
}
`;
}

// What a location of static documents does with a request.
const STATIC_DOCUMENTS = `  # As in the router: a path with an encoded '.', '/', '\\\\' or NUL, or a segment starting with '.', names nothing.
  if ($request_uri ~* "^[^?]*(/\\\\.|%2e|%2f|%5c|%00)") { return 404; }
  try_files $uri =404;`;

const QUERY_UNAVAILABLE =
  'the query form is not answering right now (dataset-site serve is down); try again shortly, ' +
  `or read the static pages /${API_ROOT}/dataset/{type}/{page}.json and follow _meta.next`;

// `add_header` for every API header but Content-Type (that one is `default_type`). A
// location with its own `add_header` inherits none, so each such location lists them all.
function addHeaders(extra: Record<string, string>): string {
  return Object.entries({ ...API_HEADERS, ...extra })
    .filter(([name]) => name !== 'Content-Type')
    .map(([name, value]) => `add_header ${name} ${quote(value)} always;`)
    .join('\n');
}

// An error body whose `_meta` is the variable set once above, so the writer stamps one `generated_at`.
function errorText(status: number, code: string, message: string): string {
  return quote(`${JSON.stringify({ error: { status, code, message } }).slice(0, -1)},"_meta":$dataset_error_meta}`);
}

function quote(text: string): string {
  return `'${text.replace(/[\\']/g, '\\$&')}'`;
}
