/**
 * Stage 5, render: every document of the site as a stream of {@link OutputDocument}s.
 * Each entity is serialized once as served (entity-store.ts, served-entity.ts), before the
 * changes feed advances from their digests (feed/changes.ts); a page is a recipe that splices
 * those bytes, assembled only by the writer, and only when it changed. The text
 * documents (schema, search index, feed, facets, host files) are made once here, the
 * term shards of the search index in two worker threads.
 */
import {
  DEFAULT_RETENTION_MS,
  SCHEMA_PATH,
  dumpIndexPath,
  dumpPartPath,
  entityPath,
  listingFolder,
  listingLeaves,
  relationFolder,
  dumpIndexDocument,
  snapshotId,
  snapshotPath,
  snapshotText,
  SNAPSHOT_ROOT_PATH,
  type Snapshot,
} from '../../query/formats/index.js';
import {
  bodyVersion,
  renderSearchIndex,
  UNSTAMPED_VERSION,
  type GenerationOf,
  type RenderedSearches,
  type SlotAssignment,
} from '../../query/search/index.js';
import { holdsPages, pageCount, schemaDocument, totalsOf, type ResponseContext } from '../../query/responses/index.js';
import { generatedDocuments } from '../../documents/index.js';
import { firstGeneration, type Manifest, SiteGenerations, slotStateFiles } from '../../site/index.js';
import { type Dataset } from '../../query/dataset/index.js';
import { KINDS, type Kind } from '../../query/semantics/index.js';
import {
  type AssembleContext,
  dumpParts,
  type DumpPart,
  entityDigest,
  entityLength,
  entityVersion,
  serializeEntities,
  stampVersions,
  type EntityStore,
  textDocument,
  type OutputDocument,
  type OutputFile,
  PageRenderer,
  type PagedListing,
  listingDocumentCount,
  pageDictionaries,
} from '../assemble/index.js';
import {
  recordCacheFiles,
  termCacheFiles,
  reusedEntities,
  type CacheScope,
  type PreviousRecords,
  type RecordOrigins,
} from '../cache/index.js';
import { entityServer } from '../model/index.js';
import { renderTermsAside, type RenderedTermShards } from './terms-aside.js';
import { bodyCopies } from './body-copies.js';
import { keepUnchangedVersions } from './body-versions.js';
import type { Listing } from './plan.js';

/**
 * Everything rendering the documents needs: the data, the listings to write, the response
 * context, and what the build made before them: the entities serialized and the feed advanced.
 */
export interface DocumentsInput {
  dataset: Dataset;
  listings: readonly Listing[];
  context: ResponseContext;
  /** The entities as served, each serialized once ({@link serializeDataset}). */
  store: EntityStore;
  /** This build's generation, whose version the bodies it made carry ({@link serializeDataset}). */
  generation: number;
  /** The changes feed's documents and state after this build (feed/changes.ts: advanceFeed, renderFeed). */
  feed: readonly OutputFile[];
  /** The slots of each kind's entities in the search index (this build's, assignSlots). */
  slots: Record<Kind, SlotAssignment>;
  /** The term shards of the search index and the term cache, when already started ({@link renderTermsAside}); else started here. */
  terms?: Promise<RenderedTermShards>;
  /** The entities' origins and the previous build's records: with them, the entities made before keep their bytes and the site holds a record cache for the next build. */
  records?: RecordsInput;
  /** How many pages of each dataset listing the site holds, the rest in leaves; `undefined`: every page. */
  pageDepth?: number;
  /**
   * The previous site's manifest: the generations of its immutable documents (site/generations.ts), as a search index
   * document keeps its generation, and so its path, while its content does not change; and its entity documents,
   * whose bodies a rebuild copies where they change (body-copies.ts).
   * @default none: a first build's
   */
  previousManifest?: Promise<Manifest | undefined>;
  /** Milliseconds a replaced snapshot stays readable: with none, no body is copied. @default DEFAULT_RETENTION_MS, an hour */
  retentionMs?: number;
}

/** What the record cache needs (record-cache.ts). */
export interface RecordsInput {
  origins: RecordOrigins;
  previous: PreviousRecords;
  scope: CacheScope;
}

/** The rendered site: its documents and what assembling their bytes needs. */
export interface RenderedSite extends AssembleContext {
  /** Every document but {@link late}: {@link others}, then the pages of {@link listings}; produced lazily, on each iteration anew. */
  documents: Iterable<OutputDocument>;
  /** How many documents the site holds: those {@link documents} yields, and once known those of {@link late}. */
  count: number;
  /** The documents but the listing pages and {@link late}: text documents, dumps, entities. */
  others: Iterable<OutputDocument>;
  /**
   * The search index's documents, made when its term shards come from their worker threads:
   * the writer takes them last, so that it writes the rest while the worker works.
   */
  late: Promise<OutputDocument[]>;
  /** The listings with pages, in order, which writer threads render (page-batch.ts). */
  listings: readonly PagedListing[];
  /** What the pages are rendered with. */
  responseContext: ResponseContext;
}

/** The entities serialized, and the generation of the build whose version the bodies it made carry. */
export interface SerializedDataset {
  store: EntityStore;
  generation: number;
}

/**
 * Serializes every entity of the dataset once, as served at `baseUrl` (served-entity.ts); an
 * entity the previous build made as this one would keeps its bytes, read from its dump ({@link RecordsInput}).
 * The bodies it makes carry the version of this build's generation: the one after the latest of the `previous`
 * site's manifest (site/generations.ts), or for a first build one drawn from those bodies and the `slots` of their ids.
 */
export function serializeDataset(
  dataset: Dataset,
  baseUrl: string,
  slots: Record<Kind, SlotAssignment>,
  previous?: Manifest,
  records?: RecordsInput,
): SerializedDataset {
  const { latest } = SiteGenerations.of(previous);
  const reused = records && reusedEntities(records.previous, records.origins);
  const serialize = (version: string) => {
    const serve = entityServer(dataset.entities.exhibition, baseUrl, version);
    return serializeEntities(dataset, (kind, entity) => JSON.stringify(serve(kind, entity)), reused);
  };
  if (latest > 0) {
    const generation = latest + 1;
    const store = serialize(bodyVersion(generation));
    if (records !== undefined)
      keepUnchangedVersions(dataset, store, bodyVersion(generation), previous!, records.previous);
    return { store, generation };
  }
  const store = serialize(UNSTAMPED_VERSION);
  const generation = firstGeneration(generationSeed(store, slots));
  stampVersions(store, bodyVersion(generation));
  return { store, generation };
}

/** Renders every document of the site; the term shards of the search index in two worker threads meanwhile, whose documents come {@link RenderedSite.late}. */
export async function renderDocuments({
  dataset,
  listings,
  context,
  store,
  generation,
  feed,
  slots,
  terms = renderTermsAside(dataset, slots),
  records,
  pageDepth,
  previousManifest = Promise.resolve(undefined),
  retentionMs = DEFAULT_RETENTION_MS,
}: DocumentsInput): Promise<RenderedSite> {
  const parts = Object.fromEntries(
    KINDS.map((kind) => [kind, dumpParts(store.bytes[kind], records?.previous[kind]?.sha256)]),
  ) as Record<Kind, DumpPart[]>;
  const dumpIndexes = KINDS.map((kind) => ({
    path: dumpIndexPath(kind),
    content: JSON.stringify(dumpIndexDocument(kind, parts[kind], context.baseUrl)),
    timestamped: false,
  }));
  const texts = [...textDocuments(dataset, context, feed, pageDepth), ...dumpIndexes].map(textDocument);
  if (records !== undefined)
    texts.push(...recordCacheFiles(dataset, store, records.origins, records.scope, parts).map(textDocument));
  texts.push(...slotStateFiles(slots).map(textDocument));
  const late = Promise.all([terms, previousManifest]).then(([{ searches: shards, caches }, previous]) => [
    ...(records === undefined ? [] : termCacheFiles(records.scope.code, caches).map(textDocument)),
    ...generatedDocuments(dataset, context.baseUrl, pageDepth).map(textDocument),
    ...indexDocuments(dataset, store, slots, shards, SiteGenerations.of(previous).builder(generation)),
    ...(retentionMs > 0 ? bodyCopies(dataset, store, previous, records?.previous) : []),
  ]);
  const paged = pagedListings(dataset, listings, pageDepth);
  const assembleContext: AssembleContext = { entities: store.bytes, dictionaries: pageDictionaries(context) };
  const responseContext = { ...context, generatedAt: '' };
  let count = texts.length;
  for (const kind of KINDS) count += dataset.entities[kind].length + 2 * parts[kind].length; // entities and the dump parts
  for (const listing of paged) count += listingDocumentCount(listing);
  const others = { [Symbol.iterator]: () => otherDocuments(dataset, texts, store, parts) };
  const documents = {
    [Symbol.iterator]: () => allDocuments(others, new PageRenderer(assembleContext, responseContext), paged),
  };
  const site: RenderedSite = { ...assembleContext, count, documents, others, late, listings: paged, responseContext };
  late.then(
    (documents) => (site.count += documents.length),
    () => undefined,
  ); // a failure is the writer's to report, awaiting `late`
  return site;
}

// The search indexes of every kind, each document at its generation, and the snapshot naming their entries: its root and its
// immutable copy.
function indexDocuments(
  dataset: Dataset,
  store: EntityStore,
  slots: Record<Kind, SlotAssignment>,
  shards: Record<Kind, RenderedSearches>,
  generationOf: GenerationOf,
): OutputDocument[] {
  const search = {} as Snapshot['search'];
  const documents: OutputDocument[] = [];
  for (const kind of KINDS) {
    const bodyOfRank = (rank: number) => entityVersion(store, kind, rank);
    const index = renderSearchIndex(dataset, kind, slots[kind], bodyOfRank, shards[kind], generationOf);
    search[kind] = index.entries;
    for (const document of index.documents)
      documents.push(textDocument({ ...document, timestamped: document.timestamped ?? true }));
  }
  const generation = Math.max(...KINDS.flatMap((kind) => Object.values(search[kind])));
  const snapshot: Snapshot = { id: snapshotId(generation), generation, search };
  const content = snapshotText(snapshot);
  documents.push(textDocument({ path: snapshotPath(snapshot.id), content, timestamped: true }));
  documents.push(textDocument({ path: SNAPSHOT_ROOT_PATH, content, timestamped: true }));
  return documents;
}

// What a first build's generation is drawn from: the entities' digests and the slots of their ids in the index.
function* generationSeed(store: EntityStore, slots: Record<Kind, SlotAssignment>): Generator<string | Uint8Array> {
  for (const kind of KINDS) {
    yield store.digests[kind];
    yield slots[kind].idsBySlot.join('\n');
  }
}

function* allDocuments(
  others: Iterable<OutputDocument>,
  pages: PageRenderer,
  paged: readonly PagedListing[],
): Generator<OutputDocument> {
  yield* others;
  for (const listing of paged) yield* pages.documents(listing);
}

// The dump parts come first: the largest to make, they are made by the writer threads while this thread renders the rest.
function* otherDocuments(
  dataset: Dataset,
  texts: readonly OutputDocument[],
  store: EntityStore,
  parts: Record<Kind, readonly DumpPart[]>,
): Generator<OutputDocument> {
  for (const kind of KINDS) {
    for (const { key, from, to, bytes } of parts[kind]) {
      yield {
        path: dumpPartPath(kind, key, true),
        body: { form: 'dump', dump: kind, from, to, gzip: true },
        fingerprint: `${key}.gz`,
        size: -1,
        timestamped: false,
      };
      yield {
        path: dumpPartPath(kind, key),
        body: { form: 'dump', dump: kind, from, to, gzip: false },
        fingerprint: key,
        size: bytes,
        timestamped: false,
      };
    }
  }
  yield* texts;
  for (const kind of KINDS) {
    const entities = dataset.entities[kind];
    for (let rank = 0; rank < entities.length; rank++) {
      yield {
        path: entityPath(kind, entities[rank]!.id),
        body: { form: 'entity', kind, rank },
        fingerprint: entityDigest(store, kind, rank),
        size: entityLength(store.bytes[kind], rank),
        timestamped: false,
      };
    }
  }
}

// The documents made as text first: the schema and the changes feed (the generated documents and the search indexes come late).
function textDocuments(
  dataset: Dataset,
  context: ResponseContext,
  feedFiles: readonly OutputFile[],
  pageDepth: number | undefined,
): OutputFile[] {
  const schema: OutputFile = {
    path: SCHEMA_PATH,
    content: JSON.stringify(schemaDocument({ ...context, generatedAt: '' }, dataset.industryGroups(), pageDepth)),
    timestamped: true,
  };
  return [schema, ...feedFiles];
}

// The listings with pages: the planned ones (the first `pageDepth` pages of each, and the
// leaves of those with more; none of `all` with filters, window.ts's holdsPages), each
// exhibition's exhibitors, and the providers of each place.
function pagedListings(dataset: Dataset, listings: readonly Listing[], pageDepth: number | undefined): PagedListing[] {
  const idOf = (kind: Kind, rank: number) => dataset.entities[kind][rank]!.id;
  const paged: PagedListing[] = [];
  for (const { type, filters, matches } of listings) {
    const folder = listingFolder(type, filters);
    const held = pageDepth === undefined ? undefined : { depth: pageDepth, type, filters };
    // Left out here, though heldPageCount gives it no page: a listing with no document goes to no writer thread.
    if (held !== undefined && !holdsPages(held)) continue;
    const short = held === undefined || pageCount(totalsOf(matches)) <= held.depth;
    paged.push(
      short
        ? { type, matches, folder }
        : { type, matches, folder, held, leaves: listingLeaves(type, matches, idOf, held.depth) },
    );
  }
  for (const exhibition of dataset.entities.exhibition) {
    paged.push({
      type: 'exhibitor',
      matches: { exhibitor: dataset.linkedExhibitors(exhibition.id) },
      folder: relationFolder(exhibition, 'exhibitors'),
    });
  }
  // One listing per place, shared by the exhibitions held there (see relationPath).
  const places = new Set<string>();
  for (const exhibition of dataset.entities.exhibition) {
    const folder = relationFolder(exhibition, 'providers');
    if (places.has(folder)) continue;
    places.add(folder);
    paged.push({
      type: 'service_provider',
      matches: { service_provider: dataset.coveringProviders(exhibition) },
      folder,
    });
  }
  return paged;
}
