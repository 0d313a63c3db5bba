/**
 * The term shards of the search indexes, the largest part of rendering, made in two worker
 * threads while the main thread serializes the entities and renders the other documents.
 * The work comes in pieces, a search of a kind: the `text` index of the largest kind is most
 * of it (the exhibitors' on the generated sets), so it has a thread of its own, started first,
 * and the other pieces share the second. A worker gets only each entity's id and the
 * fields its pieces read, packed in strings (packed-search-fields.ts): a string is copied at
 * once, where cloning an object per entity held the main thread. The fields are packed only of
 * the entities whose terms the previous build's term cache does not hold (pipeline/cache/term-entries.ts).
 */
import { Worker } from 'node:worker_threads';
import { type RenderedSearches, type SlotAssignment } from '../../query/search/index.js';
import { type Dataset } from '../../query/dataset/index.js';
import { type Entity, KINDS, type Kind, SEARCHES, type Search } from '../../query/semantics/index.js';
import { compiledWorkerUrl } from '../../shared/index.js';
import {
  DAMAGED_TERM_CACHE,
  entryKeys,
  knownRanks,
  readPieceCache,
  type PieceCache,
  type RecordOrigins,
  type TermCaches,
} from '../cache/index.js';
import { packSearchFields } from './packed-search-fields.js';
import { renderTermPiece, type RenderedPiece, type TermsPiece } from './term-piece.js';

const WORKER_URL = compiledWorkerUrl('./term-shards-worker.js', import.meta.url);

/**
 * Megabytes of a worker's young generation: 64 for `q` alone (the default is collected several
 * times as often); 128 for a worker with `text`, ten times the postings. 384 had spent 10–15%
 * less CPU on the L set's exhibitors when they were all tokenized each build; with the term
 * cache, a rebuild at L takes the same time with 128 (ratio 0.99 in turn, 3 runs each) and a
 * peak of 2.7 GB instead of 3.3, and a cold build 2.9 GB instead of 3.1.
 */
const YOUNG_GENERATION_MB: Record<Search, number> = { q: 64, text: 128 };

/** The term shards of every search of every kind, and the term cache for the next build. */
export interface RenderedTermShards {
  searches: Record<Kind, RenderedSearches>;
  caches: TermCaches;
}

/** What the term shards are rendered with besides the dataset and its slots. */
export interface TermsAsideOptions {
  /** The previous build's term cache: the entities it holds are not tokenized again. */
  previous?: TermCaches;
  /** The origins of the entities' records, whose keys the term cache keeps entries under; without them, no entry is taken. */
  origins?: RecordOrigins;
  /** Stops the workers (the promise then rejects). */
  signal?: AbortSignal;
}

/**
 * Starts rendering the term shards of every search of every kind, naming entities by their
 * `slots`, in two worker threads (in this thread when there is no compiled worker to start),
 * taking from the previous build's term cache the entities it holds.
 */
export async function renderTermsAside(
  dataset: Dataset,
  slots: Record<Kind, SlotAssignment>,
  { previous = {}, origins, signal }: TermsAsideOptions = {},
): Promise<RenderedTermShards> {
  const largest = KINDS.reduce((most, kind) =>
    dataset.entities[kind].length > dataset.entities[most].length ? kind : most,
  );
  // The largest piece is packed and started first: the build waits for it.
  const groups = [
    [{ search: 'text', kind: largest }],
    SEARCHES.flatMap((search) =>
      KINDS.filter((kind) => search !== 'text' || kind !== largest).map((kind) => ({ search, kind })),
    ),
  ] as const;
  const keysOf = new Map<Kind, Uint32Array>();
  const piece = ({ search, kind }: { search: Search; kind: Kind }, cached: boolean): TermsPiece => {
    const entities = dataset.entities[kind];
    let keys = keysOf.get(kind);
    if (keys === undefined)
      keysOf.set(kind, (keys = entryKeys(entities.map((entity) => origins?.[kind].get(entity.id)?.key))));
    return termsPiece(search, kind, entities, slots[kind], keys, cached ? previous[search]?.[kind] : undefined);
  };
  // A group whose cache proves damaged (its entities' fields not packed) is rendered again without it.
  const render = async (group: readonly { search: Search; kind: Kind }[]): Promise<RenderedPiece[]> => {
    const run = (cached: boolean) =>
      WORKER_URL === undefined
        ? (async () => group.map((one) => renderTermPiece(piece(one, cached))))()
        : renderAside(
            WORKER_URL,
            group.map((one) => piece(one, cached)),
            signal,
          );
    return run(true).catch((error: unknown) => {
      if (!String((error as Error)?.message).startsWith(DAMAGED_TERM_CACHE)) throw error;
      return run(false);
    });
  };
  const rendered = (await Promise.all(groups.map(render))).flat();
  const found = (kind: Kind, search: Search) => rendered.find((one) => one.kind === kind && one.search === search)!;
  return {
    searches: Object.fromEntries(
      KINDS.map((kind) => [kind, Object.fromEntries(SEARCHES.map((search) => [search, found(kind, search).terms]))]),
    ) as Record<Kind, RenderedSearches>,
    caches: Object.fromEntries(
      SEARCHES.map((search) => [search, Object.fromEntries(KINDS.map((kind) => [kind, found(kind, search).cache]))]),
    ) as TermCaches,
  };
}

/**
 * A search of a kind as a term-shard worker takes it: of `entities` of slots `slots` and keys
 * `keys` (entryKeys), the ids, and the fields of those whose entries `previous` (the previous
 * build's term cache of it) does not hold.
 */
export function termsPiece(
  search: Search,
  kind: Kind,
  entities: readonly Entity[],
  { slotOfRank, order }: SlotAssignment,
  keys: Uint32Array,
  previous?: PieceCache,
): TermsPiece {
  const cache = previous === undefined ? undefined : readPieceCache(previous);
  const known = cache === undefined ? undefined : knownRanks(cache, slotOfRank, keys);
  const packed = packSearchFields(search, kind, entities, known);
  return { search, kind, packed, keys, slotOfRank, slots: order.slots, cache, known };
}

// The term shards of some pieces, made in a worker thread of their own.
function renderAside(url: URL, pieces: readonly TermsPiece[], signal?: AbortSignal): Promise<RenderedPiece[]> {
  const youngGeneration = Math.max(...pieces.map((piece) => YOUNG_GENERATION_MB[piece.search]));
  return new Promise((resolve, reject) => {
    // The index is made of many short-lived arrays, which a young generation larger than the default collects fewer times.
    const worker = new Worker(url, { resourceLimits: { maxYoungGenerationSizeMb: youngGeneration } });
    worker.postMessage(pieces);
    signal?.addEventListener('abort', () => void worker.terminate(), { once: true });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the search index thread exited with code ${code}`)));
  });
}
