/**
 * The router: the one implementation of the query form (docs/api.md#query-form). It answers any
 * request to a built site from the site's static documents, read through a
 * {@link DocumentStore}, so the preview server, the host adapters and the client SDK
 * all give the same answer, equal to the reference `answerDataset` except for
 * `generated_at`.
 *
 * - `GET|HEAD /api/public/dataset?…`: without `q`, `text`, `from`, `to` or `-start_date`, the
 *   window is cut from the precomputed listing pages of each kind; with them, from each kind's
 *   search index and entity documents.
 * - `GET|HEAD /api/public/schema`: the schema document.
 * - any other `.json` document under `/api/public/`: the document as it is; an entity
 *   document or exhibitors page that names no file is read once more by its raw id,
 *   percent-encoded, as generated clients send it (raw-id.ts).
 * - anything else, including the host files beside `api/` (`_routes.json`, `_headers`…):
 *   a JSON error (docs/api.md#errors); an unsafe path (`..`, `%2e%2e`, `\`, NUL, `//`, hidden
 *   files) is a 404 and never reaches the store.
 *
 * - a CORS preflight: 204 (conditional.ts); every 200 answer has an `ETag`, and a request
 *   holding it (`If-None-Match`) gets a bodiless 304.
 *
 * `_meta.generated_at` of a query-form answer (and of an error) is the latest
 * `generated_at` among the documents it was made from: the schema and the listing pages
 * or search indexes read. Every response carries {@link API_HEADERS}.
 */
import {
  kindsOf,
  type Entity,
  type Kind,
  filtersOf,
  matchedFilters,
  scheduleOf,
  searchesOf,
  changesListing,
  relationOf,
  QUERY_FILTERS,
  DATASET_TYPES,
  type DatasetType,
  DEFAULT_FACET_SIZE,
} from '../semantics/index.js';
import {
  holdsPages,
  missingRelated,
  pageQueryUrl,
  parseSiteQuery,
  pastHeldPagesMessage,
  queryFilterPagesMessage,
  answerEntity,
  CSV_CONTENT_TYPE,
  datasetCsv,
  linkHeader,
  queryResponse,
  reshapesEntities,
  responseText,
  type KindSlice,
  ERROR_STATUS,
  errorBody,
  type ErrorCode,
} from '../responses/index.js';
import {
  BROWSE_PAGE_PATH,
  BROWSE_PAGE_POLICY,
  DUMP_CONTENT_TYPES,
  entityPath,
  listingPath,
  ROOT_FILES,
  parseDumpPartPath,
  parseListingPath,
  parseQueryFilterPath,
  queryUrl,
  SCHEMA_PATH,
  SiteError,
  staticUrl,
  API_ROOT,
  CHANGES_INDEX_PATH,
  DATASET_ROUTE,
  SCHEMA_ROUTE,
  ALLOWED_METHODS,
  API_HEADERS,
  documentHeaders,
} from '../formats/index.js';
import { isPreflight, preflightResponse, withEtag } from './conditional.js';
import { DocumentReader, ExpiredSnapshot } from './document-reader.js';
import type { RouterRequest, RouterResponse } from './http.js';
import { listingBodies } from './listing-slice.js';
import { rawIdPath } from './raw-id.js';
import { readSearchSlice } from './search-slice.js';
import { sitePathOf } from './site-path.js';
import type { DocumentStore } from './store.js';
import { readUnmatched } from './unmatched-facets.js';
import { labelFacets } from './facet-labels.js';

// Every runtime the router serves (Node, browsers, edge workers) has the WHATWG
// URLSearchParams; the guard tsconfig (`"types": []`) has no DOM or Node types to name it.
declare const URLSearchParams: new (query: string) => Iterable<[string, string]>;

/** Options of {@link createRouter}. */
export interface RouterOptions {
  /** Where the built site's documents are read from. */
  store: DocumentStore;
  /** Called with every unexpected error (a bug, a failing store) before it is answered as a 500. @default none */
  onError?: (error: unknown) => void;
}

/** Answers one request; never throws, never answers HTML or a stack trace. */
export type Router = (request: RouterRequest) => Promise<RouterResponse>;

/**
 * Creates the router of a built site.
 *
 * ### Usage:
 * ```ts
 * const route = createRouter({ store: { read: async (path) => files.get(path) } });
 * const { status, headers, body } = await route({ method: 'GET', url: '/api/public/dataset?type=exhibition&city=K%C3%B6ln' });
 * ```
 */
export function createRouter(options: RouterOptions): Router {
  return async (request) => {
    if (isPreflight(request)) return preflightResponse(request);
    const reader = new DocumentReader(options.store);
    let answer: RouterResponse;
    try {
      answer = withEtag(request, await route(reader, request));
    } catch (error) {
      if (error instanceof ExpiredSnapshot)
        answer = await errorResponse(reader, 'snapshot_expired', expiredMessage(error));
      else {
        if (!(error instanceof SiteError)) options.onError?.(error);
        answer = await siteErrorResponse(reader, error);
      }
    }
    return request.method === 'HEAD' ? { status: answer.status, headers: answer.headers, body: '' } : answer;
  };
}

/**
 * The API's JSON error for a request a host refused before any router saw it (an unknown
 * method, an overlong URL or header block, bytes that are not HTTP), with the API headers
 * (and `Allow` for a 405). Never throws: a broken site gives the `site_error` answer.
 */
export async function refuseRequest(store: DocumentStore, code: ErrorCode, message: string): Promise<RouterResponse> {
  const reader = new DocumentReader(store);
  return errorResponse(reader, code, message).catch((error: unknown) => siteErrorResponse(reader, error));
}

async function route(reader: DocumentReader, request: RouterRequest): Promise<RouterResponse> {
  const [rawPath, rawQuery] = splitUrl(request.url);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorResponse(
      reader,
      'method_not_allowed',
      `${request.method} is not allowed; this API is read-only and answers ${ALLOWED_METHODS}`,
    );
  }
  const unbased = await withoutBasePath(reader, rawPath);
  const path = unbased === '/' ? BROWSE_PAGE_PATH : sitePathOf(unbased);
  if (path === DATASET_ROUTE) return answerQuery(reader, rawQuery);
  const gzip = path === undefined ? undefined : parseDumpPartPath(path)?.gzip;
  if (gzip !== undefined) {
    const headers = { ...API_HEADERS, 'Content-Type': DUMP_CONTENT_TYPES[gzip ? 'gzip' : 'ndjson'] };
    const bytes = gzip ? await reader.findBytes(path!) : undefined;
    const text = gzip ? undefined : await reader.find(path!);
    if (bytes !== undefined) return { status: 200, headers, body: '', bytes };
    if (text !== undefined) return { status: 200, headers, body: text };
  }
  const rootType = path === undefined ? undefined : ROOT_FILES[path];
  if (rootType !== undefined) {
    const text = await reader.find(path!);
    const policy: Record<string, string> =
      path === BROWSE_PAGE_PATH ? { 'Content-Security-Policy': BROWSE_PAGE_POLICY } : {};
    if (text !== undefined)
      return { status: 200, headers: { ...API_HEADERS, 'Content-Type': rootType, ...policy }, body: text };
  }
  const file = path === SCHEMA_ROUTE ? SCHEMA_PATH : path;
  const isDocument = file !== undefined && file.startsWith(`${API_ROOT}/`) && file.endsWith('.json');
  const text = (isDocument ? await reader.find(file) : undefined) ?? (await readByRawId(reader, unbased, file));
  const pastDepth = text === undefined && file !== undefined ? await pastHeldPages(reader, file) : undefined;
  if (pastDepth !== undefined) return errorResponse(reader, 'not_found', pastDepth);
  const asQueryFilter = text === undefined && file !== undefined ? parseQueryFilterPath(file) : undefined;
  if (asQueryFilter !== undefined)
    return errorResponse(reader, 'not_found', await queryFilterPages(reader, asQueryFilter));
  if (text === undefined) {
    return errorResponse(
      reader,
      'not_found',
      `nothing at ${JSON.stringify(rawPath)}; this API answers /${DATASET_ROUTE}, /${SCHEMA_ROUTE} and the static /${API_ROOT}/….json documents linked from them`,
    );
  }
  return { status: 200, headers: { ...documentHeaders(file ?? '') }, body: text };
}

// For the path of a listing page the site does not hold (past its depth, or of `all` with
// filters): the 404's message, naming the depth, the query-form URL of that window and, for
// `all`, its kinds' first pages.
async function pastHeldPages(reader: DocumentReader, path: string): Promise<string | undefined> {
  const address = parseListingPath(path);
  if (address === undefined) return undefined;
  const { pageDepth, baseUrl } = await reader.site();
  if (pageDepth === undefined) return undefined;
  const { type, filters, page } = address;
  const url = pageQueryUrl(baseUrl, type, filters, page);
  if (!holdsPages(address))
    return pastHeldPagesMessage(pageDepth, {
      url,
      page,
      kindPages: kindsOf(type).map((kind) => staticUrl(baseUrl, listingPath(kind, filters, 1))),
    });
  return page <= pageDepth ? undefined : pastHeldPagesMessage(pageDepth, { url, page });
}

// For a listing path naming a query filter: the 404's message, with the same listing in the query form when the path
// names a type and a value.
async function queryFilterPages(
  reader: DocumentReader,
  { type, filter, value }: NonNullable<ReturnType<typeof parseQueryFilterPath>>,
): Promise<string> {
  const known = (DATASET_TYPES as readonly string[]).includes(type) && value !== undefined;
  const url = known
    ? queryUrl((await reader.site()).baseUrl, { type: type as DatasetType, [filter]: value, limit: 100, offset: 0 })
    : undefined;
  return queryFilterPagesMessage(filter, url);
}

// The escaped form is read first, as every `_links` URL holds it; only a path naming no file is read as a raw id.
async function readByRawId(
  reader: DocumentReader,
  requestPath: string,
  tried: string | undefined,
): Promise<string | undefined> {
  const path = rawIdPath(requestPath);
  return path === undefined || path === tried ? undefined : reader.find(path);
}

// A site whose base URL has a path (https://example.com/data) is reached with that path in
// front, unless a proxy strips it: both forms are answered. The schema document, which says
// the base URL, is read only for a path that does not start at the API already.
async function withoutBasePath(reader: DocumentReader, rawPath: string): Promise<string> {
  if (rawPath.startsWith(`/${API_ROOT}`)) return rawPath;
  const basePath = (await reader.site()).baseUrl.replace(/^https?:\/\/[^/]*/, '');
  return basePath !== '' && rawPath.startsWith(`${basePath}/`) ? rawPath.slice(basePath.length) : rawPath;
}

async function answerQuery(reader: DocumentReader, rawQuery: string): Promise<RouterResponse> {
  const site = await reader.site();
  const parsed = parseSiteQuery(new URLSearchParams(rawQuery), site.dictionary);
  if (!parsed.ok) return errorResponse(reader, 'invalid_parameter', parsed.error.message, parsed.error.parameter);
  const { query } = parsed;
  if (query.snapshot !== undefined) reader.pin(query.snapshot);
  // The snapshot the answer is read from, which its next and prev name: paging through them stays on it.
  const snapshot = await reader.snapshot();
  const filters = filtersOf(query);
  // As the filters match: an industry by the name it goes by, whose listing pages and value shards there are.
  const asMatched = matchedFilters(filters, site.industryNames);
  const schedule = scheduleOf(query);
  const related = relationOf(query);
  if (related !== undefined) {
    // The parameter names the kind of the entity it relates to.
    const { relation, ids } = related;
    const held = await Promise.all(ids.map(async (id) => (await reader.find(entityPath(relation, id))) !== undefined));
    const missing = ids.filter((_, i) => !held[i]);
    if (missing.length > 0) return errorResponse(reader, 'not_found', missingRelated(relation, missing));
  }
  const slices: Partial<Record<Kind, KindSlice<string>>> = {};
  await Promise.all(
    kindsOf(query.type).map(async (kind) => {
      // Every window is read from the snapshot's immutable search index; a listing's pages (public, as a host serves
      // them now) only lend it the bodies that are the snapshot's. A query filter has no pages: a listing's of the
      // other filters would lend bodies of another window, reads for nothing.
      const listing =
        query.q === undefined &&
        query.text === undefined &&
        !changesListing(schedule) &&
        related === undefined &&
        !QUERY_FILTERS.some((filter) => query[filter] !== undefined);
      slices[kind] = await readSearchSlice(
        reader,
        kind,
        searchesOf(query),
        asMatched,
        schedule,
        query.limit,
        query.offset,
        related?.ids,
        listing ? () => listingBodies(reader, kind, asMatched, query.limit, query.offset) : undefined,
        query.facets && { fields: query.facets, size: query.facet_size ?? DEFAULT_FACET_SIZE },
      );
      const { facets } = slices[kind];
      if (facets !== undefined) slices[kind].facets = await labelFacets(reader, kind, facets);
      // Cut to `fields` (or without links): parsed and written again, which an answer of whole entities spares (responseText).
      if (reshapesEntities(query))
        slices[kind]!.entities = slices[kind]!.entities.map((text) =>
          JSON.stringify(answerEntity(JSON.parse(text) as Entity, query)),
        );
    }),
  );
  // Only an answer with no match can hold a filter value no entity holds: the facet documents are read then alone.
  const matched = Object.values(slices).some((slice) => slice.total > 0);
  const unmatched = matched ? [] : await readUnmatched(reader, query.type, filters, site.baseUrl);
  const response = queryResponse(
    { ...query, snapshot: snapshot.id },
    slices,
    { baseUrl: site.baseUrl, dictionary: site.dictionary, generatedAt: reader.generatedAt },
    unmatched,
  );
  const headers = { ...API_HEADERS, ...linkHeader(response._meta) };
  if (query.format !== 'csv') return { status: 200, headers, body: responseText(response) };
  return {
    status: 200,
    headers: { ...headers, 'Content-Type': CSV_CONTENT_TYPE },
    body: datasetCsv(response, query, site.dictionary),
  };
}

async function errorResponse(
  reader: DocumentReader,
  code: ErrorCode,
  message: string,
  parameter?: string,
): Promise<RouterResponse> {
  const { baseUrl } = await reader.site();
  const body = errorBody(code, message, { baseUrl, generatedAt: reader.generatedAt }, parameter);
  return jsonResponse(ERROR_STATUS[code], body, code === 'method_not_allowed' ? { Allow: ALLOWED_METHODS } : {});
}

// A broken site or a failing store is answered as `site_error` (500), with the message and never a stack.
async function siteErrorResponse(reader: DocumentReader, error: unknown): Promise<RouterResponse> {
  const baseUrl = await reader.site().then(
    (site) => site.baseUrl,
    () => '',
  );
  // A document missing or naming what no other holds is damage, unless the site was rebuilt while it was read.
  const changed = error instanceof SiteError && (await reader.changedSince());
  const message = changed
    ? SITE_CHANGED_MESSAGE
    : error instanceof SiteError
      ? error.message
      : `internal error: ${error instanceof Error ? error.message : String(error)}`;
  const body = errorBody('site_error', message, {
    baseUrl,
    generatedAt: reader.generatedAt || new Date().toISOString(),
  });
  return jsonResponse(ERROR_STATUS.site_error, body, changed ? { 'Retry-After': '1' } : {});
}

// The 410's message: the snapshot named is gone, and the ways on.
function expiredMessage({ id }: ExpiredSnapshot): string {
  return `snapshot ${id} is not, or no longer, retained: a site keeps a snapshot for a while (an hour by default) after the next one replaced it. Start again from the first window without snapshot=, or read what changed since in the changes feed (/${CHANGES_INDEX_PATH})`;
}

/** The `site_error` message of an answer that met documents of two builds: the site was rebuilt while it was read. */
export const SITE_CHANGED_MESSAGE =
  'the site changed while this answer was read (a rebuild was published meanwhile); ask again';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): RouterResponse {
  return { status, headers: { ...API_HEADERS, ...headers }, body: JSON.stringify(body) };
}

function splitUrl(url: string): [path: string, query: string] {
  const mark = url.indexOf('?');
  return mark < 0 ? [url, ''] : [url.slice(0, mark), url.slice(mark + 1)];
}
