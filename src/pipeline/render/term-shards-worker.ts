/** A worker thread that cuts and renders the term shards of every kind (see terms-aside.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { renderTermShards } from '../../query/formats/search-index.js';
import type { Entity } from '../../query/semantics/entity.js';
import { KINDS, type Kind } from '../../query/semantics/kinds.js';
import { shardIndex } from '../../query/semantics/term-shards.js';

const entities = workerData as Record<Kind, Entity[]>;
parentPort!.postMessage(Object.fromEntries(KINDS.map((kind) => [kind, renderTermShards(kind, shardIndex(kind, entities[kind]))])));
