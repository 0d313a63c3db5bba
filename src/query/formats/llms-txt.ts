/**
 * `llms.txt` at the site root (docs/api.md#llms-txt), per the llms.txt convention: an H1,
 * a one-paragraph summary, then lists of links: what the data is, ready queries made from
 * the data itself, the schema, the facets, the changes feed, the refresh and cache policy.
 */
import type { Dataset } from '../semantics/dataset.js';
import { KINDS, kindFilters, type Kind } from '../semantics/kinds.js';
import { API_HEADERS } from '../router/http.js';
import { CHANGES_INDEX_PATH } from './changes-feed.js';
import { FACETS_INDEX_PATH, facetPath } from './facets.js';
import { parameterExamples } from './parameter-examples.js';
import { dumpIndexPath, listingPath, OPENAPI_PATH, SCHEMA_PATH } from './paths.js';
import { DATASET_ROUTE, MCP_ROUTE, queryUrl, SCHEMA_ROUTE, staticUrl } from './urls.js';

/** Path of `llms.txt` in the site. */
export const LLMS_TXT_PATH = 'llms.txt';

/** The content type `llms.txt` is served with. */
export const LLMS_TXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

const LABELS: Record<Kind, string> = { exhibition: 'exhibitions', exhibitor: 'exhibitors', service_provider: 'service providers' };

/** The text of `llms.txt` for a site of this data under `baseUrl`. */
export function llmsTxt(dataset: Dataset, baseUrl: string): string {
  const counts = KINDS.map((kind) => `${dataset.entities[kind].length} ${LABELS[kind]}`).join(', ');
  const url = (path: string) => staticUrl(baseUrl, path);
  const maxAge = /max-age=(\d+)/.exec(API_HEADERS['Cache-Control']!)?.[1];
  const examples = exampleQueries(dataset, baseUrl);
  return [
    '# Trade-show exhibitions, exhibitors and service providers',
    '',
    `> A public, read-only JSON API of ${counts}, in Chinese and English, for AI agents and RAG systems. ` +
      'Every record links to its related records (`_links`) and carries a `_rag_text` ready for embedding. ' +
      'Query it with GET /api/public/dataset (filters industry, country and city; q searches names, text every descriptive field ' +
      '(products, tags, introduction, history, organizer, venue, services), plurals and singulars alike; limit and offset; ' +
      "`_meta.next` gives the next page), or read the precomputed static pages; no key, no rate limit beyond the host's.",
    '',
    '## Query',
    '',
    ...examples.map(([title, link]) => `- [${title}](${link})`),
    `- [Every record, page 1 of the precomputed listing](${url(listingPath('all', {}, 1))}): follow \`_meta.next\` to the end`,
    '',
    '## Schema',
    '',
    `- [Schema and data dictionary](${url(SCHEMA_PATH)}): every field of each kind with its type and meaning, and the parameters of /${DATASET_ROUTE} (also at /${SCHEMA_ROUTE})`,
    `- [OpenAPI 3.1 description](${url(OPENAPI_PATH)}): every path, parameter, answer and error, for generated clients`,
    `- [MCP endpoint](${url(MCP_ROUTE)}): the same data as MCP tools (search_dataset, get_entity, list_facet_values, describe_schema) over Streamable HTTP, stateless: POST JSON-RPC to it, no key (where the site runs dataset-site serve or its Worker over R2)`,
    `- [Facets](${url(FACETS_INDEX_PATH)}): every industry, country and city value of each kind with its count, so filters use values that exist`,
    ...KINDS.flatMap((kind) => kindFilters(kind).map((filter) => `- [Values of ${filter} among ${LABELS[kind]}](${url(facetPath(kind, filter))})`)),
    '',
    '## Bulk',
    '',
    ...KINDS.map(
      (kind) =>
        `- [Every ${kind.replace('_', ' ')} at once](${url(dumpIndexPath(kind))}): the parts of the bulk dump, in order, each one JSON a line (NDJSON, and gzipped) with its entities, bytes and SHA-256: the entities exactly as listed, with \`_links\` and \`_rag_text\`, for RAG ingestion`,
    ),
    '',
    '## Freshness',
    '',
    `- [Changes feed](${url(CHANGES_INDEX_PATH)}): what each build added, changed and removed, by id; keep the last build id and read only what came after it`,
    `- The data is rebuilt every 5 minutes; answers may be cached for ${maxAge ?? 300} seconds (\`Cache-Control: ${API_HEADERS['Cache-Control']}\`), and each answer says when its data was made (\`_meta.generated_at\`).`,
    '',
  ].join('\n');
}

// Ready queries made from the examples.
function exampleQueries(dataset: Dataset, baseUrl: string): [title: string, url: string][] {
  const { city, industry, q, text, cjk } = parameterExamples(dataset, baseUrl);
  const examples: [string, string][] = [];
  if (city) examples.push([`Exhibitions in ${city}`, queryUrl(baseUrl, { type: 'exhibition', city, limit: 100, offset: 0 })]);
  if (industry) examples.push([`Exhibitors in the ${industry} industry`, queryUrl(baseUrl, { type: 'exhibitor', industry, limit: 100, offset: 0 })]);
  if (q)
    examples.push([`Exhibitors whose name has a word starting "${q}", best matches first`, queryUrl(baseUrl, { type: 'exhibitor', q, limit: 20, offset: 0 })]);
  if (text)
    examples.push([
      `Exhibitors that describe themselves with "${text}" (products, tags, introduction), best matches first`,
      queryUrl(baseUrl, { type: 'exhibitor', text, limit: 20, offset: 0 }),
    ]);
  if (cjk) examples.push([`Everything named with "${cjk}"`, queryUrl(baseUrl, { type: 'all', q: cjk, limit: 20, offset: 0 })]);
  return examples;
}
