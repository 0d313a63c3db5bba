/** A {@link DocumentStore} over a built site in a folder on disk. */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DocumentStore } from '../query/router/index.js';

// What "no such document" looks like on disk (a name too long for the file system names
// none); any other failure is the store's own.
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);

/** Reads documents from the site in `dir`; a path that would leave the folder is absent. */
export function fileStore(dir: string): DocumentStore {
  const root = path.resolve(dir);
  // The router only passes safe paths; this keeps the store safe on its own.
  const fileOf = (sitePath: string) => {
    const file = path.resolve(root, sitePath);
    return file.startsWith(root + path.sep) ? file : undefined;
  };
  return {
    // Synchronous on purpose, as http-server reads the text files it serves: an answer
    // reads many small, cached documents, and each async read costs several thread-pool
    // round trips (a `q` answer ran at 2.5x the throughput this way, bench/serve.ts).
    async read(sitePath) {
      await turnTaken();
      return readIn(sitePath, fileOf(sitePath), readText);
    },
    async readBytes(sitePath) {
      await turnTaken();
      return readIn(sitePath, fileOf(sitePath), (file) => readFileSync(file));
    },
    // A rebuild swaps in a new folder: changed files are new inodes, unchanged ones are
    // hard links to the same inode and content.
    async revision(sitePath) {
      const file = fileOf(sitePath);
      try {
        const stats = file === undefined ? undefined : statSync(file, { bigint: true, throwIfNoEntry: false });
        return stats === undefined
          ? undefined
          : `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
      } catch {
        return undefined; // `read` reports what is wrong
      }
    },
  };
}

/**
 * Milliseconds the reads may hold the event loop before they let it turn. A read finishes at
 * once, so an answer awaiting thousands of them never reached the loop's I/O: while 4 MCP
 * calls of 1,500 entities ran, no request was read, so none was counted, queued or refused
 * busy (150 calls at once waited up to 35 s, none answered 503), and the query form stalled.
 */
const SLICE_MS = 10;
let sliceStart = performance.now();

// Lets the event loop turn (accept connections, read requests, send answers) once the reads have held it a slice.
async function turnTaken(): Promise<void> {
  if (performance.now() - sliceStart < SLICE_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  sliceStart = performance.now();
}

// Most documents an answer reads are small (a `q` window of 1,500 entities reads 1,500 of a
// few kB): read into one buffer kept for it, they skip readFileSync's fstat and allocation,
// a fifth of their time. A document that fills the buffer is read on from there.
const scratch = Buffer.allocUnsafe(64 * 1024);

function readText(file: string): string {
  const fd = openSync(file, 'r');
  try {
    let length = 0;
    for (let read = 1; read > 0 && length < scratch.length; length += read)
      read = readSync(fd, scratch, length, scratch.length - length, null);
    if (length < scratch.length) return scratch.toString('utf8', 0, length);
    // A larger document: the rest, from where the reads above left the file's position.
    return Buffer.concat([scratch, readFileSync(fd)]).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

// Reads a file; a missing one (or one outside the site) is undefined, any other failure
// throws, naming the document by its path in the site: an answer never names the server's folders.
function readIn<T>(sitePath: string, file: string | undefined, read: (file: string) => T): T | undefined {
  if (file === undefined) return undefined;
  try {
    return read(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (ABSENT.has(code ?? '')) return undefined;
    // The cause, with the server's path, reaches the server's own log (onError), not the answer.
    throw new Error(`cannot read ${sitePath} in the site: ${code ?? 'an error without a code'}`, { cause: error });
  }
}
