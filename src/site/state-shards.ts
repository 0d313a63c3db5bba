/**
 * A map of the build's state (docs/api.md#manifest) kept in many small files, so that a
 * build rewrites only the files holding what changed: one changed record changes a few
 * dozen entries of a map of a million, and so a few dozen files of a hundred-odd entries,
 * not the whole map. An entry's file is chosen by a hash of its key; the number of files
 * is a power of two that follows the map's size, and stays as it was while the map is
 * within a factor of four of the size it was chosen for, so that a map that grows by one
 * entry does not move every entry.
 *
 * Each file is `{"entries":[key, value…, key, value…]}`, `width` values an entry, in the
 * order the map holds them (which the build's data alone decides): equal maps, equal files.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runningFingerprint } from '../shared/index.js';

/** Entries a file is aimed to hold. */
const TARGET_ENTRIES = 128;
/** Far more files than any map needs (a hundred million entries): a state asking for more is damaged. */
const MAX_SHARDS = 1 << 20;

/** A map of string keys to fixed-width string tuples. */
export type StateMap = Map<string, readonly string[]>;

/**
 * The number of files for a map of `entries`, about `target` entries a file, keeping
 * `previous` (a count chosen before) while it still fits.
 */
export function shardCount(entries: number, previous?: number, target = TARGET_ENTRIES): number {
  if (previous !== undefined && isShardCount(previous)) {
    const perShard = entries / previous;
    if ((previous === 1 || perShard >= target / 4) && perShard <= target * 4) return previous;
  }
  return 2 ** Math.max(0, Math.round(Math.log2(entries / target)));
}

/** Whether `count` can be a number of files: a power of two, at most {@link MAX_SHARDS}. */
export function isShardCount(count: unknown): count is number {
  return typeof count === 'number' && count >= 1 && count <= MAX_SHARDS && Number.isInteger(Math.log2(count));
}

/** Path of the `shard`th file of the map kept in `folder`; `extension` names the form its text is kept in (`.json.gz`: gzipped). */
export function shardPath(folder: string, shard: number, extension = '.json'): string {
  return `${folder}/${shard}${extension}`;
}

/** The files of `map` in `count` files under `folder`, by path, each holding its entries' keys and values. */
export function shardFiles(folder: string, map: StateMap, count: number, extension?: string): Map<string, string> {
  const shards: string[][] = Array.from({ length: count }, () => []);
  for (const [key, values] of map) shards[shardOf(key, count)]!.push(key, ...values);
  return new Map(shards.map((entries, shard) => [shardPath(folder, shard, extension), JSON.stringify({ entries })]));
}

/**
 * What a writer of `map` in `count` files under `folder` must do, given the texts of the
 * files it read before (by path): the files whose text differs, the SHA-1 of every file's
 * text in order (to stand for the whole map in a root), and the files read before no longer used.
 */
export function shardChanges(
  folder: string,
  map: StateMap,
  count: number,
  previous: ReadonlyMap<string, string>,
  extension?: string,
): { changed: Map<string, string>; sha1: string; removed: string[] } {
  const files = shardFiles(folder, map, count, extension);
  const changed = new Map<string, string>();
  const digest = runningFingerprint();
  for (const [file, text] of files) {
    digest.update(text);
    if (previous.get(file) !== text) changed.set(file, text);
  }
  return { changed, sha1: digest.digest('hex'), removed: [...previous.keys()].filter((file) => !files.has(file)) };
}

/** What {@link readShards} read: the map, and each file's text by path (to tell which a build must write again). */
export interface ReadShards {
  map: StateMap;
  texts: Map<string, string>;
}

/**
 * Reads the map kept in `count` files under `folder` of `dir`, `width` values an entry;
 * `undefined` when a file is missing, unreadable, or holds an entry of another file.
 */
export async function readShards(
  dir: string,
  folder: string,
  count: number,
  width: number,
): Promise<ReadShards | undefined> {
  return parseShards(folder, count, width, (file) => readFile(path.join(dir, file), 'utf8').catch(() => undefined));
}

/**
 * The map kept in `count` files under `folder`, each read by `read` (from a folder, a
 * bucket); `undefined` when one is missing, not of this layout, or holds an entry of another.
 */
export async function parseShards(
  folder: string,
  count: number,
  width: number,
  read: (file: string) => Promise<string | undefined>,
  extension?: string,
): Promise<ReadShards | undefined> {
  const paths = Array.from({ length: count }, (_, shard) => shardPath(folder, shard, extension));
  const texts = await Promise.all(paths.map(read));
  const map: StateMap = new Map();
  for (const [shard, text] of texts.entries()) {
    const entries = parseEntries(text, width);
    if (entries === undefined) return undefined;
    for (let i = 0; i < entries.length; i += width + 1) {
      if (shardOf(entries[i]!, count) !== shard) return undefined;
      map.set(entries[i]!, entries.slice(i + 1, i + 1 + width));
    }
  }
  return { map, texts: new Map(paths.map((file, shard) => [file, texts[shard]!])) };
}

// The flat entries of a file, when it is one of this layout.
function parseEntries(text: string | undefined, width: number): string[] | undefined {
  if (text === undefined) return undefined;
  try {
    const entries = (JSON.parse(text) as { entries?: unknown }).entries;
    if (
      !Array.isArray(entries) ||
      entries.length % (width + 1) !== 0 ||
      !entries.every((entry) => typeof entry === 'string')
    )
      return undefined;
    return entries as string[];
  } catch {
    return undefined;
  }
}

/** The file of a key among `count`: FNV-1a of its UTF-16 units, modulo `count` (a power of two). */
export function shardOf(key: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) & (count - 1);
}
