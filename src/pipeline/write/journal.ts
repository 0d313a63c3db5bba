/**
 * Applying a changed site in place, all or nothing: the new and changed files are renamed
 * from a staging folder into the site in link order (link-order.ts), and removed
 * files moved out, after each file they replace or remove is hard-linked into a backup
 * folder and a journal naming them is written beside the site. Each file is replaced by
 * one rename, so readers see the old document or the new one, never a part. A build
 * killed while applying is rolled back from the journal and the backup by
 * {@link recoverJournal} (run before every build): the previous files come back with
 * their bytes and times, since they are the same inodes.
 */
import { linkSync, mkdirSync, renameSync, rmdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../shared/index.js';
import { documentVersion } from '../../query/formats/index.js';
import { linkOrderGroups, readVersioned } from '../../site/index.js';
import { journalPath } from './siblings.js';

/** What a build changes in the site: paths relative to it. */
export interface SiteChanges {
  added: readonly string[];
  changed: readonly string[];
  removed: readonly string[];
}

/** Version of the journal's format: a journal of another version is not applied, but named to the operator. */
const JOURNAL_VERSION = documentVersion('journal');

/** The journal of an application in progress, beside the site. */
interface Journal extends SiteChanges {
  version: typeof JOURNAL_VERSION;
  staging: string;
  backup: string;
  /** `applying` until every file is in place; then the backup and the staging folder are only removed. */
  state: 'applying' | 'done';
}

/** Moves the staged files of `changes` into the site at `outDir`, as one step a kill cannot leave half done. */
export async function applyChanges(
  outDir: string,
  stagingDir: string,
  backupDir: string,
  changes: SiteChanges,
): Promise<void> {
  // Synchronous calls: thousands of small renames, each awaited through the thread pool, cost ten times as much.
  const folders = new FolderMaker();
  for (const file of changes.changed) {
    folders.make(path.dirname(path.join(backupDir, file)));
    tolerateMissing(() => linkSync(path.join(outDir, file), path.join(backupDir, file)));
  }
  const journal: Journal = {
    version: JOURNAL_VERSION,
    ...changes,
    staging: stagingDir,
    backup: backupDir,
    state: 'applying',
  };
  await writeJournal(outDir, journal);
  const files = [
    ...changes.added.map((path) => ({ path, isNew: true })),
    ...changes.changed.map((path) => ({ path, isNew: false })),
  ];
  for (const file of linkOrderGroups(files).flatMap((group) => group.paths)) {
    folders.make(path.dirname(path.join(outDir, file)));
    renameSync(path.join(stagingDir, file), path.join(outDir, file));
  }
  for (const file of changes.removed) {
    folders.make(path.dirname(path.join(backupDir, file)));
    tolerateMissing(() => renameSync(path.join(outDir, file), path.join(backupDir, file)));
    removeEmptyFolders(outDir, path.dirname(file));
  }
  await writeJournal(outDir, { ...journal, state: 'done' });
  await finish(outDir, journal);
}

/** Rolls back an application a killed build left half done, or finishes one that was done; nothing when there is no journal. */
export async function recoverJournal(outDir: string): Promise<void> {
  const file = journalPath(outDir);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? undefined : Promise.reject(unreadable(file, outDir, error.message)),
  );
  if (text === undefined) return;
  const journal = parseBuildJournal(text, outDir);
  if (typeof journal === 'string') throw unreadable(file, outDir, journal);
  if (journal.state === 'applying') {
    const folders = new FolderMaker();
    for (const file of journal.added) {
      await rm(path.join(outDir, file), { force: true });
      removeEmptyFolders(outDir, path.dirname(file));
    }
    for (const file of [...journal.changed, ...journal.removed]) {
      folders.make(path.dirname(path.join(outDir, file)));
      tolerateMissing(() => renameSync(path.join(journal.backup, file), path.join(outDir, file)));
    }
  }
  await finish(outDir, journal);
}

// The journal as written by applyChanges, or what is wrong with it. Its folders must be the build folders beside this site.
function parseBuildJournal(text: string, outDir: string): Journal | string {
  const applies = `this dataset-site applies version ${JOURNAL_VERSION}`;
  const read = readVersioned(text, JOURNAL_VERSION, (found) => `is of version ${found}; ${applies}`);
  if (read === 'older') return `it is of an earlier version; ${applies}`;
  if ('damaged' in read) return `it ${read.damaged}`;
  const journal = read.json as Partial<Journal> | null;
  if (typeof journal !== 'object' || journal === null) return 'it is not a journal';
  // A journal without a version is of the same shape, written before versions were.
  if (journal.version !== undefined && journal.version !== JOURNAL_VERSION)
    return `it is of version ${JSON.stringify(journal.version)}; ${applies}`;
  const isPaths = (paths: unknown) =>
    Array.isArray(paths) &&
    paths.every((file) => typeof file === 'string' && !path.isAbsolute(file) && !file.split(/[\\/]/).includes('..'));
  if (!isPaths(journal.added) || !isPaths(journal.changed) || !isPaths(journal.removed))
    return 'its lists of files are malformed';
  const beside = (folder: unknown) =>
    typeof folder === 'string' &&
    path.dirname(folder) === path.dirname(outDir) &&
    path.basename(folder).startsWith(`.${path.basename(outDir)}.`);
  if (!beside(journal.staging) || !beside(journal.backup)) return 'its folders are not beside the site';
  if (journal.state !== 'applying' && journal.state !== 'done') return 'its state is malformed';
  return journal as Journal;
}

// A journal that cannot be read leaves the site possibly half changed: the operator decides, with what is known.
function unreadable(file: string, outDir: string, why: string): UserError {
  return new UserError(
    `cannot read the journal of an interrupted build, ${file}: ${why}. The site ${outDir} may hold part of that build's changes, ` +
      `with the files they replaced in a backup folder beside it (.${path.basename(outDir)}.backup-*). ` +
      `Rebuild into a new folder, or remove the journal to build over the site as it is.`,
    74,
  );
}

async function finish(outDir: string, journal: Journal): Promise<void> {
  await rm(journal.backup, { recursive: true, force: true });
  await rm(journal.staging, { recursive: true, force: true });
  await rm(journalPath(outDir), { force: true });
}

// Written whole, then renamed into place: a journal on disk is never partial.
async function writeJournal(outDir: string, journal: Journal): Promise<void> {
  const file = journalPath(outDir);
  await writeFile(`${file}.new`, JSON.stringify(journal));
  await rename(`${file}.new`, file);
}

// Makes each folder once.
class FolderMaker {
  private readonly made = new Set<string>();

  make(folder: string): void {
    if (this.made.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    this.made.add(folder);
  }
}

// A folder left empty by a removal goes too (a filter value no entity holds any more), up to the site.
function removeEmptyFolders(outDir: string, folder: string): void {
  for (let current = folder; current !== '.' && current !== ''; current = path.dirname(current)) {
    try {
      rmdirSync(path.join(outDir, current));
    } catch {
      return;
    }
  }
}

function tolerateMissing(move: () => void): void {
  try {
    move();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
