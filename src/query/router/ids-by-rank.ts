/**
 * Naming a window of matches: the id of each of its ranks and the version of its body in the
 * snapshot, from the term shards or sparse list its search read, or else from the search index's
 * chunks of ids by slot, or a block where the window needs many of its chunks (docs/api.md#common-terms).
 */
import {
  BLOCK_READ_CHUNKS,
  versionAt,
  ID_BLOCK_SLOTS,
  ID_CHUNK_SLOTS,
  type EntryVersions,
  type NamedRanks,
  type SlotIds,
  type SlotOrder,
} from '../search/index.js';

/** An entity a window names: its id, and the version of its body in the snapshot read (body-version.ts). */
export interface NamedEntity {
  id: string;
  body: string;
}

/** The entity at `rank` as whichever of `shards` lists it names it; undefined when none does. */
export function namedInRanks(shards: readonly NamedRanks[], rank: number): NamedEntity | undefined {
  for (const { ranks, ids, bodies } of shards) {
    if (ranks.length === 0 || rank < ranks[0]! || rank > ranks[ranks.length - 1]!) continue;
    let low = 0;
    let high = ranks.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (ranks[middle]! < rank) low = middle + 1;
      else if (ranks[middle]! > rank) high = middle - 1;
      else return { id: ids[middle]!, body: versionAt(bodies, middle) };
    }
  }
  return undefined;
}

/**
 * The entities of `ranks` of a kind, whose slots `order` gives and whose entry's `versions` name its documents, read with
 * `readIds` (a document's path and its slots): from the chunks of ids, or from a block of ids where the slots need
 * more than BLOCK_READ_CHUNKS of its chunks. Each document once, however many of the slots it holds; a slot no
 * document names (or a hole) is `undefined`.
 */
export async function idsByRank(
  versions: EntryVersions,
  ranks: ArrayLike<number>,
  order: SlotOrder,
  readIds: (path: string, slots: number) => Promise<SlotIds>,
): Promise<(NamedEntity | undefined)[]> {
  const slots = Array.from(ranks, (rank) => order.slotOf(rank));
  const chunksOfBlock = new Map<number, Set<number>>();
  for (const slot of slots) {
    const block = Math.floor(slot / ID_BLOCK_SLOTS);
    if (!chunksOfBlock.has(block)) chunksOfBlock.set(block, new Set());
    chunksOfBlock.get(block)!.add(Math.floor(slot / ID_CHUNK_SLOTS));
  }
  // Where each slot's id is: a document's path, its slots, and the first slot it holds.
  const holding = (slot: number): [string, number, number] => {
    const block = Math.floor(slot / ID_BLOCK_SLOTS);
    if (chunksOfBlock.get(block)!.size > BLOCK_READ_CHUNKS)
      return [versions.idBlock(block), ID_BLOCK_SLOTS, block * ID_BLOCK_SLOTS];
    const chunk = Math.floor(slot / ID_CHUNK_SLOTS);
    return [versions.idChunk(chunk), ID_CHUNK_SLOTS, chunk * ID_CHUNK_SLOTS];
  };
  const documents = new Map<string, Promise<SlotIds>>();
  return Promise.all(
    slots.map(async (slot) => {
      const [path, size, first] = holding(slot);
      if (!documents.has(path)) documents.set(path, readIds(path, size));
      const { ids, bodies } = await documents.get(path)!;
      const id = ids[slot - first];
      return id === undefined || id === '' ? undefined : { id, body: versionAt(bodies, slot - first) };
    }),
  );
}
