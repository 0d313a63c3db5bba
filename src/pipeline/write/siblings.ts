/**
 * What a build keeps beside the site's folder, each named `.{site}.{what}` so that they
 * sort together and never sit inside the site: its lock (`.dist.lock`), its journal
 * (`.dist.journal.json`), and the folders of one build, named with its process id and
 * start time so that a later build knows a dead one's leftovers: the staging folder
 * (`tmp`), the old site while a new one is swapped in (`old`), and the backup of the files
 * an in-place change replaces (`backup`).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** The kinds of folder a build makes beside the site. */
export type BuildFolderKind = 'tmp' | 'old' | 'backup';

/** One folder a build made beside the site. */
export interface BuildFolder {
  path: string;
  kind: BuildFolderKind;
  /** The process id of the build that made it. */
  pid: number;
}

const BUILD_FOLDER = /^(tmp|old|backup)-(\d+)-\d+$/;

/** The path of `.{site}.{suffix}` beside the site at `outDir`. */
export function siblingPath(outDir: string, suffix: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.${suffix}`);
}

/** The path of the build lock of the site at `outDir`. */
export function lockPath(outDir: string): string {
  return siblingPath(outDir, 'lock');
}

/** The path of the journal of the site at `outDir` (journal.ts). */
export function journalPath(outDir: string): string {
  return siblingPath(outDir, 'journal.json');
}

/** A new folder of this build, of `kind`, beside the site at `outDir`. */
export function buildFolderPath(outDir: string, kind: BuildFolderKind): string {
  return siblingPath(outDir, `${kind}-${process.pid}-${Date.now()}`);
}

/** The folders builds made beside the site at `outDir`, in order of their names (a kind's oldest first). */
export async function buildFolders(outDir: string): Promise<BuildFolder[]> {
  const prefix = `.${path.basename(outDir)}.`;
  const names = (await readdir(path.dirname(outDir)).catch(() => [] as string[]))
    .filter((name) => name.startsWith(prefix))
    .sort();
  return names.flatMap((name) => {
    const match = BUILD_FOLDER.exec(name.slice(prefix.length));
    return match === null
      ? []
      : [{ path: path.join(path.dirname(outDir), name), kind: match[1] as BuildFolderKind, pid: Number(match[2]) }];
  });
}
