/**
 * The build manifest, kept inside the site and never served (docs/api.md#manifest): for
 * every document, its fingerprint and the `generated_at` it was written with (`""` for
 * documents without one). A rebuild that produces a document with the same fingerprint
 * reuses its timestamp, so unchanged sources give byte-identical files.
 */

/** Path of the manifest inside the site. */
export const MANIFEST_PATH = '.dataset-site/manifest.json';
// 2: pages are fingerprinted from their entities' digests (pipeline/pages.ts), and entities are listed.
const MANIFEST_VERSION = 2;

/** Path → `[fingerprint, generatedAt]`. */
export type Manifest = Map<string, readonly [fingerprint: string, generatedAt: string]>;

/** Serializes a manifest, paths sorted, so equal manifests are equal bytes. */
export function serializeManifest(manifest: Manifest): string {
  const files = Object.fromEntries([...manifest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify({ version: MANIFEST_VERSION, files });
}

/** Parses a manifest; one that is unreadable or of another version is empty, so everything is written anew. */
export function parseManifest(text: string): Manifest {
  try {
    const document = JSON.parse(text) as { version?: unknown; files?: unknown };
    if (document.version !== MANIFEST_VERSION || typeof document.files !== 'object' || document.files === null) return new Map();
    return new Map(Object.entries(document.files as Record<string, [string, string]>));
  } catch {
    return new Map();
  }
}
