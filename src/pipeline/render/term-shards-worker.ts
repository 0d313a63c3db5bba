/** A worker thread that cuts and renders the term shards of every kind (see terms-aside.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { renderTermShards } from '../../query/formats/search-index.js';
import { KINDS, type Kind } from '../../query/semantics/kinds.js';
import { shardIndex } from '../../query/semantics/term-shards.js';
import { unpackNames } from './packed-names.js';

const names = workerData as Record<Kind, string>;
parentPort!.postMessage(Object.fromEntries(KINDS.map((kind) => [kind, renderTermShards(kind, shardIndex(kind, unpackNames(kind, names[kind])))])));
