/**
 * A worker thread that renders some pieces of the term shards (term-piece.ts, terms-aside.ts).
 * The pieces come in a message rather than as `workerData`, which the thread keeps to its end:
 * each piece is taken from the message and let go once indexed, so that its packed fields and
 * their entities are not held while its shards are cut. Each document is made UTF-8 as soon as it
 * is rendered, its text let go, and the bytes are moved to the main thread, not copied: with the text
 * held here, its copy in the message and the main thread's copy, L's cold build peaked at 2,667 to
 * 2,758 MB; so, 2,336 to 2,350 (3 runs each, in turn).
 *
 * The thread collects its garbage twice a piece: once its forward index is made (the piece's
 * fields, their entities and the terms of their texts, about 300 MB for L's exhibitors' `text`,
 * dead but not yet collected), before the postings are laid out beside it; and once they are
 * laid out, for the forward index's pairs, before its shards are cut. Else these are collected when the
 * heap next reaches its limit, as the main thread renders beside it: at L the thread held
 * about 1 GB once the exhibitors' `text` was indexed, 580 MB of heap and 410 MB of arrays.
 */
import { parentPort } from 'node:worker_threads';
import { collectGarbage } from '../../shared/index.js';
import {
  type ForwardPiece,
  forwardPiece,
  invertPiece,
  renderIndexedPiece,
  type RenderedPiece,
  type TermsPiece,
} from './term-piece.js';

parentPort!.once('message', (pieces: TermsPiece[]) => {
  const utf8 = new TextEncoder();
  const moved: ArrayBuffer[] = [];
  const asBytes = (json: string) => {
    const bytes = utf8.encode(json);
    moved.push(bytes.buffer);
    return bytes;
  };
  const rendered: RenderedPiece[] = [];
  while (pieces.length > 0) {
    let forward: ForwardPiece | undefined = forwardPiece(pieces.shift()!);
    collectGarbage();
    const indexed = invertPiece(forward);
    forward = undefined; // its pairs go with the next collection
    collectGarbage();
    rendered.push(renderIndexedPiece(indexed, asBytes));
  }
  parentPort!.postMessage(rendered, moved);
});
