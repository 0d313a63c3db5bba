/**
 * Files of the site's own folder (`.dataset-site/`) that no build makes but every build
 * keeps: a build that writes a new folder and swaps it in (a first build, a large change,
 * or a folder holding only the state a workflow restored) carries them over, so what
 * they count goes on from run to run.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ROTATION_STATE_PATH } from '../query/formats/index.js';

const CARRIED = [ROTATION_STATE_PATH];

/** Copies the carried files that `fromDir` holds into `toDir`. */
export async function carryState(fromDir: string, toDir: string): Promise<void> {
  for (const file of CARRIED) {
    await mkdir(path.dirname(path.join(toDir, file)), { recursive: true });
    await copyFile(path.join(fromDir, file), path.join(toDir, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}
