/** A worker thread that cuts and renders the term shards of every search of every kind (see terms-aside.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { renderTermShards, type RenderedSearches } from '../../query/formats/search-index.js';
import { KINDS, type Kind } from '../../query/semantics/kinds.js';
import { SEARCHES } from '../../query/semantics/searches.js';
import { shardIndex } from '../../query/semantics/term-shards.js';
import { unpackSearchFields } from './packed-search-fields.js';

const packed = workerData as Record<Kind, string>;
const rendered = (kind: Kind): RenderedSearches => {
  const entities = unpackSearchFields(kind, packed[kind]);
  return Object.fromEntries(SEARCHES.map((search) => [search, renderTermShards(search, kind, shardIndex(search, kind, entities))])) as RenderedSearches;
};
parentPort!.postMessage(Object.fromEntries(KINDS.map((kind) => [kind, rendered(kind)])));
