/**
 * `nginx.conf` of the site: rules for self-hosting with nginx, to include in a server
 * block whose root is the site folder. nginx runs no code, so it answers the query form
 * only where the answer is a static file: the first page of a type, with `_meta.next`
 * turned into the query form by ngx_http_sub_module. Every other query gets a 501 that
 * points to the static paths and the edge adapters.
 */
import { UserError } from '../diagnostics.js';
import { PAGE_SIZE, SCHEMA_PATH, listingPath } from '../query/formats/paths.js';
import { API_ROOT, DATASET_ROUTE, SCHEMA_ROUTE, queryUrl, staticUrl } from '../query/formats/urls.js';
import { errorBody } from '../query/responses/error-response.js';
import { ALLOWED_METHODS, API_HEADERS } from '../query/router/http.js';
import { DATASET_TYPES, type DatasetType } from '../query/semantics/kinds.js';

// Internal URIs of the query-form answer of each type and of the 404 body; `.dataset-site/` is never served.
const QUERY_PREFIX = '/.dataset-site/query';
// A URI, not a named location: nginx cannot send a 400 of an unparsable request line to a named one.
const NOT_FOUND = '/.dataset-site/not-found';

/**
 * The query strings of `/api/public/dataset` nginx answers for a type: those whose answer
 * is page 1 of the type's static listing (the default `limit` is the page size).
 */
export function nginxQueryStrings(type: DatasetType): string[] {
  const canonical = queryUrl('', { type, limit: PAGE_SIZE, offset: 0 }).split('?')[1]!;
  return [...(type === 'all' ? [''] : []), `type=${type}`, canonical];
}

/** The text of `nginx.conf` for a site built with this base URL; its one `generated_at` is stamped by the writer. */
export function nginxConf(baseUrl: string): string {
  // nginx strings have no escape for `$`: in the base URL it would name a variable.
  if (baseUrl.includes('$')) throw new UserError(`--base-url cannot hold "$" (nginx.conf could not describe it); got ${baseUrl}`, 2);
  const meta = JSON.stringify(errorBody('not_found', '', { baseUrl, generatedAt: '' })._meta);
  const queries = DATASET_TYPES.flatMap((type) => nginxQueryStrings(type).map((query) => ({ type, query })));
  return `# dataset-site rules for nginx (needs ngx_http_sub_module), generated with the site.
# Include them in a server block of their own whose root is this folder:
#   server { listen 80; server_name data.example.com; root /srv/site; include /srv/site/nginx.conf; }
# Serves the static documents, /${SCHEMA_ROUTE}, and /${DATASET_ROUTE} with these query strings only:
#   ${queries.map(({ query }) => JSON.stringify(query)).join(' ')}
# Any other query string is a 501 JSON error, an unknown path a 404, another method a 405.

types { }
default_type ${quote(API_HEADERS['Content-Type']!)};
${addHeaders({})}
autoindex off;
merge_slashes off;
set $dataset_error_meta ${quote(meta)};
error_page 400 403 404 = ${NOT_FOUND};
error_page 405 = @dataset_method_not_allowed;
if ($request_method !~ ^(${ALLOWED_METHODS.split(', ').join('|')})$) { return 405; }

location / { return 404; }
location ^~ /${API_ROOT}/ {
  # As in the router: a path with an encoded '.', '/', '\\' or NUL, or a segment starting with '.', names nothing.
  if ($request_uri ~* "^[^?]*(/\\.|%2e|%2f|%5c|%00)") { return 404; }
  try_files $uri =404;
}
# Pages' page for misses in the static folders is not a document here.
location = /${API_ROOT}/404.html { return 404; }
location = /${SCHEMA_ROUTE} { try_files /${SCHEMA_PATH} =404; }
location = /${DATASET_ROUTE} {
${queries.map(({ type, query }) => `  if ($args = ${quote(query)}) { rewrite ^ ${QUERY_PREFIX}/${type} last; }`).join('\n')}
  return 501 ${errorText(501, 'not_implemented', NOT_IMPLEMENTED)};
}
${DATASET_TYPES.map((type) => firstPageLocation(type, baseUrl)).join('\n')}
location = ${NOT_FOUND} {
  internal;
  return 404 ${errorText(404, 'not_found', `nothing here; this API answers /${DATASET_ROUTE}, /${SCHEMA_ROUTE} and the static .json paths linked from them`)};
}
location @dataset_method_not_allowed {
${addHeaders({ Allow: ALLOWED_METHODS }).replace(/^/gm, '  ')}
  return 405 ${errorText(405, 'method_not_allowed', `$request_method is not allowed; this API is read-only and answers ${ALLOWED_METHODS}`)};
}
`;
}

const NOT_IMPLEMENTED =
  'this nginx host answers the query form only for the first page of a type; ' +
  `read the static pages /${API_ROOT}/dataset/{type}/{page}.json (follow _meta.next), ` +
  'or serve the site with an edge function (its Cloudflare Pages _worker.js) for the full query form';

// Page 1 of a type's listing, with the static `next` URL replaced by the query-form one.
function firstPageLocation(type: DatasetType, baseUrl: string): string {
  const staticNext = JSON.stringify(staticUrl(baseUrl, listingPath(type, {}, 2)));
  const queryNext = JSON.stringify(queryUrl(baseUrl, { type, limit: PAGE_SIZE, offset: PAGE_SIZE }));
  return `location = ${QUERY_PREFIX}/${type} {
  internal;
  sub_filter_types *;
  sub_filter ${quote(staticNext)} ${quote(queryNext)};
  try_files /${listingPath(type, {}, 1)} =404;
}`;
}

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
