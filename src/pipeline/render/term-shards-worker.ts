/**
 * A worker thread that renders some pieces of the term shards (term-piece.ts, terms-aside.ts).
 * The pieces come in a message rather than as `workerData`, which the thread keeps to its end:
 * each piece is taken from the message and let go once indexed, so that its packed fields and
 * their entities are not held while its shards are cut.
 */
import { parentPort } from 'node:worker_threads';
import { indexTermPiece, renderIndexedPiece, type RenderedPiece, type TermsPiece } from './term-piece.js';

parentPort!.once('message', (pieces: TermsPiece[]) => {
  const rendered: RenderedPiece[] = [];
  while (pieces.length > 0) rendered.push(renderIndexedPiece(indexTermPiece(pieces.shift()!)));
  parentPort!.postMessage(rendered);
});
