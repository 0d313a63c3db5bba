/**
 * One build at a time per output folder: a lock file beside it (`.dist.lock`) holds the
 * building process's id. A second build fails at once with a message naming that
 * process; a lock whose process is gone (a killed build) is taken over.
 */
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../shared/index.js';
import { lockPath } from './siblings.js';
import { explainWriteFailure } from './write-failure.js';

/** A held lock; `release` removes it. */
export interface BuildLock {
  release(): Promise<void>;
}

/** Takes the lock of `outDir`, or fails with a {@link UserError} (exit 1) while another live build holds it. */
export async function lockOutput(outDir: string): Promise<BuildLock> {
  const file = lockPath(outDir);
  const mine = `${file}.${process.pid}`;
  try {
    await mkdir(path.dirname(outDir), { recursive: true });
    // Written whole, then linked into place: a lock is never seen empty, and link() fails if one exists.
    await writeFile(mine, `${process.pid}\n`);
  } catch (error) {
    throw explainWriteFailure(error, outDir);
  }
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (
        await link(mine, file).then(
          () => true,
          (error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? false : Promise.reject(error)),
        )
      ) {
        return { release: () => rm(file, { force: true }) };
      }
      const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (isAlive(holder)) {
        throw new UserError(
          `another build (process ${holder}) is writing ${outDir}; wait for it to end, or stop it (its lock is ${file})`,
          1,
        );
      }
      // Left by a killed build. Renaming it away is atomic: of two builds taking it over, one wins.
      await rename(file, `${file}.stale-${process.pid}`).then(
        () => rm(`${file}.stale-${process.pid}`, { force: true }),
        () => undefined,
      );
    }
    throw new UserError(`other builds keep taking the lock of ${outDir}; run this one again`, 1);
  } finally {
    await rm(mine, { force: true });
  }
}

/** Whether a process with this id is running (on this machine). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, but another user's
  }
}
