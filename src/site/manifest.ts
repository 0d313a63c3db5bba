/**
 * The build manifest, kept inside the site and never served (docs/api.md#manifest): for
 * every document, its fingerprint and the `generated_at` it was written with (`""` for
 * documents without one). A rebuild that produces a document with the same fingerprint
 * reuses its timestamp, so unchanged sources give byte-identical files.
 *
 * `manifest.json` says the version, how many files hold the entries (state-shards.ts:
 * `.dataset-site/manifest/{n}.json.gz`, about {@link ENTRIES_PER_FILE} documents each,
 * gzipped, so that a rebuild rewrites only the files of the documents it changed, in a third
 * of their bytes)
 * and the SHA-1 of all those files' texts, so that its text changes with every build that
 * changed the site, and only then.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { isShardCount, parseShards, shardChanges, shardCount, type StateMap } from './state-shards.js';
import { readVersioned } from './state-version.js';
import { documentVersion, MANIFEST_PATH, MANIFEST_FOLDER } from '../query/formats/index.js';

// 2: pages are fingerprinted from their entities' digests (pipeline/assemble/pages.ts), and entities are listed.
// 3: `files` is one flat array, path, fingerprint, generated_at, ...: read in half the time of an object of 125,000 keys.
// 4: the entries in files of about a hundred (state-shards.ts), so that a rebuild writes only those it changed.
// 5: those files gzipped: 37% of their bytes at L, where a rebuild deleting one exhibitor rewrote 2.3 MB of them.
const MANIFEST_VERSION = documentVersion('manifest');
// How the name of a file of entries ends: its text gzipped.
const EXTENSION = '.json.gz';
/**
 * Entries a file of entries is aimed to hold. A changed document rewrites the file holding its
 * entry, as the files are chosen by a hash of the path: at L a one-record change rewrote 354
 * files of about 4.2 kB gzipped with a hundred entries each (1.2 MB), against about 1.1 kB
 * with 32. A site keeps the count of files it has while each holds 8 to 128 entries.
 */
const ENTRIES_PER_FILE = 32;

/** A document's fingerprint and the `generated_at` it was written with. */
export type ManifestEntry = readonly [fingerprint: string, generatedAt: string];

/** Path → `[fingerprint, generatedAt]`. */
export type Manifest = Map<string, ManifestEntry>;

/** A manifest as read from a site: its entries, the number of files holding them, and their texts. */
export interface ManifestFiles {
  manifest: Manifest;
  /** The text of `manifest.json`, which changes with every build that changed the site. */
  rootText: string | undefined;
  shards: number | undefined;
  /** Each file of entries' text (unzipped), by its path (`….json.gz`). */
  texts: Map<string, string>;
  /** Why a manifest that is there could not be used, said of it (`is not JSON (…)`, `has a file of entries missing or damaged`). */
  damage?: string;
}

/**
 * The manifest of the site in `dir`; empty when there is none, or one of an earlier version
 * or damaged (saying why), so everything is written anew.
 */
export async function readManifest(dir: string): Promise<ManifestFiles> {
  const rootText = await readFile(path.join(dir, MANIFEST_PATH), 'utf8').catch(() => undefined);
  const empty: ManifestFiles = { manifest: new Map(), rootText, shards: undefined, texts: new Map() };
  const root = parseRoot(rootText);
  if (root === undefined || 'damage' in root) return { ...empty, damage: root?.damage };
  const read = await parseShards(
    MANIFEST_FOLDER,
    root.shards,
    2,
    (file) => readGzipped(path.join(dir, file)),
    EXTENSION,
  );
  if (read === undefined) return { ...empty, damage: 'has a file of entries missing or damaged' };
  return { manifest: read.map as Manifest, rootText, shards: root.shards, texts: read.texts };
}

// The text of a gzipped file; `undefined` when it is missing or not gzip.
async function readGzipped(file: string): Promise<string | undefined> {
  const bytes = await readFile(file).catch(() => undefined);
  try {
    return bytes === undefined ? undefined : gunzipSync(bytes).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * The files of `manifest`, by path: `manifest.json` and each file of entries; with
 * `previous`, only the files of entries whose text differs from the one read, and the
 * files of the previous manifest no longer used in `removed`.
 */
export function manifestFiles(
  manifest: Manifest,
  previous?: ManifestFiles,
): { files: Map<string, string | Uint8Array>; removed: string[] } {
  const shards = shardCount(manifest.size, previous?.shards, ENTRIES_PER_FILE);
  const { changed, sha1, removed } = shardChanges(
    MANIFEST_FOLDER,
    manifest as StateMap,
    shards,
    previous?.texts ?? new Map(),
    EXTENSION,
  );
  const root = JSON.stringify({ version: MANIFEST_VERSION, shards, sha1 });
  return {
    files: new Map<string, string | Uint8Array>([
      [MANIFEST_PATH, root],
      ...[...changed].map(([file, text]) => [file, gzipSync(text)] as const),
    ]),
    removed,
  };
}

// The root file's count of entry files; `undefined` when there is none or it is of an earlier version.
function parseRoot(text: string | undefined): { shards: number } | { damage: string } | undefined {
  if (text === undefined) return undefined;
  const read = readVersioned(
    text,
    MANIFEST_VERSION,
    (found) => `is of version ${found}, written by a later dataset-site`,
  );
  if (read === 'older') return undefined;
  if ('damaged' in read) return { damage: read.damaged };
  const { version, shards } = (read.json ?? {}) as { version?: unknown; shards?: unknown };
  return version === MANIFEST_VERSION && isShardCount(shards)
    ? { shards }
    : { damage: 'is not a manifest of this layout' };
}
