/** A worker thread that renders some pieces of the term shards (term-piece.ts, terms-aside.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { renderTermPiece, type TermsPiece } from './term-piece.js';

parentPort!.postMessage((workerData as TermsPiece[]).map(renderTermPiece));
