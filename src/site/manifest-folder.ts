/**
 * Whether a manifest describes the site in its folder. The changes feed's index is written
 * by every build that changes the site, stamped with its `generated_at`, and the manifest
 * keeps the `generated_at` it was written with. They differ when `.dataset-site/` was put
 * back from an older build into a folder holding a later build's site (the restore a damaged
 * feed's message advises): that folder holds documents, change sets and dump parts the
 * manifest does not know, which a rebuild trusting it would neither check nor remove.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CHANGES_INDEX_PATH } from '../query/formats/index.js';
import type { ManifestFiles } from './manifest.js';

/**
 * `files`, the manifest read from `dir`, when it describes the site there (or `dir` holds no
 * changes index: a state restored alone, or a first build); otherwise an empty manifest
 * saying why, so that every document is written anew into a new folder, as for a damaged one.
 */
export async function manifestOfFolder(dir: string, files: ManifestFiles): Promise<ManifestFiles> {
  const recorded = files.manifest.get(CHANGES_INDEX_PATH)?.[1];
  const text = await readFile(path.join(dir, CHANGES_INDEX_PATH), 'utf8').catch(() => undefined);
  if (recorded === undefined || text === undefined) return files;
  const onDisk = generatedAtOf(text);
  if (onDisk === recorded) return files;
  return {
    manifest: new Map(),
    rootText: files.rootText,
    shards: undefined,
    texts: new Map(),
    damage:
      `is of another build than the site in the folder (${CHANGES_INDEX_PATH} there was written at ${onDisk ?? 'an unknown time'}, ` +
      `the manifest's at ${recorded}: a .dataset-site/ of an earlier build put into the site of a later one)`,
  };
}

function generatedAtOf(text: string): string | undefined {
  try {
    const generatedAt = (JSON.parse(text) as { _meta?: { generated_at?: unknown } } | null)?._meta?.generated_at;
    return typeof generatedAt === 'string' ? generatedAt : undefined;
  } catch {
    return undefined;
  }
}
