/**
 * The term shards of the search index, the largest part of rendering, made in a worker
 * thread while the main thread serializes the entities and renders the other documents.
 * A worker gets only each entity's id and names, packed in one string a kind (packed-names.ts):
 * a string is copied at once, where cloning an object per entity held the main thread.
 */
import { Worker } from 'node:worker_threads';
import { renderTermShards, type RenderedTerms } from '../../query/formats/search-index.js';
import type { Dataset } from '../../query/semantics/dataset.js';
import { KINDS, type Kind } from '../../query/semantics/kinds.js';
import { compiledWorkerUrl } from '../../compiled-worker.js';
import { packNames } from './packed-names.js';

const WORKER_URL = compiledWorkerUrl('./term-shards-worker.js', import.meta.url);

/**
 * Starts rendering the term shards of every kind; in this thread (at once) when there is
 * no compiled worker to start. An aborted `signal` stops the worker (its promise then rejects).
 */
export function renderTermsAside(dataset: Dataset, signal?: AbortSignal): Promise<Record<Kind, RenderedTerms>> {
  if (WORKER_URL === undefined)
    return Promise.resolve(Object.fromEntries(KINDS.map((kind) => [kind, renderTermShards(kind, dataset.searchIndex(kind))])) as Record<Kind, RenderedTerms>);
  const names = Object.fromEntries(KINDS.map((kind) => [kind, packNames(kind, dataset.entities[kind])]));
  return new Promise((resolve, reject) => {
    // A young generation of 64 MB: the index is made of many short-lived arrays, and the default one is collected several times as often.
    const worker = new Worker(WORKER_URL, { workerData: names, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    signal?.addEventListener('abort', () => void worker.terminate(), { once: true });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the search index thread exited with code ${code}`)));
  });
}
