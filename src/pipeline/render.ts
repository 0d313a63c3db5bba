/**
 * Stage 5, render: every document of the site as a stream of {@link OutputDocument}s.
 * Each entity is serialized once (see entity-store.ts); a page is a recipe that splices
 * those bytes, assembled only by the writer, and only when it changed.
 */
import {
  FILTERS,
  KINDS,
  SCHEMA_PATH,
  SEARCH_INDEX_FORMAT,
  SEARCH_INDEX_VERSION,
  encodePostings,
  entityPath,
  listingPath,
  relationPath,
  searchIndexPath,
  searchNames,
  type Dataset,
  type Kind,
  type ResponseContext,
} from '../query/index.js';
import { schemaDocument } from '../schema/document.js';
import { renderHostFiles } from '../serve/adapters/host-files.js';
import type { AssembleContext, DocumentBody } from './assemble.js';
import { serializeEntities, type EntityStore } from './entity-store.js';
import { contentHash } from './manifest.js';
import { PageRenderer, pageDictionaries } from './pages.js';
import type { Listing } from './plan.js';

/** A text file of the built site. */
export interface OutputFile {
  /** Path relative to the site root, with `/`. */
  path: string;
  /** The document. When `timestamped`, its `generated_at` is `""`, filled in by the writer. */
  content: string;
  timestamped: boolean;
}

/** A document of the built site, as the writer receives it. */
export interface OutputDocument {
  /** Path relative to the site root, with `/`. */
  path: string;
  /** How to make its bytes (see assemble.ts). When `timestamped`, its `generated_at` is `""`. */
  body: DocumentBody;
  /** Fingerprint of the bytes (with an empty `generated_at`): equal fingerprints, equal bytes. */
  hash: string;
  /** Size in bytes, with an empty `generated_at`. */
  size: number;
  /** Whether it holds a `"generated_at":""` for the writer to fill in. */
  timestamped: boolean;
}

/** Everything rendering needs: the data, the listings to write, the response context. */
export interface RenderInput {
  dataset: Dataset;
  listings: readonly Listing[];
  context: ResponseContext;
}

/** The rendered site: its documents and what assembling their bytes needs. */
export interface RenderedSite extends AssembleContext {
  /** Schema, entities, search indexes, listings, relations, host files; produced lazily, on each iteration anew. */
  documents: Iterable<OutputDocument>;
}

/** Renders every document of the site. */
export function renderSite({ dataset, listings, context }: RenderInput): RenderedSite {
  const store = serializeEntities(dataset);
  const assembleContext: AssembleContext = { entities: store.bytes, dictionaries: pageDictionaries(context) };
  const pages = new PageRenderer(store, assembleContext, context);
  return { ...assembleContext, documents: { [Symbol.iterator]: () => documents(dataset, listings, context, store, pages) } };
}

function* documents(dataset: Dataset, listings: readonly Listing[], context: ResponseContext, store: EntityStore, pages: PageRenderer): Generator<OutputDocument> {
  yield textDocument({ path: SCHEMA_PATH, content: JSON.stringify(schemaDocument({ ...context, generatedAt: '' })), timestamped: true });
  for (const kind of KINDS) {
    const entities = dataset.entities[kind];
    const { spans } = store.bytes[kind];
    const digests = store.digests[kind];
    for (let rank = 0; rank < entities.length; rank++) {
      yield {
        path: entityPath(kind, entities[rank]!.id),
        body: { kind: KINDS.indexOf(kind), rank },
        hash: digests.toString('base64url', rank * 20, rank * 20 + 20),
        size: spans[rank * 3 + 2]!,
        timestamped: false,
      };
    }
    yield textDocument({ path: searchIndexPath(kind), content: renderSearchIndex(dataset, kind), timestamped: true });
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
  for (const file of renderHostFiles(context.baseUrl)) yield textDocument(file);
}

/** A text file as a document: its fingerprint is the SHA-1 of its content. */
export function textDocument(file: OutputFile): OutputDocument {
  const body = { text: file.content };
  return { path: file.path, body, hash: contentHash(file.content), size: Buffer.byteLength(file.content), timestamped: file.timestamped };
}

function renderSearchIndex(dataset: Dataset, kind: Kind): string {
  const entities = dataset.entities[kind];
  return JSON.stringify({
    format: SEARCH_INDEX_FORMAT,
    version: SEARCH_INDEX_VERSION,
    kind,
    ids: entities.map((entity) => entity.id),
    // Filter postings (normalized value -> encoded ranks), so `q` results can be filtered without the entities.
    postings: Object.fromEntries(FILTERS.map((filter) => [filter, encodePostings(dataset.postings(kind, filter))])),
    index: searchNames(kind, entities),
    generated_at: '',
  });
}
