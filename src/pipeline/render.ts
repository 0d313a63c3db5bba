/**
 * Stage 5, render: every document of the site as a stream of {@link OutputFile}s, so
 * memory holds one page at a time. Each entity is serialized once and spliced into every
 * page that lists it.
 */
import {
  COLLECTIONS,
  FILTERS,
  KINDS,
  PAGE_SIZE,
  SCHEMA_PATH,
  SEARCH_INDEX_VERSION,
  datasetMeta,
  entityPath,
  kindsOf,
  listingPath,
  pageCount,
  relationKind,
  relationPath,
  searchIndexPath,
  staticPageLinks,
  totalsOf,
  type Dataset,
  type DatasetType,
  type Kind,
  type Relation,
  type ResponseContext,
} from '../query/index.js';
import { schemaDocument } from '../schema/document.js';
import { renderHostFiles } from '../serve/adapters/host-files.js';
import type { Listing } from './plan.js';

/** A file of the built site. */
export interface OutputFile {
  /** Path relative to the site root, with `/`. */
  path: string;
  /** The document. When `timestamped`, its `generated_at` is `""`, filled in by the writer. */
  content: string;
  timestamped: boolean;
}

/** Everything rendering needs: the data, the listings to write, the response context. */
export interface RenderInput {
  dataset: Dataset;
  listings: readonly Listing[];
  context: ResponseContext;
}

/** Renders every document of the site: schema, entities, search indexes, listings, relations, host files. */
export function* renderSite({ dataset, listings, context }: RenderInput): Generator<OutputFile> {
  const json = serializeEntities(dataset);
  yield { path: SCHEMA_PATH, content: JSON.stringify(schemaDocument({ ...context, generatedAt: '' })), timestamped: true };
  for (const kind of KINDS) {
    const entities = dataset.entities[kind];
    for (let rank = 0; rank < entities.length; rank++) {
      yield { path: entityPath(kind, entities[rank]!.id), content: json[kind][rank]!, timestamped: false };
    }
    yield { path: searchIndexPath(kind), content: renderSearchIndex(dataset, kind), timestamped: true };
  }
  for (const listing of listings) {
    yield* renderPages(listing.type, listing.matches, (page) => listingPath(listing.type, listing.filters, page), json, context);
  }
  for (const exhibition of dataset.entities.exhibition) {
    for (const relation of ['exhibitors', 'providers'] as const satisfies Relation[]) {
      const ranks = relation === 'exhibitors' ? dataset.linkedExhibitors(exhibition.id) : dataset.coveringProviders(exhibition);
      const kind = relationKind(relation);
      yield* renderPages(kind, { [kind]: ranks }, (page) => relationPath(exhibition.id, relation, page), json, context);
    }
  }
  yield* renderHostFiles(context.baseUrl);
}

type EntityJson = Record<Kind, string[]>;

function serializeEntities(dataset: Dataset): EntityJson {
  return {
    exhibition: dataset.entities.exhibition.map((entity) => JSON.stringify(entity)),
    exhibitor: dataset.entities.exhibitor.map((entity) => JSON.stringify(entity)),
    service_provider: dataset.entities.service_provider.map((entity) => JSON.stringify(entity)),
  };
}

function* renderPages(
  type: DatasetType,
  matches: Partial<Record<Kind, readonly number[]>>,
  pathOf: (page: number) => string,
  json: EntityJson,
  context: ResponseContext,
): Generator<OutputFile> {
  const totals = totalsOf(matches);
  const pages = pageCount(totals);
  for (let page = 1; page <= pages; page++) {
    const window = staticPageLinks(totals, page, context.baseUrl, pathOf);
    let content = '{';
    let count = 0;
    for (const kind of kindsOf(type)) {
      const ranks = (matches[kind] ?? []).slice(window.offset, window.offset + PAGE_SIZE);
      content += `${JSON.stringify(COLLECTIONS[kind])}:[${ranks.map((rank) => json[kind][rank]).join(',')}],`;
      count += ranks.length;
    }
    const meta = datasetMeta({ type, totals, count, ...window }, { ...context, generatedAt: '' });
    yield { path: pathOf(page), content: `${content}"_meta":${JSON.stringify(meta)}}`, timestamped: true };
  }
}

function renderSearchIndex(dataset: Dataset, kind: Kind): string {
  const entities = dataset.entities[kind];
  return JSON.stringify({
    format: 'dataset-site-search',
    version: SEARCH_INDEX_VERSION,
    kind,
    ids: entities.map((entity) => entity.id),
    // Filter postings (normalized value -> ranks), so `q` results can be filtered without the entities.
    postings: Object.fromEntries(FILTERS.map((filter) => [filter, Object.fromEntries(dataset.postings(kind, filter))])),
    index: dataset.searchIndex(kind),
    generated_at: '',
  });
}

