/**
 * The client SDK (`dataset-site/client`), for Node and browsers: it answers dataset and
 * schema queries by running the very router of the server over the site's static
 * documents, fetched over HTTP, so it works against any static host — no query-form
 * server needed — and gives the same answers as the preview server and the host adapters.
 *
 * ### Usage:
 * ```ts
 * import { createClient } from 'dataset-site/client';
 * const client = createClient({ baseUrl: 'https://data.example.com' });
 * const { exhibitions, _meta } = await client.dataset({ type: 'exhibition', q: '汽车', city: 'Shanghai', limit: 20 });
 * const schema = await client.schema();
 * ```
 */
import { DATASET_ROUTE, SCHEMA_ROUTE } from '../query/formats/index.js';
import { errorBody, type ErrorBody, type SchemaDocument } from '../query/responses/index.js';
import { fetchStore, type RouterResponse, createRouter, type Router } from '../query/router/index.js';
import { cachedStore } from './cached-store.js';
import { readChangesSince, type ChangesSince } from './changes.js';
import { queryString } from './query-string.js';
import { siteReads, type ClientFetch } from './site-reads.js';
import type { TypedDatasetResponse } from './entities.js';
import type { DatasetQuery, DatasetType } from '../query/semantics/index.js';

export type { DatasetMeta, DatasetResponse, ErrorBody, SchemaDocument } from '../query/responses/index.js';
export type { FetchLike, RouterResponse } from '../query/router/index.js';
export type { Entity, DatasetType, ExhibitionStatus, Sort } from '../query/semantics/index.js';
export type { Exhibition, Exhibitor, ServiceProvider, TypedDatasetResponse } from './entities.js';
export type { ChangesSince } from './changes.js';
export type { ClientFetch } from './site-reads.js';
export type { ChangeSetDocument } from '../query/formats/index.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** URL of the site root, where `api/public/` lives (`https://data.example.com`). */
  baseUrl: string;
  /** The fetch to use. @default globalThis.fetch */
  fetch?: ClientFetch;
  /** Milliseconds a fetched document is reused; 0 fetches every time. @default 300000, the API's max-age */
  cacheMs?: number;
  /** Milliseconds one document of the site may take to arrive whole, headers and body. @default 30000 */
  timeoutMs?: number;
  /**
   * Other origins (`https://cdn.example.com`) whose answers are taken when the site redirects
   * there; a redirect to any other origin fails, naming it. @default [], the base URL's origin alone
   */
  allowedOrigins?: readonly string[];
  /**
   * Reads a 403 as a missing document. Set it for a site served straight from a bucket
   * without list permission (S3, R2 behind a policy), which answers 403 for a key it lacks:
   * a query whose filter value no entity holds then answers total 0, as on any other host.
   * @default false: a 403 fails, saying this
   */
  forbiddenIsMissing?: boolean;
}

// Milliseconds a document may take by default (ClientOptions.timeoutMs).
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Parameters of a dataset query (docs/api.md#parameters); absent ones take their defaults.
 * `T` is the `type` asked for, which types the answer ({@link TypedDatasetResponse}).
 */
export type DatasetParams<T extends DatasetType = DatasetType> = Partial<Omit<DatasetQuery, 'type'>> & { type?: T };

/** A query the API refused (status 400) or could not answer; `body` is the JSON error. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.error.message);
    this.name = 'ApiError';
  }
}

/** A client of one site. */
export interface DatasetClient {
  /**
   * The answer to a dataset query, typed by the `type` asked for (`all` when absent): its
   * array, or all three, with typed entities; throws {@link ApiError} when it is refused.
   */
  dataset<T extends DatasetType = 'all'>(params?: DatasetParams<T>): Promise<TypedDatasetResponse<T>>;
  /**
   * The answer to a dataset query of one kind as CSV text (`format=csv`, docs/api.md#csv): a
   * header row, then one row per entity of the window (`limit` up to 10,000); throws
   * {@link ApiError} when it is refused. The next window is the query with `offset` + `limit`,
   * until fewer rows than `limit` come back.
   *
   * ```ts
   * const csv = await client.datasetCsv({ type: 'exhibitor', country: 'China', fields: ['company_en', 'city'], limit: 10000 });
   * ```
   */
  datasetCsv(
    params: DatasetParams<Exclude<DatasetType, 'all'>> & { type: Exclude<DatasetType, 'all'> },
  ): Promise<string>;
  /** The schema document: the parameters, the data dictionary (`_meta.entities`) and the links. */
  schema(): Promise<SchemaDocument>;
  /**
   * What a copy kept up to date by the changes feed does next, from `cursor`, the id of the
   * last build it applied (`undefined` at first): the change sets to apply in order, or
   * `resync: true` with the dump indexes to copy every entity from, when the feed no longer
   * holds the history after the cursor (docs/api.md#changes). Keep `latest` as the cursor.
   *
   * ```ts
   * const step = await client.changesSince(cursor);
   * if (step.resync) await copyEverything(step.dumps);
   * else for (const set of step.changeSets) await apply(set);
   * cursor = step.latest;
   * ```
   */
  changesSince(cursor: string | undefined): Promise<ChangesSince>;
  /** The raw answer to any path of the site (`/api/public/dataset?type=all`), as a server would give it. */
  request(path: string): Promise<RouterResponse>;
}

/** Creates a client of the site at `baseUrl`. */
export function createClient(options: ClientOptions): DatasetClient {
  const fetch = options.fetch ?? (globalThis as { fetch?: ClientFetch }).fetch;
  if (!fetch) throw new Error('no fetch in this runtime; pass one as the fetch option');
  const reads = siteReads(fetch, {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    origins: [
      new URL(options.baseUrl).origin,
      ...(options.allowedOrigins ?? []).map((origin) => new URL(origin).origin),
    ],
    forbiddenIsMissing: options.forbiddenIsMissing ?? false,
  });
  const store = fetchStore(options.baseUrl, reads);
  return routerClient(createRouter({ store: options.cacheMs === 0 ? store : cachedStore(store, options.cacheMs) }));
}

/**
 * A client answered by a router the caller already runs (a host's own, over its document
 * store), with no HTTP in between: the MCP endpoint of the preview server and the Worker.
 */
export function routerClient(route: Router): DatasetClient {
  const request = (path: string) => route({ method: 'GET', url: path });
  // The body of a 200 answer, as text; any other answer thrown as its JSON error.
  const getText = async (path: string): Promise<string> => {
    const answer = await request(path);
    if (answer.status !== 200) throw new ApiError(answer.status, parsedAnswer<ErrorBody>(path, answer.body));
    return answer.body;
  };
  const get = async <T>(path: string): Promise<T> => parsedAnswer<T>(path, await getText(path));
  const schema = () => get<SchemaDocument>(`/${SCHEMA_ROUTE}`);
  // The query form's text answer to `params`, or the refusal it gives of a value no URL carries.
  const datasetText = async (params: Partial<Record<string, unknown>>): Promise<string> => {
    const query = queryString(params);
    if (query.ok) return getText(`/${DATASET_ROUTE}?${query.text}`);
    // The refusal the query form gives, of the site the schema document describes.
    const { base_url: baseUrl, generated_at: generatedAt } = (await schema())._meta;
    const body = errorBody('invalid_parameter', query.message, { baseUrl, generatedAt }, query.parameter);
    throw new ApiError(body.error.status, body);
  };
  return {
    async dataset<T extends DatasetType = 'all'>(params: DatasetParams<T> = {}) {
      const path = `/${DATASET_ROUTE}`;
      return parsedAnswer<TypedDatasetResponse<T>>(path, await datasetText(params));
    },
    datasetCsv: (params) => datasetText({ ...params, format: 'csv' }),
    schema,
    changesSince: (cursor) => readChangesSince(request, cursor),
    request,
  };
}

// The answer's JSON; an answer that is not JSON (cut short, or a page that is not the site's) fails, saying so.
function parsedAnswer<T>(path: string, body: string): T {
  try {
    return JSON.parse(body) as T;
  } catch (error) {
    throw new Error(
      `the answer to ${path} is not JSON (${(error as Error).message}): it was cut short, or the host answered with a page that is not the site's (a captive portal, a login page); check the network and that baseUrl is the root of a built dataset site`,
    );
  }
}
