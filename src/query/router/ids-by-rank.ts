/**
 * Naming a window of matches of common terms: the ids of its ranks, from the search index's
 * chunks of ids, or from a block where the window needs many of its chunks
 * (docs/api.md#common-terms).
 */
import { BLOCK_READ_CHUNKS, ID_BLOCK_RANKS, ID_CHUNK_RANKS, idBlockPath, idChunkPath } from '../formats/index.js';
import type { Kind } from '../semantics/index.js';

/**
 * The ids of `ranks` of `kind`, read with `readIds` (a document's path and its ranks): from the
 * chunks of ids, or from a block of ids where the ranks need more than BLOCK_READ_CHUNKS of its
 * chunks. Each document once, however many of the ranks it holds.
 */
export async function idsByRank(
  kind: Kind,
  ranks: ArrayLike<number>,
  readIds: (path: string, ranks: number) => Promise<string[]>,
): Promise<(string | undefined)[]> {
  const chunksOfBlock = new Map<number, Set<number>>();
  for (let i = 0; i < ranks.length; i++) {
    const block = Math.floor(ranks[i]! / ID_BLOCK_RANKS);
    if (!chunksOfBlock.has(block)) chunksOfBlock.set(block, new Set());
    chunksOfBlock.get(block)!.add(Math.floor(ranks[i]! / ID_CHUNK_RANKS));
  }
  // Where each rank's id is: a document's path, its ranks, and the first rank it holds.
  const holding = (rank: number): [string, number, number] => {
    const block = Math.floor(rank / ID_BLOCK_RANKS);
    if (chunksOfBlock.get(block)!.size > BLOCK_READ_CHUNKS)
      return [idBlockPath(kind, block), ID_BLOCK_RANKS, block * ID_BLOCK_RANKS];
    const chunk = Math.floor(rank / ID_CHUNK_RANKS);
    return [idChunkPath(kind, chunk), ID_CHUNK_RANKS, chunk * ID_CHUNK_RANKS];
  };
  const documents = new Map<string, Promise<string[]>>();
  return Promise.all(
    Array.from(ranks, async (rank) => {
      const [path, size, first] = holding(rank);
      if (!documents.has(path)) documents.set(path, readIds(path, size));
      return (await documents.get(path)!)[rank - first];
    }),
  );
}
