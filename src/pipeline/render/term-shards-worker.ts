/** A worker thread that cuts and renders the term shards of some searches of some kinds (see terms-aside.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { renderTermShards, shardIndex } from '../../query/search/index.js';
import { unpackSearchFields } from './packed-search-fields.js';
import type { RenderedPiece, TermsPiece } from './terms-aside.js';

const pieces = workerData as TermsPiece[];
parentPort!.postMessage(
  pieces.map(({ search, kind, packed, slotOfRank, slots }): RenderedPiece => ({
    search,
    kind,
    terms: renderTermShards(
      search,
      kind,
      shardIndex(search, kind, unpackSearchFields(search, kind, packed)),
      slotOfRank,
      slots,
    ),
  })),
);
