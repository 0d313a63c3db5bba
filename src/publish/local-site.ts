/** The built site to publish: every file that is served, each with its fingerprint. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isHiddenPath, listSiteFiles } from '../site/site-files.js';
import { UserError } from '../diagnostics.js';
import { MANIFEST_PATH, parseManifest, type Manifest } from '../query/formats/manifest.js';

/** A built site on disk, as a publish sees it. */
export interface LocalSite {
  /** Path → `[fingerprint, generatedAt]` of every file to publish, in path order. */
  files: Manifest;
  /** The build manifest's text when read, to tell whether a build replaced the site meanwhile. */
  manifestText: string;
}

/**
 * Reads the site in `dir`: every file but the hidden ones (a segment starting with `.`:
 * `.dataset-site/` with the build manifest, which no host serves either), fingerprinted
 * as the build manifest says, so unchanged files are not read; a file the manifest does
 * not list (added by hand) by the SHA-1 of its bytes.
 */
export async function readLocalSite(dir: string): Promise<LocalSite> {
  const manifestFile = path.join(dir, MANIFEST_PATH);
  const manifestText = await readFile(manifestFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') throw new UserError(`${dir} is not a built site (no ${MANIFEST_PATH}); did you run dataset-site build?`, 1);
    throw error;
  });
  const built = parseManifest(manifestText);
  const files: Manifest = new Map();
  for (const file of listSiteFiles(dir)) {
    files.set(file, built.get(file) ?? [await hashFile(path.join(dir, file)), '']);
  }
  for (const file of built.keys()) {
    // The build's own files (`.dataset-site/changes.json`) are listed too, and hidden: never published.
    if (!files.has(file) && !isHiddenPath(file)) throw new UserError(`${path.join(dir, file)} is listed in ${MANIFEST_PATH} but missing; build the site again`, 1);
  }
  return { files, manifestText };
}

async function hashFile(file: string): Promise<string> {
  return `sha1:${createHash('sha1').update(await readFile(file)).digest('base64url')}`;
}
