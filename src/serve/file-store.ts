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
  // Synchronous on purpose, as http-server reads the text files it serves: an answer
  // reads many small, cached documents, and each async read costs several thread-pool
  // round trips (a `q` answer ran at 2.5x the throughput this way, bench/serve.ts).
  return {
    read: async (sitePath) => readIn(sitePath, fileOf(sitePath), readText),
    readBytes: async (sitePath) => readIn(sitePath, fileOf(sitePath), (file) => readFileSync(file)),
    answerPace: turnEvery,
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
 * Reads an answer makes before it lets the event loop turn. A read finishes at once, so an
 * answer awaiting thousands of them never reached the loop's I/O: while 4 MCP calls of 1,500
 * entities ran, no request was read, so none was counted, queued or refused busy (150 calls at
 * once waited up to 35 s, none answered 503), and the query form stalled. Each answer counts
 * its own reads, so a small answer (a `q` of 20 reads a dozen documents) is answered in the
 * turn it is read, whatever the large ones beside it did in that turn: with one clock for all
 * answers (10 ms of reads, then a turn), it waited a turn at most of its reads.
 */
const READS_A_TURN = 64;

// What each read of one answer awaits: a turn of the event loop once it made READS_A_TURN of them.
function turnEvery(): () => Promise<void> {
  let reads = 0;
  return async () => {
    if (++reads % READS_A_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  };
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
