/** query(): the reference answer to one dataset query, computed offline from a built site. */
import {
  type DatasetResponse,
  errorBody,
  type ErrorBody,
  answerDataset,
  datasetCsv,
  parseSiteQuery,
  unknownRelated,
} from '../query/responses/index.js';
import { readSite } from './read-site.js';

/** Options of {@link queryDataset}. */
export interface QueryOptions {
  /** Folder of the built site. @default 'dist' */
  dir?: string;
  /** Query parameters, as in the query string of `/api/public/dataset`. */
  params: Record<string, string | undefined>;
}

/** The result of a query: HTTP status and JSON body, or with `format=csv` the CSV text (docs/api.md#csv). */
export interface QueryResult {
  status: number;
  body: DatasetResponse | ErrorBody | string;
}

/**
 * Answers one query from the documents of a built site with the reference semantics.
 *
 * ### Usage:
 * ```ts
 * const { body } = await queryDataset({ dir: 'dist', params: { type: 'exhibition', city: 'Köln' } });
 * ```
 */
export async function queryDataset(options: QueryOptions): Promise<QueryResult> {
  const site = await readSite(options.dir ?? 'dist');
  const pairs = Object.entries(options.params).filter((pair): pair is [string, string] => pair[1] !== undefined);
  const parsed = parseSiteQuery(pairs, site.dictionary);
  const context = { baseUrl: site.baseUrl, generatedAt: site.generatedAt, dictionary: site.dictionary };
  if (!parsed.ok)
    return { status: 400, body: errorBody('invalid_parameter', parsed.error.message, context, parsed.error.parameter) };
  const missing = unknownRelated(site.dataset, parsed.query);
  if (missing !== undefined) return { status: 404, body: errorBody('not_found', missing, context) };
  const answer = answerDataset(site.dataset, parsed.query, context);
  if (parsed.query.format !== 'csv') return { status: 200, body: answer };
  return { status: 200, body: datasetCsv(answer, parsed.query, site.dictionary) };
}
