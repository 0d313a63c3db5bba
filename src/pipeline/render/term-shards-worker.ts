/**
 * A worker thread that renders some pieces of the term shards (term-piece.ts, terms-aside.ts).
 * The pieces come in a message rather than as `workerData`, which the thread keeps to its end:
 * each piece is taken from the message and let go once indexed, so that its packed fields and
 * their entities are not held while its shards are cut. Each document is made UTF-8 as soon as it
 * is rendered, its text let go, and the bytes are moved to the main thread, not copied: with the text
 * held here, its copy in the message and the main thread's copy, L's cold build peaked at 2,667 to
 * 2,758 MB; so, 2,336 to 2,350 (3 runs each, in turn).
 */
import { parentPort } from 'node:worker_threads';
import { indexTermPiece, renderIndexedPiece, type RenderedPiece, type TermsPiece } from './term-piece.js';

parentPort!.once('message', (pieces: TermsPiece[]) => {
  const utf8 = new TextEncoder();
  const moved: ArrayBuffer[] = [];
  const asBytes = (json: string) => {
    const bytes = utf8.encode(json);
    moved.push(bytes.buffer);
    return bytes;
  };
  const rendered: RenderedPiece[] = [];
  while (pieces.length > 0) rendered.push(renderIndexedPiece(indexTermPiece(pieces.shift()!), asBytes));
  parentPort!.postMessage(rendered, moved);
});
