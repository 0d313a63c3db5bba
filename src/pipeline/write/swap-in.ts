/**
 * A new site folder in place of the old, and what a killed build left beside it repaired:
 * the staging folder is made beside the site, swapped in with two renames (the old site
 * whole until the new one is in place), and a build's leftovers are put back or removed.
 */
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from './build-lock.js';
import { recoverJournal } from './journal.js';
import { buildFolderPath, buildFolders } from './siblings.js';
import { explainWriteFailure } from './write-failure.js';

/**
 * Makes the staging folder. The parent is made first, then the staging folder alone: a recursive mkdir
 * on a read-only file system reports ENOENT, where this reports EROFS (or EACCES) and names the site folder.
 */
export async function makeStagingDir(stagingDir: string, outDir: string): Promise<void> {
  try {
    await mkdir(path.dirname(stagingDir), { recursive: true });
    await mkdir(stagingDir);
  } catch (error) {
    throw explainWriteFailure(error, outDir);
  }
}

/** Puts the staging folder in place of the site. Rename-rename is safer than delete-rename: the old site is whole until the new one is in place. */
export async function swapIn(stagingDir: string, outDir: string): Promise<void> {
  const oldDir = buildFolderPath(outDir, 'old');
  let hadOld = true;
  try {
    await rename(outDir, oldDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadOld = false;
  }
  await rename(stagingDir, outDir);
  if (hadOld) await rm(oldDir, { recursive: true, force: true });
}

/**
 * Repairs what a killed build left beside `outDir`: when it died between its two renames
 * there is no `outDir` but a whole old copy, which is put back; staging folders of dead
 * builds are removed. Safe to call at any time.
 */
export async function recoverSite(outDir: string): Promise<void> {
  await recoverJournal(outDir);
  const folders = await buildFolders(outDir);
  const olds = folders.filter((folder) => folder.kind === 'old');
  const outExists = await readdir(outDir).then(
    () => true,
    () => false,
  );
  if (!outExists && olds.length > 0) await rename(olds[olds.length - 1]!.path, outDir);
  for (const folder of folders) {
    if (folder.pid !== process.pid && !isAlive(folder.pid)) await rm(folder.path, { recursive: true, force: true });
  }
}
