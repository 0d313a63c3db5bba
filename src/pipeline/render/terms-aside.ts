/**
 * The term shards of the search indexes, the largest part of rendering, made in worker
 * threads, one a search, while the main thread serializes the entities and renders the other
 * documents. A worker gets only each entity's id and the fields its search reads, packed in
 * one string a kind (packed-search-fields.ts): a string is copied at once, where cloning an
 * object per entity held the main thread.
 */
import { Worker } from 'node:worker_threads';
import { renderSearches, type RenderedSearches, type RenderedTerms } from '../../query/formats/search-index.js';
import type { Dataset } from '../../query/semantics/dataset.js';
import { KINDS, type Kind } from '../../query/semantics/kinds.js';
import { SEARCHES, type Search } from '../../query/semantics/searches.js';
import { compiledWorkerUrl } from '../../shared/compiled-worker.js';
import { packSearchFields } from './packed-search-fields.js';

const WORKER_URL = compiledWorkerUrl('./term-shards-worker.js', import.meta.url);

/**
 * Megabytes of each search's worker's young generation: `q`'s 64 (the default is collected
 * several times as often); `text`'s, ten times the postings, 384, where 64 spent 10–15% more CPU
 * on the L set's exhibitors (13.7–14.0 s against 15.0–16.0 s, alternating runs).
 */
const YOUNG_GENERATION_MB: Record<Search, number> = { q: 64, text: 384 };

/**
 * Starts rendering the term shards of every search of every kind, a worker thread a search;
 * in this thread (at once) when there is no compiled worker to start. An aborted `signal`
 * stops the workers (the promise then rejects).
 */
export async function renderTermsAside(dataset: Dataset, signal?: AbortSignal): Promise<Record<Kind, RenderedSearches>> {
  if (WORKER_URL === undefined) return Object.fromEntries(KINDS.map((kind) => [kind, renderSearches(dataset, kind)])) as Record<Kind, RenderedSearches>;
  const bySearch = await Promise.all(SEARCHES.map((search) => renderSearchAside(WORKER_URL, search, dataset, signal)));
  return Object.fromEntries(KINDS.map((kind) => [kind, Object.fromEntries(SEARCHES.map((search, i) => [search, bySearch[i]![kind]]))])) as Record<
    Kind,
    RenderedSearches
  >;
}

// The term shards of one search of every kind, made in a worker thread of its own.
function renderSearchAside(url: URL, search: Search, dataset: Dataset, signal?: AbortSignal): Promise<Record<Kind, RenderedTerms>> {
  const packed = Object.fromEntries(KINDS.map((kind) => [kind, packSearchFields(search, kind, dataset.entities[kind])]));
  return new Promise((resolve, reject) => {
    // The index is made of many short-lived arrays, which a young generation larger than the default collects fewer times.
    const worker = new Worker(url, { workerData: { search, packed }, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB[search] } });
    signal?.addEventListener('abort', () => void worker.terminate(), { once: true });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the search index thread exited with code ${code}`)));
  });
}
