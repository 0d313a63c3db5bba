/**
 * Stage 5, render: every document of the site as a stream of {@link OutputDocument}s.
 * Each entity is serialized once (see entity-store.ts); a page is a recipe that splices
 * those bytes, assembled only by the writer, and only when it changed.
 */
import { createHash } from 'node:crypto';
import { renderHostFiles } from '../hosts/host-files.js';
import { SCHEMA_PATH, dumpPath, entityPath, listingPath, relationPath } from '../query/formats/paths.js';
import { schemaDocument } from '../query/formats/schema-document.js';
import { renderSearchIndex } from '../query/formats/search-index.js';
import type { ResponseContext } from '../query/responses/dataset-response.js';
import type { Dataset } from '../query/semantics/dataset.js';
import { FILTERS, KINDS } from '../query/semantics/kinds.js';
import { LLMS_TXT_PATH, llmsTxt } from '../query/formats/llms-txt.js';
import { parameterExamples } from '../query/formats/parameter-examples.js';
import { entitySchemaDocument, entitySchemaPath, openApiDocument } from '../schema/openapi.js';
import { OPENAPI_PATH } from '../query/formats/paths.js';
import { FACETS_INDEX_PATH, facetDocument, facetPath, facetsIndexDocument } from '../query/formats/facets.js';
import { dumpSize, type AssembleContext } from './assemble.js';
import { entityDigest, entityLength, serializeEntities, type EntityStore } from './entity-store.js';
import { advanceFeed, renderFeed, type FeedState } from './changes.js';
import { textDocument, type OutputDocument, type OutputFile } from './output.js';
import { PageRenderer, pageDictionaries } from './pages.js';
import type { Listing } from './plan.js';

/** Everything rendering needs: the data, the listings to write, the response context, the changes feed so far. */
export interface RenderInput {
  dataset: Dataset;
  listings: readonly Listing[];
  context: ResponseContext;
  feed: FeedInput;
}

/** The changes feed before this build, when this build is made, and how many days it keeps. */
export interface FeedInput {
  previous: FeedState | undefined;
  now: Date;
  windowDays: number;
}

/** The rendered site: its documents and what assembling their bytes needs. */
export interface RenderedSite extends AssembleContext {
  /** Schema, entities, search indexes, listings, relations, host files; produced lazily, on each iteration anew. */
  documents: Iterable<OutputDocument>;
}

/** Renders every document of the site. */
export function renderSite({ dataset, listings, context, feed }: RenderInput): RenderedSite {
  const store = serializeEntities(dataset);
  const state = advanceFeed(feed.previous, entityDigests(dataset, store), feed.now, feed.windowDays);
  const feedFiles = renderFeed(state, context.baseUrl, feed.windowDays);
  const assembleContext: AssembleContext = { entities: store.bytes, dictionaries: pageDictionaries(context) };
  const pages = new PageRenderer(store, assembleContext, context);
  return { ...assembleContext, documents: { [Symbol.iterator]: () => documents(dataset, listings, context, store, pages, feedFiles) } };
}

function* documents(
  dataset: Dataset,
  listings: readonly Listing[],
  context: ResponseContext,
  store: EntityStore,
  pages: PageRenderer,
  feedFiles: readonly OutputFile[],
): Generator<OutputDocument> {
  yield textDocument({ path: SCHEMA_PATH, content: JSON.stringify(schemaDocument({ ...context, generatedAt: '' })), timestamped: true });
  for (const kind of KINDS) {
    const entities = dataset.entities[kind];
    for (let rank = 0; rank < entities.length; rank++) {
      yield {
        path: entityPath(kind, entities[rank]!.id),
        body: { kind, rank },
        fingerprint: entityDigest(store, kind, rank),
        size: entityLength(store.bytes[kind], rank),
        timestamped: false,
      };
    }
    for (const document of renderSearchIndex(dataset, kind)) yield textDocument({ ...document, timestamped: true });
    for (const gzip of [false, true]) {
      const body = { dump: kind, gzip };
      const fingerprint = createHash('sha1').update(store.digests[kind]).update(gzip ? 'ndjson.gz' : 'ndjson').digest('base64url');
      yield { path: dumpPath(kind, gzip), body, fingerprint, size: gzip ? -1 : dumpSize(store.bytes[kind]), timestamped: false };
    }
  }
  for (const listing of listings) {
    yield* pages.pages(listing.type, listing.matches, (page) => listingPath(listing.type, listing.filters, page));
  }
  for (const exhibition of dataset.entities.exhibition) {
    yield* pages.pages('exhibitor', { exhibitor: dataset.linkedExhibitors(exhibition.id) }, (page) => relationPath(exhibition, 'exhibitors', page));
  }
  // One listing per place, shared by the exhibitions held there (see relationPath).
  const places = new Set<string>();
  for (const exhibition of dataset.entities.exhibition) {
    const pathOf = (page: number) => relationPath(exhibition, 'providers', page);
    if (places.has(pathOf(1))) continue;
    places.add(pathOf(1));
    yield* pages.pages('service_provider', { service_provider: dataset.coveringProviders(exhibition) }, pathOf);
  }
  for (const file of feedFiles) yield textDocument(file);
  yield textDocument({ path: OPENAPI_PATH, content: JSON.stringify(openApiDocument(context.baseUrl, parameterExamples(dataset, context.baseUrl))), timestamped: false });
  for (const kind of KINDS) yield textDocument({ path: entitySchemaPath(kind), content: JSON.stringify(entitySchemaDocument(kind)), timestamped: false });
  yield textDocument({ path: LLMS_TXT_PATH, content: llmsTxt(dataset, context.baseUrl), timestamped: false });
  yield textDocument({ path: FACETS_INDEX_PATH, content: JSON.stringify(facetsIndexDocument(context.baseUrl)), timestamped: true });
  for (const kind of KINDS) {
    for (const filter of FILTERS) yield textDocument({ path: facetPath(kind, filter), content: JSON.stringify(facetDocument(dataset, kind, filter, context.baseUrl)), timestamped: true });
  }
  for (const file of renderHostFiles(context.baseUrl)) yield textDocument(file);
}

// Every entity's digest, by kind and id: what the changes feed compares across builds.
function entityDigests(dataset: Dataset, store: EntityStore): FeedState['digests'] {
  const digests = {} as FeedState['digests'];
  for (const kind of KINDS) digests[kind] = Object.fromEntries(dataset.entities[kind].map((entity, rank) => [entity.id, entityDigest(store, kind, rank)]));
  return digests;
}
