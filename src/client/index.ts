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
import type { ErrorBody, SchemaDocument } from '../query/responses/index.js';
import { fetchStore, type FetchLike, type RouterResponse, createRouter, type Router } from '../query/router/index.js';
import { cachedStore } from './cached-store.js';
import { readChangesSince, type ChangesSince } from './changes.js';
import type { TypedDatasetResponse } from './entities.js';
import type { DatasetQuery, DatasetType } from '../query/semantics/index.js';

export type { DatasetMeta, DatasetResponse, ErrorBody, SchemaDocument } from '../query/responses/index.js';
export type { FetchLike, RouterResponse } from '../query/router/index.js';
export type { Entity, DatasetType, ExhibitionStatus, Sort } from '../query/semantics/index.js';
export type { Exhibition, Exhibitor, ServiceProvider, TypedDatasetResponse } from './entities.js';
export type { ChangesSince } from './changes.js';
export type { ChangeSetDocument } from '../query/formats/index.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** URL of the site root, where `api/public/` lives (`https://data.example.com`). */
  baseUrl: string;
  /** The fetch to use. @default globalThis.fetch */
  fetch?: FetchLike;
  /** Milliseconds a fetched document is reused; 0 fetches every time. @default 300000, the API's max-age */
  cacheMs?: number;
}

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
  const fetch = options.fetch ?? (globalThis as { fetch?: FetchLike }).fetch;
  if (!fetch) throw new Error('no fetch in this runtime; pass one as the fetch option');
  const store = fetchStore(options.baseUrl, fetch);
  return routerClient(createRouter({ store: options.cacheMs === 0 ? store : cachedStore(store, options.cacheMs) }));
}

/**
 * A client answered by a router the caller already runs (a host's own, over its document
 * store), with no HTTP in between: the MCP endpoint of the preview server and the Worker.
 */
export function routerClient(route: Router): DatasetClient {
  const request = (path: string) => route({ method: 'GET', url: path });
  const get = async <T>(path: string): Promise<T> => {
    const answer = await request(path);
    const body = JSON.parse(answer.body) as T;
    if (answer.status !== 200) throw new ApiError(answer.status, body as ErrorBody);
    return body;
  };
  return {
    dataset: <T extends DatasetType = 'all'>(params: DatasetParams<T> = {}) =>
      get<TypedDatasetResponse<T>>(`/${DATASET_ROUTE}?${queryString(params)}`),
    schema: () => get<SchemaDocument>(`/${SCHEMA_ROUTE}`),
    changesSince: (cursor) => readChangesSince(request, cursor),
    request,
  };
}

function queryString(params: Partial<Record<string, unknown>>): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
}
