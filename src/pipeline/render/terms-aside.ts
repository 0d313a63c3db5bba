/**
 * The term shards of the search indexes, the largest part of rendering, made in a worker
 * thread while the main thread serializes the entities and renders the other documents.
 * A worker gets only each entity's id and searched fields, packed in one string a kind
 * (packed-search-fields.ts): a string is copied at once, where cloning an object per entity
 * held the main thread.
 */
import { Worker } from 'node:worker_threads';
import { renderSearches, type RenderedSearches } from '../../query/formats/search-index.js';
import type { Dataset } from '../../query/semantics/dataset.js';
import { KINDS, type Kind } from '../../query/semantics/kinds.js';
import { compiledWorkerUrl } from '../../compiled-worker.js';
import { packSearchFields } from './packed-search-fields.js';

const WORKER_URL = compiledWorkerUrl('./term-shards-worker.js', import.meta.url);

/**
 * Starts rendering the term shards of every search of every kind; in this thread (at once)
 * when there is no compiled worker to start. An aborted `signal` stops the worker (its promise
 * then rejects).
 */
export function renderTermsAside(dataset: Dataset, signal?: AbortSignal): Promise<Record<Kind, RenderedSearches>> {
  if (WORKER_URL === undefined)
    return Promise.resolve(Object.fromEntries(KINDS.map((kind) => [kind, renderSearches(dataset, kind)])) as Record<Kind, RenderedSearches>);
  const names = Object.fromEntries(KINDS.map((kind) => [kind, packSearchFields(kind, dataset.entities[kind])]));
  return new Promise((resolve, reject) => {
    // A young generation of 64 MB: the index is made of many short-lived arrays, and the default one is collected several times as often.
    const worker = new Worker(WORKER_URL, { workerData: names, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    signal?.addEventListener('abort', () => void worker.terminate(), { once: true });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the search index thread exited with code ${code}`)));
  });
}
