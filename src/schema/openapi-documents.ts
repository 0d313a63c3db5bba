/**
 * Every static document a site serves, as OpenAPI path templates (docs/api.md#openapi).
 * No template is written by hand: each is the path the build writes the document at, made
 * by the build's own path function (paths.ts, facets.ts, changes-feed.ts, root-files.ts)
 * called with placeholders (openapi-path-template.ts); the search indexes' documents are
 * listed in openapi-search-paths.ts.
 */
import {
  CHANGES_INDEX_PATH,
  changeSetPath,
  FACETS_INDEX_PATH,
  facetPath,
  dumpIndexPath,
  dumpPartPath,
  entityPath,
  listingPath,
  OPENAPI_PATH,
  relationPath,
  SCHEMA_PATH,
  BROWSE_PAGE_PATH,
  DUMP_CONTENT_TYPES,
  LLMS_TXT_PATH,
  ROOT_FILES,
} from '../query/formats/index.js';
import {
  type FilterValues,
  COLLECTIONS,
  FILTER_VALUE_SETS,
  FILTERS,
  KINDS,
  typeFilters,
  type DatasetType,
  type Filter,
  type Kind,
} from '../query/semantics/index.js';
import type { DataExamples } from './data-examples.js';
import { entitySchemaPath } from './entity-schema.js';
import {
  documentPath,
  JSON_TYPE,
  jsonOf,
  numberSlot,
  slot,
  templateOf,
  type DocumentPath,
} from './openapi-path-template.js';

/** Component names of the entity schemas, by kind. */
export const ENTITY_SCHEMA: Record<Kind, string> = {
  exhibition: 'Exhibition',
  exhibitor: 'Exhibitor',
  service_provider: 'ServiceProvider',
};

const filterParameter = (filter: Filter, where: string) => ({
  description: `The ${filter}, normalized (NFKC, trimmed, spaces collapsed, lower case) and escaped as a path segment (docs/api.md#static-paths); ${where}.`,
  schema:
    FILTER_VALUE_SETS[filter] === undefined
      ? { type: 'string', minLength: 1 }
      : { type: 'string', enum: FILTER_VALUE_SETS[filter] },
});

// The filters every type has; a listing filtered by another (`status`) is a listing of exhibitions only.
const ALL_FILTERS = typeFilters('all');

/** Every static document of a site of this data (`examples`), as path templates with what they hold. */
export function documentPaths(examples: DataExamples): DocumentPath[] {
  const first = examples.entities ?? {};
  const exhibition = first.exhibition;
  const filterExamples: FilterValues = examples.filters?.exhibition ?? {};
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
        templateOf(
          listingPath(exhibitionsOnly ? 'exhibition' : (slot('type') as DatasetType), placeholders, numberSlot('page')),
        ),
        example,
        {
          operationId: `getListingPage${names.length === 0 ? '' : `By${names.map(capitalized).join('And')}`}`,
          summary: `A precomputed page of ${names.length === 0 ? 'a listing' : `a listing${exhibitionsOnly ? ' of exhibitions' : ''} filtered by ${names.join(' and ')}`}, in the default order`,
          description:
            "Listings of 100 entities a page; a filter combination that no entity holds has no page (404), and the query form answers it with empty arrays. The facets' `listing` URLs name the first page of each value. A large site holds the first pages of each listing only (`static_pages.depth` in the schema document; `null`: every page), and no page of type `all` with filters (its kinds' listings of the same filters hold them): the last one's `next` is the query form, and a page past the depth, or of `all` with filters, is a 404 that names the depth.",
          content: jsonOf('DatasetResponse'),
        },
        Object.fromEntries(
          names.map((filter) => [
            filter,
            filterParameter(filter, 'the facets list every value with the URL of its listing'),
          ]),
        ),
      );
    }),
    documentPath(
      templateOf(relationPath({ id: slot('id') }, 'exhibitors', numberSlot('page'))),
      exhibition && relationPath(exhibition, 'exhibitors', 1),
      {
        operationId: 'getExhibitionExhibitors',
        summary: 'A page of the exhibitors of an exhibition (its `_links.exhibitors`)',
        content: jsonOf('DatasetResponse'),
      },
    ),
    documentPath(
      templateOf(
        relationPath({ id: 'any', country: slot('country'), city: slot('city') }, 'providers', numberSlot('page')),
      ),
      exhibition && relationPath(exhibition, 'providers', 1),
      {
        operationId: 'getRegionProviders',
        summary: "A page of the providers covering a place (an exhibition's `_links.providers`)",
        description: 'One listing per place, shared by every exhibition held there.',
        content: jsonOf('DatasetResponse'),
      },
      {
        country: {
          description:
            'The country of the place, normalized and escaped as a path segment; `~` when the place has none.',
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
    documentPath(
      templateOf(facetPath('exhibition', slot('filter') as Filter), true),
      facetPath('exhibitor', 'industry'),
      {
        operationId: 'getFacet',
        summary: 'Every value of a filter among a collection, with its count and the URLs of its entities',
        content: jsonOf('Facet'),
      },
    ),
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
      description:
        'Read the parts in order: their lines are every entity of the collection, exactly as listed, in the default order.',
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
      templateOf(dumpPartPath('exhibition', slot('key'), true)).replace(
        `/${COLLECTIONS.exhibition}/`,
        '/{collection}/',
      ),
      dumpPartPath('exhibitor', '0123456789abcdef', true),
      {
        operationId: 'getDumpPartGzip',
        summary: 'One part of a bulk dump, gzipped',
        content: { [DUMP_CONTENT_TYPES.gzip]: { type: 'string', contentMediaType: DUMP_CONTENT_TYPES.gzip } },
      },
    ),
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
    documentPath('/', undefined, {
      operationId: 'getRoot',
      summary: "The browse page, at the site's root",
      content: { 'text/html': { type: 'string' } },
    }),
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
