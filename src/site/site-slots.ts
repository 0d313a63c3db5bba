/**
 * The slots the search index gives each kind's entities (docs/api.md#slots): kept in the state
 * folder for the next build, which keeps them (a scheduled build restores only that folder and
 * the dumps), and read back from a site's own index by `verify`, which checks them against the
 * entities.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ID_BLOCK_SLOTS,
  parseIds,
  parseSearchEntry,
  searchIndexPath,
  SEARCH_INDEX_VERSION,
  type SlotAssignment,
} from '../query/search/index.js';
import {
  documentVersion,
  parseSnapshot,
  SiteError,
  SLOTS_STATE_FOLDER,
  SLOTS_STATE_PATH,
  SNAPSHOT_ROOT_PATH,
  versionedPath,
} from '../query/formats/index.js';
import { KINDS, type Kind } from '../query/semantics/index.js';
import { currentJson } from './state-version.js';

/** Version of the slots' state files. */
const SLOTS_STATE_VERSION = documentVersion('slots');

/** The root of the slots' state, members in order. */
interface SlotsState {
  version: typeof SLOTS_STATE_VERSION;
  /** The index version the slots were given for: another one's are not kept. */
  index_version: number;
  /** Slots of each kind, holes included. */
  slots: Record<Kind, number>;
}

/** A file of the slots' state: its path in the site and its text. */
export interface SlotStateFile {
  path: string;
  content: string;
  timestamped: false;
}

/**
 * The state files of the slots of each kind: the root, and the ids of each block of
 * ID_BLOCK_SLOTS slots (`""` for a hole), so that a build rewrites only the blocks whose slots
 * changed (the last, for an arrival; the one of a departure's hole).
 */
export function slotStateFiles(slots: Record<Kind, SlotAssignment>): SlotStateFile[] {
  const root: SlotsState = {
    version: SLOTS_STATE_VERSION,
    index_version: SEARCH_INDEX_VERSION,
    slots: Object.fromEntries(KINDS.map((kind) => [kind, slots[kind].idsBySlot.length])) as Record<Kind, number>,
  };
  const files: SlotStateFile[] = [{ path: SLOTS_STATE_PATH, content: JSON.stringify(root), timestamped: false }];
  for (const kind of KINDS) {
    const { idsBySlot } = slots[kind];
    for (let block = 0; block * ID_BLOCK_SLOTS < idsBySlot.length; block++)
      files.push({
        path: slotBlockPath(kind, block),
        content: JSON.stringify({ ids: idsBySlot.slice(block * ID_BLOCK_SLOTS, (block + 1) * ID_BLOCK_SLOTS) }),
        timestamped: false,
      });
  }
  return files;
}

/**
 * The ids by slot of each kind that the previous build in `dir` kept; none for a kind when the
 * state is missing, of another version or damaged (its entities then get slots as in a first build).
 */
export async function readSlotState(dir: string): Promise<Partial<Record<Kind, string[]>>> {
  const read = (file: string) => readFile(path.join(dir, file), 'utf8').catch(() => undefined);
  const root = currentJson(await read(SLOTS_STATE_PATH), SLOTS_STATE_VERSION) as Partial<SlotsState> | undefined;
  if (root?.index_version !== SEARCH_INDEX_VERSION || typeof root.slots !== 'object' || root.slots === null) return {};
  const kept: Partial<Record<Kind, string[]>> = {};
  for (const kind of KINDS) {
    const count = root.slots[kind];
    if (!Number.isSafeInteger(count)) continue;
    const ids: string[] = [];
    for (let block = 0; block * ID_BLOCK_SLOTS < count; block++) {
      const held = blockIds(await read(slotBlockPath(kind, block)));
      if (held?.length !== Math.min(ID_BLOCK_SLOTS, count - block * ID_BLOCK_SLOTS)) break;
      ids.push(...held);
    }
    if (ids.length === count) kept[kind] = ids;
  }
  return kept;
}

// The ids of a block of the slots' state; undefined when it is missing or damaged.
function blockIds(text: string | undefined): string[] | undefined {
  try {
    const ids = (JSON.parse(text ?? 'null') as { ids?: unknown } | null)?.ids;
    return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : undefined;
  } catch {
    return undefined;
  }
}

// The state file of a block of a kind's slots.
function slotBlockPath(kind: Kind, block: number): string {
  return `${SLOTS_STATE_FOLDER}/${kind}/${block}.json`;
}

/**
 * The id of each slot of `kind` in the search index of the site in `dir`, read from its `q`
 * entry and blocks of ids (`""` for a hole);
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
    const root = parseSnapshot(SNAPSHOT_ROOT_PATH, await read(SNAPSHOT_ROOT_PATH));
    const entryPath = versionedPath(searchIndexPath(kind), root.search[kind].q);
    const { slots, versions } = parseSearchEntry(entryPath, await read(entryPath), kind);
    const ids: string[] = [];
    for (let block = 0; block * ID_BLOCK_SLOTS < slots.slots; block++) {
      const blockPath = versions.idBlock(block);
      const held = parseIds(blockPath, await read(blockPath), ID_BLOCK_SLOTS).ids;
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
