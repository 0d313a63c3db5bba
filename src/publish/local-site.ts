/** The built site to publish: every file that is served, each with its fingerprint. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isHiddenPath, listSiteFiles } from '../site/site-files.js';
import { UserError } from '../diagnostics.js';
import { MANIFEST_PATH, readManifest, type Manifest } from '../site/manifest.js';

/** A built site on disk, as a publish sees it. */
export interface LocalSite {
  /** Path → `[fingerprint, generatedAt]` of every file to publish, in path order. */
  files: Manifest;
  /** The text of the build manifest's `manifest.json` when read, which changes with every build that changes the site: to tell whether one replaced it meanwhile. */
  manifestText: string;
}

/**
 * Reads the site in `dir`: every file but the hidden ones (a segment starting with `.`:
 * `.dataset-site/` with the build manifest, which no host serves either), fingerprinted
 * as the build manifest says, so unchanged files are not read; a file the manifest does
 * not list (added by hand) by the SHA-1 of its bytes.
 */
export async function readLocalSite(dir: string): Promise<LocalSite> {
  const { manifest: built, rootText: manifestText } = await readManifest(dir);
  if (manifestText === undefined) throw new UserError(`${dir} is not a built site (no ${MANIFEST_PATH}); did you run dataset-site build?`, 1);
  const files: Manifest = new Map();
  for (const file of listSiteFiles(dir)) {
    files.set(file, built.get(file) ?? [await hashFile(path.join(dir, file)), '']);
  }
  for (const file of built.keys()) {
    // The build's own files (`.dataset-site/changes.json`) are listed too, and hidden: never published.
    if (!files.has(file) && !isHiddenPath(file))
      throw new UserError(`${path.join(dir, file)} is listed in ${MANIFEST_PATH} but missing; build the site again`, 1);
  }
  return { files, manifestText };
}

async function hashFile(file: string): Promise<string> {
  return `sha1:${createHash('sha1')
    .update(await readFile(file))
    .digest('base64url')}`;
}
