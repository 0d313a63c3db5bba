/**
 * `llms.txt` at the site root (docs/api.md#llms-txt), per the llms.txt convention: an H1, a
 * one-paragraph summary, then short sections an agent can work from alone: how to query
 * (every parameter, its bounds, ready queries made from the data itself), one record and
 * its relations, the errors, the schema and the tools, bulk reading and freshness. It is
 * read by models: every line says something the agent needs, once.
 */
import { type Dataset } from '../query/dataset/index.js';
import {
  COLLECTIONS,
  FILTERS,
  FILTER_VALUE_SETS,
  KINDS,
  QUERY_FILTERS,
  TAG_FILTERS,
  filterKinds,
  kindFilters,
  typeFilters,
  type Kind,
  DEFAULT_LIMIT,
  MAX_CSV_LIMIT,
  MAX_LIMIT,
  DEFAULT_FACET_SIZE,
  MAX_FACET_SIZE,
  MAX_RELATED_IDS,
  SORTS,
  SEARCH_FIELDS,
} from '../query/semantics/index.js';
import { ERROR_STATUS } from '../query/responses/index.js';
import {
  API_HEADERS,
  CHANGES_INDEX_PATH,
  FACETS_INDEX_PATH,
  facetPath,
  dumpIndexPath,
  entityPath,
  listingPath,
  OPENAPI_PATH,
  PAGE_SIZE,
  relationPath,
  SCHEMA_PATH,
  API_ROOT,
  DATASET_ROUTE,
  MCP_ROUTE,
  queryUrl,
  SCHEMA_ROUTE,
  staticUrl,
  trimSlash,
} from '../query/formats/index.js';
import { facetValues } from './facets.js';
import { parameterExamples } from './parameter-examples.js';
import { filterExample, type DataExamples } from '../schema/index.js';

const LABELS: Record<Kind, string> = {
  exhibition: 'exhibitions',
  exhibitor: 'exhibitors',
  service_provider: 'service providers',
};

/** The text of `llms.txt` for a site of this data under `baseUrl`. */
export function llmsTxt(dataset: Dataset, baseUrl: string): string {
  const counts = KINDS.map((kind) => `${dataset.entities[kind].length} ${LABELS[kind]}`).join(', ');
  const url = (path: string) => staticUrl(baseUrl, path);
  const base = trimSlash(baseUrl);
  const examples = parameterExamples(dataset, baseUrl);
  const maxAge = /max-age=(\d+)/.exec(API_HEADERS['Cache-Control']!)?.[1];
  const collections = KINDS.map((kind) => COLLECTIONS[kind]).join('|');
  // The filters of every kind, and those of the exhibitions alone (`status`), each with its values when they are a closed set.
  const filters = typeFilters('all');
  const code = (values: readonly string[]) => values.map((value) => `\`${value}\``).join(', ');
  const exhibitionFilters = FILTERS.filter((filter) => filterKinds(filter).every((kind) => kind === 'exhibition'))
    .map(
      (filter) =>
        `\`${filter}\`${FILTER_VALUE_SETS[filter] === undefined ? '' : ` (${code(FILTER_VALUE_SETS[filter])})`}`,
    )
    .join('; ');
  const names = new Set(KINDS.flatMap((kind) => SEARCH_FIELDS.q[kind].flat()));
  // Each kind's own fields: an exhibitor's city and country are not among them, an exhibition's are.
  const described = KINDS.map(
    (kind) =>
      `${kind}: ${SEARCH_FIELDS.text[kind]
        .flat()
        .filter((field) => !names.has(field))
        .join(', ')}`,
  ).join('; ');
  return [
    '# Trade-show exhibitions, exhibitors and service providers',
    '',
    `> A public, read-only JSON API of ${counts}, in Chinese and English, for AI agents and RAG systems: GET only, no key. ` +
      'Every record has an `id`, its fields, `_links` (absolute URLs of its document and related records), a `_rag_text` ready for embedding and a `_version` that changes whenever the record does.',
    '',
    '## Query',
    '',
    `GET ${base}/${DATASET_ROUTE} takes these parameters, and refuses any other:`,
    '',
    '- `type`: `exhibition`, `exhibitor`, `service_provider`, or `all` (the default: three arrays, `exhibitions`, `exhibitors`, `service_providers`).',
    `- \`q\`: words in the names only (${[...names].join(', ')}); every word must match, a Latin word as a prefix, Chinese as runs of 2+ characters; best matches first.`,
    `- \`text\`: words in the names and each kind's own descriptive fields (${described}); every word must match, each in any of these fields (not all in one), plural and singular alike, the last word also as a prefix; best matches first, names and tags weighing most.`,
    '- Languages: names, tags and descriptions are in Chinese, English or both, and no search crosses them: `text=solar panel` does not find an exhibitor tagged only 太阳能电池板. To be complete, ask in both languages at once with alternatives between `|`: `text=solar panel|太阳能电池板` finds either, once each.',
    `- ${code(filters)}: one exact value as stored, case, spacing and character width ignored but not accents (\`São Paulo\`, not \`Sao Paulo\`; an industry by its name in either language, a place by its stored name only); the facets below list the values that exist.`,
    queryFilterLine(examples),
    ...relationFilterLines(examples),
    `- Exhibitions only (\`type=exhibition\`; with another type each is a 400): ${exhibitionFilters}; ` +
      `\`from\` and \`to\` (\`YYYY-MM-DD\`, either alone: the exhibitions whose dates overlap the window, both ends included); ` +
      '`start_from` and `start_to` (likewise: the exhibitions that open in the window; query form only); ' +
      `\`sort\` (${code(SORTS).replace(', ', ' or ')}, ties by id).`,
    `- \`limit\`: entities per array, default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT} (more is served as ${MAX_LIMIT}; \`_meta.limit\` says so). ` +
      '`offset`: entities to skip (there is no `page`). Go on with `offset` + `limit`, or follow `_meta.next` until it is null; `_meta.total` counts every match. ' +
      '`limit=0` answers the counts alone (`_meta.total`, `_meta.totals`), with no entity and no dictionary.',
    '- `fields`: names of fields to keep in each entity, comma-separated (`fields=name_en,city`; `id` and `_links.self` always); a name no kind asked has is a 400 listing the fields. ' +
      'Every answer of a query or page carries the data dictionary, `_meta.entities` (what each field returned means), narrowed by `fields` to the fields kept.',
    '- `meta=counts`: no dictionary and no `_links` in the entities (`fields=id&meta=counts`: ids alone, the fewest characters).',
    `- \`facets\` (with one \`type\`): filters of the kind to count the values of over every match, comma-separated (\`type=exhibitor&industry=Robotics&facets=country,city&limit=0\`); \`_meta.facets\` gives per field \`[{"value": "China", "count": 2280}, …]\`, most first, \`facet_size\` values (default ${DEFAULT_FACET_SIZE}, at most ${MAX_FACET_SIZE}). Exact, in one call: no need to page through the matches to count them.`,
    `- \`format=csv\` (with one \`type\`, not all): a CSV file, a header row then a row per entity, the columns \`id\` and the \`fields\` (default: all but \`_links\`, \`_rag_text\`, \`_version\`), arrays joined by \`|\`; \`limit\` up to ${MAX_CSV_LIMIT}; the next window is in the \`Link\` header.`,
    '',
    'Ready queries, made from this data:',
    '',
    ...exampleQueries(examples, baseUrl).map(([title, link]) => `- [${title}](${link})`),
    `- Precomputed pages of ${PAGE_SIZE}, for hosts without the query form: [every record](${url(listingPath('all', {}, 1))})` +
      (examples.upcoming === undefined
        ? ''
        : `, [upcoming exhibitions](${url(listingPath('exhibition', { status: 'upcoming' }, 1))})`) +
      `; /${DATASET_ROUTE}/{type}[/{filter}/{value}]/{page}.json, page from 1; follow \`_meta.next\` (past \`static_pages.depth\`, the query form) to the end. ` +
      pathValueLine(dataset, baseUrl),
    '',
    '## One record and its relations',
    '',
    ...recordLines(examples, url, collections),
    '',
    '## Errors',
    '',
    'An error is JSON: `{"error": {"status", "code", "message", "parameter"}, "_meta": {…}}`; the message says what to send instead.',
    '',
    `- ${ERROR_STATUS.invalid_parameter} \`invalid_parameter\`: a parameter is unknown, given twice, or has a bad value; \`error.parameter\` names it, the message lists what is accepted. Fix that parameter, do not retry as is.`,
    `- ${ERROR_STATUS.not_found} \`not_found\`: no such path or id; ids come from a query, or follow \`_links\`.`,
    `- ${ERROR_STATUS.method_not_allowed} \`method_not_allowed\`: the API answers GET and HEAD only (MCP takes POST at /${MCP_ROUTE}).`,
    `- ${ERROR_STATUS.site_error} \`site_error\`: the site cannot answer (a document missing or broken, its storage failing); retry later.`,
    '',
    '## Schema and tools',
    '',
    `- [Schema and data dictionary](${url(SCHEMA_PATH)}): every field of each kind with its type and meaning, and the parameters above (also at /${SCHEMA_ROUTE})`,
    `- [OpenAPI 3.1 description](${url(OPENAPI_PATH)}): every path, parameter, answer and error, for generated clients`,
    `- [MCP endpoint](${url(MCP_ROUTE)}): the same data as MCP tools over Streamable HTTP, stateless (POST JSON-RPC, no key; where the site runs \`dataset-site serve\` or its Worker over R2; ` +
      `elsewhere \`dataset-site mcp --base-url ${base}\` over stdio): search_dataset (the parameters above), get_entity, list_facet_values, describe_schema; ` +
      "a tool refuses an argument it does not know, naming it. Every `_links` URL of an answer (a record, an exhibition's `exhibitors` and `providers` pages) is also an MCP resource, read with resources/read",
    `- [Facets](${url(FACETS_INDEX_PATH)}): each kind's values of each of its filters with their counts, ` +
      `at /${API_ROOT}/facets/{${collections}}/{filter}.json, ` +
      `for example [countries of exhibitions](${url(facetPath('exhibition', 'country'))}); ` +
      `[product tags](${url(facetPath('exhibitor', 'product'))}) and [service types](${url(facetPath('service_provider', 'service'))}) list each tag in every language the data holds: the vocabulary to ask both`,
    '',
    '## Bulk and freshness',
    '',
    `- Every record at once: ${KINDS.map((kind) => `[${LABELS[kind]}](${url(dumpIndexPath(kind))})`).join(', ')}: ` +
      'each a dump index listing its parts in order, NDJSON (and gzipped), with counts, bytes and SHA-256; records exactly as listed',
    `- [Changes feed](${url(CHANGES_INDEX_PATH)}): what each build added, changed and removed, by id; keep the last build id and read only what came after it`,
    `- The data changes when the site is rebuilt: each answer says when its data was built (\`_meta.generated_at\`); answers may be cached for ${maxAge ?? 300} seconds (\`Cache-Control: ${API_HEADERS['Cache-Control']}\`).`,
    '',
  ].join('\n');
}

// The query filters (no static pages), each with the type it needs and its closed set of values, a tag filter's
// alternatives in both languages with a tag of the data.
function queryFilterLine(examples: DataExamples): string {
  const each = QUERY_FILTERS.map((filter) => {
    const values = FILTER_VALUE_SETS[filter]?.map((value) => `\`${value}\``) ?? [];
    return `\`${filter}\` (${[...values, ...filterKinds(filter).map((kind) => `\`type=${kind}\``)].join(', ')})`;
  });
  const tag = examples.filters?.exhibitor?.product ?? 'Solar panels';
  return (
    `- Query form only (no precomputed pages), exact as the filters above: ${each.join(', ')}. ` +
    `${TAG_FILTERS.map((filter) => `\`${filter}\``).join(' and ')} match a tag whole (not a word of it), plural and singular alike, ` +
    `several between \`|\` finding any: \`product=${tag}|…\` with the tag in the other language, from the facets below.`
  );
}

// The relation filters of the query form, with an exhibition and an exhibitor of the data.
function relationFilterLines(examples: DataExamples): string[] {
  const exhibition = examples.exhibition ?? examples.entities?.exhibition?.id ?? 'ID';
  const exhibitor = examples.exhibitor ?? examples.entities?.exhibitor?.id ?? 'ID';
  return [
    `- Relations: \`type=exhibitor&exhibition=${exhibition}\` lists the exhibitors of that exhibition, \`type=exhibition&exhibitor=${exhibitor}\` the exhibitions of that exhibitor (ids as in \`id\`); ` +
      `several ids between \`|\` (up to ${MAX_RELATED_IDS}) list those of any of them, each once; ` +
      'both combine with the filters, `q`, `text`, `fields`, `limit` and `sort`; an unknown id is a 404 naming it.',
  ];
}

// How a filter value is written in a static path, with a value of the data that holds a space.
function pathValueLine(dataset: Dataset, baseUrl: string): string {
  const spaced = kindFilters('exhibition')
    .flatMap((filter) => facetValues(dataset, 'exhibition', filter, baseUrl).map(({ label }) => ({ filter, label })))
    .find(({ label }) => label.includes(' '));
  const example =
    spaced === undefined
      ? ''
      : ` ([exhibitions in ${spaced.label}](${staticUrl(baseUrl, listingPath('exhibition', { [spaced.filter]: spaced.label }, 1))}); \`${spaced.filter}/${encodeURIComponent(spaced.label)}\` is a 404)`;
  return (
    'In a path a filter value is lower case, a space written `-`, a character other than a letter, digit or `_` as `~` and its UTF-8 bytes in hex' +
    `${example}; the query form takes a value as written: prefer it.`
  );
}

// Ready queries made from the examples.
function exampleQueries(examples: DataExamples, baseUrl: string): [title: string, url: string][] {
  const { q, text, cjk, upcoming } = examples;
  const city = filterExample(examples, 'city', 'exhibition');
  const industry = filterExample(examples, 'industry', 'exhibitor');
  const queries: [string, string][] = [];
  if (city)
    queries.push([`Exhibitions in ${city}`, queryUrl(baseUrl, { type: 'exhibition', city, limit: 100, offset: 0 })]);
  if (industry)
    queries.push([
      `Exhibitors in the ${industry} industry`,
      queryUrl(baseUrl, { type: 'exhibitor', industry, limit: 100, offset: 0 }),
    ]);
  if (q)
    queries.push([
      `Exhibitors whose name has a word starting "${q}"`,
      queryUrl(baseUrl, { type: 'exhibitor', q, limit: 20, offset: 0 }),
    ]);
  if (text)
    queries.push([
      `Exhibitors that describe themselves with "${text}"`,
      queryUrl(baseUrl, { type: 'exhibitor', text, limit: 20, offset: 0 }),
    ]);
  if (cjk)
    queries.push([`Everything named with "${cjk}"`, queryUrl(baseUrl, { type: 'all', q: cjk, limit: 20, offset: 0 })]);
  if (upcoming) {
    const { country, from, to } = upcoming;
    queries.push([
      `Upcoming exhibitions in ${country} from ${from} to ${to}, soonest first`,
      queryUrl(baseUrl, {
        type: 'exhibition',
        country,
        status: 'upcoming',
        from,
        to,
        sort: 'start_date',
        limit: 20,
        offset: 0,
      }),
    ]);
  }
  return queries;
}

// How to read one record by id, and an exhibition's related records, with examples from the data.
function recordLines(examples: DataExamples, url: (path: string) => string, collections: string): string[] {
  const exhibition = examples.entities?.exhibition;
  const lines = [
    `- One record by id: /${API_ROOT}/{${collections}}/{id}.json` +
      (exhibition === undefined
        ? ''
        : `, for example [exhibition ${exhibition.id}](${url(entityPath('exhibition', exhibition.id))})`) +
      '. An id with characters other than letters, digits, `-` and `_` is escaped in the path: use the `_links.self` of a query answer.',
  ];
  if (exhibition !== undefined) {
    lines.push(
      `- An exhibition's exhibitors: its \`_links.exhibitors\`, pages of ${PAGE_SIZE} (for example [those of ${exhibition.id}](${url(relationPath(exhibition, 'exhibitors', 1))})); ` +
        `the service providers covering its country or city: its \`_links.providers\` ([those of ${exhibition.id}](${url(relationPath(exhibition, 'providers', 1))})). ` +
        "An exhibitor's exhibitions: its `_links.exhibitions`.",
    );
  }
  return lines;
}
