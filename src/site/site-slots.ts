/**
 * The slots a site's search index gives each kind's entities (docs/api.md#slots), read back
 * from its `q` entry and its blocks of ids: the next build keeps them, and `verify` checks
 * them against the entities.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ID_BLOCK_SLOTS,
  idBlockPath,
  parseIds,
  parseSearchEntry,
  searchIndexPath,
  SiteError,
} from '../query/formats/index.js';
import type { Kind } from '../query/semantics/index.js';

/**
 * The id of each slot of `kind` in the search index of the site in `dir` (`""` for a hole);
 * a message saying what is missing or wrong when the index cannot tell them (no site, an
 * index of another version, a block missing or damaged).
 */
export async function readIdsBySlot(dir: string, kind: Kind): Promise<string[] | string> {
  const read = async (file: string) => {
    try {
      return await readFile(path.join(dir, file), 'utf8');
    } catch (error) {
      throw new SiteError(
        `${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  };
  try {
    const entryPath = searchIndexPath(kind);
    const { slots } = parseSearchEntry(entryPath, await read(entryPath), kind);
    const ids: string[] = [];
    for (let block = 0; block * ID_BLOCK_SLOTS < slots.slots; block++) {
      const blockPath = idBlockPath(kind, block);
      const held = parseIds(blockPath, await read(blockPath), ID_BLOCK_SLOTS);
      if (held.length !== Math.min(ID_BLOCK_SLOTS, slots.slots - block * ID_BLOCK_SLOTS))
        throw new SiteError(`${blockPath} holds ${held.length} ids, not the ids of its slots`);
      ids.push(...held);
    }
    return ids;
  } catch (error) {
    if (error instanceof SiteError) return error.message;
    throw error;
  }
}
