/** A worker thread that cuts and renders the term shards of one search of every kind (see terms-aside.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { renderTermShards, type RenderedTerms } from '../../query/formats/search-index.js';
import { KINDS, type Kind } from '../../query/semantics/kinds.js';
import type { Search } from '../../query/semantics/searches.js';
import { shardIndex } from '../../query/semantics/term-shards.js';
import { unpackSearchFields } from './packed-search-fields.js';

const { search, packed } = workerData as { search: Search; packed: Record<Kind, string> };
const rendered = (kind: Kind): RenderedTerms => renderTermShards(search, kind, shardIndex(search, kind, unpackSearchFields(search, kind, packed[kind])));
parentPort!.postMessage(Object.fromEntries(KINDS.map((kind) => [kind, rendered(kind)])));
