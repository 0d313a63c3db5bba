/**
 * The build manifest, kept inside the site: for every document, a fingerprint of its
 * content (with an empty `generated_at`) and the `generated_at` it was written with (`""`
 * for documents without one). A rebuild that produces the same content reuses the
 * timestamp, so unchanged sources give byte-identical files, and hard-links the file.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Path of the manifest inside the site. */
export const MANIFEST_PATH = '.dataset-site/manifest.json';
// 2: pages are fingerprinted from their entities' digests (pages.ts), and entities are listed.
const MANIFEST_VERSION = 2;

/** Path → `[fingerprint, generatedAt]`. */
export type Manifest = Map<string, readonly [hash: string, generatedAt: string]>;

/** Reads the manifest of a previous site; an absent or unknown one is empty. */
export async function readManifest(siteDir: string): Promise<Manifest> {
  try {
    const document = JSON.parse(await readFile(path.join(siteDir, MANIFEST_PATH), 'utf8')) as { version?: number; files?: Record<string, [string, string]> };
    if (document.version !== MANIFEST_VERSION || !document.files) return new Map();
    return new Map(Object.entries(document.files));
  } catch {
    return new Map();
  }
}

/** Serializes a manifest, paths sorted, so equal manifests are equal bytes. */
export function serializeManifest(manifest: Manifest): string {
  const files = Object.fromEntries([...manifest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify({ version: MANIFEST_VERSION, files });
}

/** A short, stable hash of a document's content. */
export function contentHash(content: string): string {
  return createHash('sha1').update(content).digest('base64url');
}
