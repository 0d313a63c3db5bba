/**
 * Every static document a site serves, as OpenAPI path templates (docs/api.md#openapi).
 * No template is written by hand: each is the path the build writes the document at, made
 * by the build's own path function (paths.ts, facets.ts, changes-feed.ts, root-files.ts)
 * called with a placeholder for each parameter; and each parameter's example is read off
 * the path the same function gives for the data.
 */
import { CHANGES_INDEX_PATH, changeSetPath } from '../query/formats/changes-feed.js';
import { FACETS_INDEX_PATH, facetPath } from '../query/formats/facets.js';
import { LLMS_TXT_PATH } from '../query/formats/llms-txt.js';
import type { DataExamples } from '../query/formats/parameter-examples.js';
import {
  dumpIndexPath,
  DUMP_PART_KEY,
  dumpPartPath,
  entityPath,
  filterShardPath,
  listingPath,
  OPENAPI_PATH,
  relationPath,
  SCHEMA_PATH,
  searchIndexPath,
  termShardPath,
  commonTermPath,
  commonPartPath,
  idBlockPath,
  exhibitionDatesPath,
  idChunkPath,
} from '../query/formats/paths.js';
import { COMMON_PART_RANKS, ID_BLOCK_RANKS, ID_CHUNK_RANKS } from '../query/formats/common-lists.js';
import { BROWSE_PAGE_PATH, DUMP_CONTENT_TYPES, ROOT_FILES } from '../query/formats/root-files.js';
import type { FilterValues } from '../query/semantics/filters.js';
import {
  COLLECTIONS,
  DATASET_TYPES,
  EXHIBITION_STATUSES,
  FILTERS,
  KINDS,
  typeFilters,
  type DatasetType,
  type Filter,
  type Kind,
} from '../query/semantics/kinds.js';
import { entitySchemaPath } from './entity-schema.js';

/** A JSON Schema, as OpenAPI 3.1 takes it. */
export type JsonSchema = Record<string, unknown>;

/** One kind of static document: where it is, what names it, what it holds. */
export interface DocumentPath {
  /** The OpenAPI path template (`/api/public/exhibitions/{id}.json`). */
  template: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Each path parameter, in the order of the template, with its schema, description and an example from the data. */
  parameters: { name: string; description: string; schema: JsonSchema; example?: string | number }[];
  /** What a 200 holds, by content type (schemas, or `$ref`s to components). */
  content: Record<string, JsonSchema>;
}

/** Component names of the entity schemas, by kind. */
export const ENTITY_SCHEMA: Record<Kind, string> = { exhibition: 'Exhibition', exhibitor: 'Exhibitor', service_provider: 'ServiceProvider' };

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const JSON_TYPE = 'application/json';
const jsonOf = (name: string) => ({ [JSON_TYPE]: ref(name) });

// A placeholder only letters: no path function escapes, normalizes or lower-cases it into something else.
const slot = (name: string) => `zq${name}qz`;
const PAGE_SLOT = 987_654_321;
// Numbers standing for a part of a common term's list, a chunk and a block of ids in a path template.
const [PART_SLOT, CHUNK_SLOT, BLOCK_SLOT] = [987_654_322, 987_654_323, 987_654_324];

// The template of `path` (made with placeholders), `{name}` for each placeholder; with `collection`, the exhibitions' segment is `{collection}`.
function templateOf(path: string, collection = false): string {
  let template = `/${path}`.replace(/zq(\w+?)qz/g, '{$1}').replace(`/${PAGE_SLOT}.json`, '/{page}.json');
  if (collection) template = template.replace(new RegExp(`/${COLLECTIONS.exhibition}(?=[/.])`), '/{collection}');
  return template;
}

// The value of each parameter of `template` in `path`, a path of the data made by the same function.
// Parameters that are numbers in a path.
const NUMBERED = ['page', 'part', 'chunk', 'block'];

function examplesIn(template: string, path: string | undefined): Record<string, string | number> {
  if (path === undefined) return {};
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'));
  const match = new RegExp(`^${pattern}$`).exec(`/${path}`);
  if (match === null) throw new Error(`the example path /${path} does not match ${template}`);
  return Object.fromEntries(names.map((name, i) => [name, NUMBERED.includes(name) ? Number(match[i + 1]) : match[i + 1]!]));
}

const PARAMETER_SCHEMAS: Record<string, { description: string; schema: JsonSchema }> = {
  page: { description: 'The page, from 1; `_meta.next` and `_meta.prev` link the pages of a listing.', schema: { type: 'integer', minimum: 1 } },
  type: { description: 'Which kinds the listing holds.', schema: { type: 'string', enum: DATASET_TYPES } },
  collection: { description: 'The collection.', schema: { type: 'string', enum: KINDS.map((kind) => COLLECTIONS[kind]) } },
  kind: { description: 'The kind of entity.', schema: { type: 'string', enum: KINDS } },
  filter: { description: 'The filter.', schema: { type: 'string', enum: FILTERS } },
  build: {
    description: "The id of a build: its UTC time to the millisecond, digits only. The feed's index lists them.",
    schema: { type: 'string', pattern: '^\\d{8}T\\d{9}Z$' },
  },
  key: { description: "The key of a part, as the dump's index lists it.", schema: { type: 'string', pattern: `^${DUMP_PART_KEY}$` } },
  start: {
    description: 'The first term (or value) of the shard, escaped as a path segment; the index entry lists them.',
    schema: { type: 'string', minLength: 1 },
  },
  term: {
    description: 'A common query term, escaped as a path segment; the index entry lists them (`common`).',
    schema: { type: 'string', minLength: 1 },
  },
  part: {
    description: `The part of a common term's list: its entities have ranks from part × ${COMMON_PART_RANKS}; the list's head names its parts.`,
    schema: { type: 'integer', minimum: 0 },
  },
  chunk: {
    description: `The chunk of ids: the ids of the entities of ranks from chunk × ${ID_CHUNK_RANKS}, in rank order.`,
    schema: { type: 'integer', minimum: 0 },
  },
  block: {
    description: `The block of ids: the ids of the entities of ranks from block × ${ID_BLOCK_RANKS}, in rank order.`,
    schema: { type: 'integer', minimum: 0 },
  },
  id: {
    description:
      "The entity's id. Two forms name the same document: the id escaped as in every `_links` URL (docs/api.md#static-paths: `EXH 1` is `EXH~201`), " +
      'which every host serves, static hosts included; and the raw id, percent-encoded as generated clients send it (`EXH%201`), which the hosts running the ' +
      'router for these paths answer too (dataset-site serve, the Worker over R2, the client SDK), not static hosts (Cloudflare Pages, nginx, Netlify, object storage). ' +
      'A raw id that is itself the escaped form of another id names that other entity.',
    schema: { type: 'string', minLength: 1 },
  },
};

const filterParameter = (filter: Filter, where: string) => ({
  description: `The ${filter}, normalized (NFKC, trimmed, spaces collapsed, lower case) and escaped as a path segment (docs/api.md#static-paths); ${where}.`,
  schema: filter === 'status' ? { type: 'string', enum: EXHIBITION_STATUSES } : { type: 'string', minLength: 1 },
});

// The filters every type has; a listing filtered by another (`status`) is a listing of exhibitions only.
const ALL_FILTERS = typeFilters('all');

// The description of a document at `template` (`examplePath`: where the data puts one), its parameters filled in from the tables above.
function documentPath(
  template: string,
  examplePath: string | undefined,
  operation: Omit<DocumentPath, 'template' | 'parameters'>,
  own: Record<string, { description: string; schema: JsonSchema }> = {},
): DocumentPath {
  const examples = examplesIn(template, examplePath);
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const parameters = names.map((name) => ({
    name,
    ...(own[name] ?? PARAMETER_SCHEMAS[name]!),
    ...(examples[name] === undefined ? {} : { example: examples[name] }),
  }));
  return { template, parameters, ...operation };
}

/** Every static document of a site of this data (`examples`), as path templates with what they hold. */
export function documentPaths(examples: DataExamples): DocumentPath[] {
  const first = examples.entities ?? {};
  const exhibition = first.exhibition;
  const filterExamples: FilterValues = { industry: examples.industry, country: examples.country, city: examples.city, status: examples.status };
  const paths: DocumentPath[] = [
    documentPath(`/${SCHEMA_PATH}`, SCHEMA_PATH, {
      operationId: 'getSchemaDocument',
      summary: 'The schema document, as a static file',
      content: jsonOf('SchemaDocument'),
    }),
    documentPath(`/${OPENAPI_PATH}`, OPENAPI_PATH, {
      operationId: 'getOpenApi',
      summary: 'This OpenAPI document',
      content: { [JSON_TYPE]: { type: 'object' } },
    }),
    documentPath(templateOf(entitySchemaPath('exhibition'), true), entitySchemaPath('exhibitor'), {
      operationId: 'getEntitySchema',
      summary: "The JSON Schema (2020-12) of a collection's entities as served",
      content: { [JSON_TYPE]: { type: 'object' } },
    }),
    ...KINDS.map((kind) =>
      documentPath(templateOf(entityPath(kind, slot('id'))), first[kind] && entityPath(kind, first[kind].id), {
        operationId: `get${ENTITY_SCHEMA[kind]}`,
        summary: `One ${label(kind)}, exactly as listed`,
        content: jsonOf(ENTITY_SCHEMA[kind]),
      }),
    ),
    ...filterCombinations().map((filters) => {
      const names = FILTERS.filter((filter) => filters.includes(filter));
      const placeholders = Object.fromEntries(names.map((filter) => [filter, slot(filter)]));
      const exhibitionsOnly = names.some((filter) => !ALL_FILTERS.includes(filter));
      // Data without a value of one of the filters has no example of this combination.
      const example = names.every((filter) => filterExamples[filter] !== undefined)
        ? listingPath('exhibition', Object.fromEntries(names.map((filter) => [filter, filterExamples[filter]])), 1)
        : undefined;
      return documentPath(
        templateOf(listingPath(exhibitionsOnly ? 'exhibition' : (slot('type') as DatasetType), placeholders, PAGE_SLOT)),
        example,
        {
          operationId: `getListingPage${names.length === 0 ? '' : `By${names.map(capitalized).join('And')}`}`,
          summary: `A precomputed page of ${names.length === 0 ? 'a listing' : `a listing${exhibitionsOnly ? ' of exhibitions' : ''} filtered by ${names.join(' and ')}`}, in the default order`,
          description:
            "Listings of 100 entities a page; a filter combination that no entity holds has no page (404), and the query form answers it with empty arrays. The facets' `listing` URLs name the first page of each value.",
          content: jsonOf('DatasetResponse'),
        },
        Object.fromEntries(names.map((filter) => [filter, filterParameter(filter, 'the facets list every value with the URL of its listing')])),
      );
    }),
    documentPath(templateOf(relationPath({ id: slot('id') }, 'exhibitors', PAGE_SLOT)), exhibition && relationPath(exhibition, 'exhibitors', 1), {
      operationId: 'getExhibitionExhibitors',
      summary: 'A page of the exhibitors of an exhibition (its `_links.exhibitors`)',
      content: jsonOf('DatasetResponse'),
    }),
    documentPath(
      templateOf(relationPath({ id: 'any', country: slot('country'), city: slot('city') }, 'providers', PAGE_SLOT)),
      exhibition && relationPath(exhibition, 'providers', 1),
      {
        operationId: 'getRegionProviders',
        summary: "A page of the providers covering a place (an exhibition's `_links.providers`)",
        description: 'One listing per place, shared by every exhibition held there.',
        content: jsonOf('DatasetResponse'),
      },
      {
        country: {
          description: 'The country of the place, normalized and escaped as a path segment; `~` when the place has none.',
          schema: { type: 'string', minLength: 1 },
        },
        city: {
          description: 'The city of the place, normalized and escaped as a path segment; `~` when the place has none.',
          schema: { type: 'string', minLength: 1 },
        },
      },
    ),
    documentPath(`/${FACETS_INDEX_PATH}`, FACETS_INDEX_PATH, {
      operationId: 'getFacets',
      summary: 'The index of the facet documents',
      content: jsonOf('FacetsIndex'),
    }),
    documentPath(templateOf(facetPath('exhibition', slot('filter') as Filter), true), facetPath('exhibitor', 'industry'), {
      operationId: 'getFacet',
      summary: 'Every value of a filter among a collection, with its count and the URLs of its entities',
      content: jsonOf('Facet'),
    }),
    documentPath(`/${CHANGES_INDEX_PATH}`, CHANGES_INDEX_PATH, {
      operationId: 'getChanges',
      summary: 'The changes feed: the builds kept, oldest first',
      content: jsonOf('ChangesIndex'),
    }),
    documentPath(templateOf(changeSetPath(slot('build'))), changeSetPath('20261122T000000000Z'), {
      operationId: 'getChangeSet',
      summary: 'What one build added, changed and removed, by id',
      content: jsonOf('ChangeSet'),
    }),
    documentPath(templateOf(dumpIndexPath('exhibition'), true), dumpIndexPath('exhibitor'), {
      operationId: 'getDumpIndex',
      summary: 'Every entity of a collection at once: the parts of its bulk dump',
      description: 'Read the parts in order: their lines are every entity of the collection, exactly as listed, in the default order.',
      content: jsonOf('DumpIndex'),
    }),
    documentPath(
      templateOf(dumpPartPath('exhibition', slot('key'))).replace(`/${COLLECTIONS.exhibition}/`, '/{collection}/'),
      dumpPartPath('exhibitor', '0123456789abcdef'),
      {
        operationId: 'getDumpPart',
        summary: 'One part of a bulk dump: one entity a line, each line ending with a newline',
        content: { [DUMP_CONTENT_TYPES.ndjson.split(';')[0]!]: { type: 'string' } },
      },
    ),
    documentPath(
      templateOf(dumpPartPath('exhibition', slot('key'), true)).replace(`/${COLLECTIONS.exhibition}/`, '/{collection}/'),
      dumpPartPath('exhibitor', '0123456789abcdef', true),
      {
        operationId: 'getDumpPartGzip',
        summary: 'One part of a bulk dump, gzipped',
        content: { [DUMP_CONTENT_TYPES.gzip]: { type: 'string', contentMediaType: DUMP_CONTENT_TYPES.gzip } },
      },
    ),
    documentPath(templateOf(searchIndexPath(slot('kind') as Kind)), searchIndexPath('exhibitor'), {
      operationId: 'getSearchIndex',
      summary: "The entry of a kind's search index, which the client SDK reads for `q` (docs/api.md#search-index)",
      content: jsonOf('SearchDocument'),
    }),
    documentPath(templateOf(termShardPath(slot('kind') as Kind, slot('start'))), termShardPath('exhibitor', ''), {
      operationId: 'getSearchTermShard',
      summary: "One shard of the terms of a kind's search index",
      content: jsonOf('SearchDocument'),
    }),
    documentPath(templateOf(commonTermPath(slot('kind') as Kind, slot('term'))), examples.common && commonTermPath('exhibitor', examples.common.term), {
      operationId: 'getSearchCommonTerm',
      summary: "The head of a common query term's list: the name terms it reaches, its classes and its parts (docs/api.md#common-terms)",
      content: jsonOf('SearchDocument'),
    }),
    documentPath(
      templateOf(commonPartPath(slot('kind') as Kind, slot('term'), PART_SLOT)).replace(`/${PART_SLOT}.json`, '/{part}.json'),
      examples.common && commonPartPath('exhibitor', examples.common.term, examples.common.part),
      {
        operationId: 'getSearchCommonPart',
        summary: "One part of a common query term's list: its entities by rank and the class of each",
        content: jsonOf('SearchDocument'),
      },
    ),
    documentPath(templateOf(searchIndexPath(slot('kind') as Kind, 'text')), searchIndexPath('exhibitor', 'text'), {
      operationId: 'getTextIndex',
      summary: "The entry of a kind's `text` index, which the client SDK reads for `text` (docs/api.md#text)",
      content: jsonOf('SearchDocument'),
    }),
    documentPath(templateOf(termShardPath(slot('kind') as Kind, slot('start'), 'text')), termShardPath('exhibitor', '', 'text'), {
      operationId: 'getTextTermShard',
      summary: "One shard of the terms of a kind's `text` index",
      content: jsonOf('SearchDocument'),
    }),
    documentPath(
      templateOf(commonTermPath(slot('kind') as Kind, slot('term'), 'text')),
      examples.textCommon && commonTermPath('exhibitor', examples.textCommon.term, 'text'),
      {
        operationId: 'getTextCommonTerm',
        summary: "The head of a common term's list in a kind's `text` index",
        content: jsonOf('SearchDocument'),
      },
    ),
    documentPath(
      templateOf(commonPartPath(slot('kind') as Kind, slot('term'), PART_SLOT, 'text')).replace(`/${PART_SLOT}.json`, '/{part}.json'),
      examples.textCommon && commonPartPath('exhibitor', examples.textCommon.term, examples.textCommon.part, 'text'),
      {
        operationId: 'getTextCommonPart',
        summary: "One part of a common term's list in a kind's `text` index",
        content: jsonOf('SearchDocument'),
      },
    ),
    documentPath(`/${exhibitionDatesPath()}`, exhibitionDatesPath(), {
      operationId: 'getExhibitionDates',
      summary: "The exhibitions' days by rank, which the client SDK reads for `from`, `to` and `sort` (docs/api.md#dates)",
      content: jsonOf('SearchDocument'),
    }),
    documentPath(templateOf(idChunkPath(slot('kind') as Kind, CHUNK_SLOT)).replace(`/${CHUNK_SLOT}.json`, '/{chunk}.json'), idChunkPath('exhibitor', 0), {
      operationId: 'getSearchIds',
      summary: "A chunk of the ids of a kind's entities by rank, from which a window of matches of common terms is named",
      content: jsonOf('SearchIds'),
    }),
    documentPath(templateOf(idBlockPath(slot('kind') as Kind, BLOCK_SLOT)).replace(`/${BLOCK_SLOT}.json`, '/{block}.json'), idBlockPath('exhibitor', 0), {
      operationId: 'getSearchIdBlock',
      summary: "A block of the ids of a kind's entities by rank: 64 chunks' ids, read where a window needs many of them",
      content: jsonOf('SearchIds'),
    }),
    documentPath(templateOf(filterShardPath(slot('kind') as Kind, slot('filter') as Filter, slot('start'))), filterShardPath('exhibitor', 'industry', ''), {
      operationId: 'getSearchValueShard',
      summary: "One shard of the filter values of a kind's search index",
      content: jsonOf('SearchDocument'),
    }),
    ...Object.entries(ROOT_FILES).map(([path, type]) =>
      documentPath(`/${path}`, path, {
        operationId: `get${path.split(/[/.]/).map(capitalized).join('')}`,
        summary:
          path === LLMS_TXT_PATH
            ? 'What the data is, with ready queries (the llms.txt convention)'
            : path === BROWSE_PAGE_PATH
              ? 'The page to browse the data'
              : "The browse page's script",
        content: { [type.split(';')[0]!]: { type: 'string' } },
      }),
    ),
    documentPath('/', undefined, { operationId: 'getRoot', summary: "The browse page, at the site's root", content: { 'text/html': { type: 'string' } } }),
  ];
  return paths;
}

// Every subset of the filters, the empty one first.
function filterCombinations(): Filter[][] {
  return Array.from({ length: 2 ** FILTERS.length }, (_, bits) => FILTERS.filter((_, i) => bits & (1 << i)));
}

function label(kind: Kind): string {
  return kind.replace('_', ' ');
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
