/**
 * The build manifest, kept inside the site and never served (docs/api.md#manifest): for
 * every document, its fingerprint and the `generated_at` it was written with (`""` for
 * documents without one). A rebuild that produces a document with the same fingerprint
 * reuses its timestamp, so unchanged sources give byte-identical files.
 */

/** Path of the manifest inside the site. */
export const MANIFEST_PATH = '.dataset-site/manifest.json';
// 2: pages are fingerprinted from their entities' digests (pipeline/pages.ts), and entities are listed.
// 3: `files` is one flat array, path, fingerprint, generated_at, ...: read in half the time of an object of 125,000 keys.
const MANIFEST_VERSION = 3;

/** A document's fingerprint and the `generated_at` it was written with. */
export type ManifestEntry = readonly [fingerprint: string, generatedAt: string];

/** Path → `[fingerprint, generatedAt]`. */
export type Manifest = Map<string, ManifestEntry>;

/**
 * Serializes a manifest, paths in the order of the map: the build adds them in the order
 * it renders its documents, which the data alone decides, so equal sources give equal bytes.
 */
export function serializeManifest(manifest: Manifest): string {
  const files: string[] = [];
  manifest.forEach(([fingerprint, generatedAt], file) => files.push(file, fingerprint, generatedAt));
  return JSON.stringify({ version: MANIFEST_VERSION, files });
}

/** Parses a manifest; one that is unreadable or of another version is empty, so everything is written anew. */
export function parseManifest(text: string): Manifest {
  try {
    const document = JSON.parse(text) as { version?: unknown; files?: unknown };
    if (document.version !== MANIFEST_VERSION || !Array.isArray(document.files) || document.files.length % 3 !== 0) return new Map();
    const files = document.files as string[];
    const manifest: Manifest = new Map();
    for (let i = 0; i < files.length; i += 3) manifest.set(files[i]!, [files[i + 1]!, files[i + 2]!]);
    return manifest;
  } catch {
    return new Map();
  }
}
