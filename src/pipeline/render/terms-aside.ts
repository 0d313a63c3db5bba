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
import { compiledWorkerUrl } from '../../compiled-worker.js';
import { packSearchFields } from './packed-search-fields.js';

const WORKER_URL = compiledWorkerUrl('./term-shards-worker.js', import.meta.url);

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
    // A young generation of 64 MB: the index is made of many short-lived arrays, and the default one is collected several times as often.
    const worker = new Worker(url, { workerData: { search, packed }, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    signal?.addEventListener('abort', () => void worker.terminate(), { once: true });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the search index thread exited with code ${code}`)));
  });
}
