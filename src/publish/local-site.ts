/** The built site to publish: every file that is served, each with its fingerprint. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HOST_CONFIG_FILES } from '../hosts/index.js';
import { listSiteFiles, readManifest, type Manifest, absentDocuments, isPartialSite } from '../site/index.js';
import { UserError, contentFingerprint } from '../shared/index.js';
import { assertNoInterruptedBuild } from '../pipeline/write/index.js';
import { MANIFEST_PATH } from '../query/formats/index.js';

/** A built site on disk, as a publish sees it. */
export interface LocalSite {
  /** Path → `[fingerprint, generatedAt]` of every file to publish, in path order. */
  files: Manifest;
  /** The text of the build manifest's `manifest.json` when read, which changes with every build that changes the site: to tell whether one replaced it meanwhile. */
  manifestText: string;
  /** Files of a partial site (site/partial-site.ts) that its manifest lists but its folder lacks: unchanged since the build before, whose publish sent them. */
  absent: ReadonlySet<string>;
}

/**
 * Reads the site in `dir`: every file but the hidden ones (a segment starting with `.`:
 * `.dataset-site/` with the build manifest, which no host serves either), fingerprinted
 * as the build manifest says, so unchanged files are not read; a file the manifest does
 * not list (added by hand) by the SHA-1 of its bytes. A partial site's files are those its
 * manifest lists, the unchanged entity documents and pages not in its folder among them.
 * The files hosts read rather than serve (HOST_CONFIG_FILES) are not published.
 * A folder an interrupted build left is refused (interrupted-build.ts).
 */
export async function readLocalSite(dir: string): Promise<LocalSite> {
  await assertNoInterruptedBuild(dir, 'publish');
  const { manifest: built, rootText: manifestText } = await readManifest(dir);
  if (manifestText === undefined)
    throw new UserError(`${dir} is not a built site (no ${MANIFEST_PATH}); did you run dataset-site build?`, 1);
  const files: Manifest = new Map();
  for (const file of listSiteFiles(dir)) {
    files.set(file, built.get(file) ?? [await hashFile(path.join(dir, file)), '']);
  }
  // The build's own files (`.dataset-site/changes.json`) are listed too, and hidden: never published.
  const absent = new Set(absentDocuments(built, files));
  const [missing] = absent;
  if (missing !== undefined && !isPartialSite(dir))
    throw new UserError(
      `${path.join(dir, missing)} is listed in ${MANIFEST_PATH} but missing; build the site again`,
      1,
    );
  for (const file of absent) files.set(file, built.get(file)!);
  for (const file of HOST_CONFIG_FILES) files.delete(file);
  const inOrder = absent.size === 0 ? files : new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { files: inOrder, manifestText, absent };
}

async function hashFile(file: string): Promise<string> {
  return `sha1:${contentFingerprint(await readFile(file))}`;
}
