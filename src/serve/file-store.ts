/** A {@link DocumentStore} over a built site in a folder on disk. */
import { readFile as readFileCallback } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DocumentStore } from '../query/index.js';

// fs/promises' readFile reads in several thread-pool round trips; the callback form is
// markedly faster for the many small documents one answer reads.
const readFile = promisify(readFileCallback);

// What "no such document" looks like on disk; any other failure is the store's own.
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/** Reads documents from the site in `dir`; a path that would leave the folder is absent. */
export function fileStore(dir: string): DocumentStore {
  const root = path.resolve(dir);
  return {
    async read(sitePath) {
      const file = path.resolve(root, sitePath);
      // The router only passes safe paths; this keeps the store safe on its own.
      if (!file.startsWith(root + path.sep)) return undefined;
      try {
        return await readFile(file, 'utf8');
      } catch (error) {
        if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
        throw error;
      }
    },
  };
}
