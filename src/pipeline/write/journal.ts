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
import { linkOrderGroups } from '../../site/link-order.js';

/** What a build changes in the site: paths relative to it. */
export interface SiteChanges {
  added: readonly string[];
  changed: readonly string[];
  removed: readonly string[];
}

/** The journal of an application in progress, beside the site. */
interface Journal extends SiteChanges {
  staging: string;
  backup: string;
  /** `applying` until every file is in place; then the backup and the staging folder are only removed. */
  state: 'applying' | 'done';
}

/** Path of the journal of the site at `outDir`. */
function journalPath(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.journal.json`);
}

/** Moves the staged files of `changes` into the site at `outDir`, as one step a kill cannot leave half done. */
export async function applyChanges(outDir: string, stagingDir: string, backupDir: string, changes: SiteChanges): Promise<void> {
  // Synchronous calls: thousands of small renames, each awaited through the thread pool, cost ten times as much.
  const folders = new FolderMaker();
  for (const file of changes.changed) {
    folders.make(path.dirname(path.join(backupDir, file)));
    tolerateMissing(() => linkSync(path.join(outDir, file), path.join(backupDir, file)));
  }
  const journal: Journal = { ...changes, staging: stagingDir, backup: backupDir, state: 'applying' };
  await writeJournal(outDir, journal);
  const files = [...changes.added.map((path) => ({ path, isNew: true })), ...changes.changed.map((path) => ({ path, isNew: false }))];
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
  const text = await readFile(journalPath(outDir), 'utf8').catch(() => undefined);
  if (text === undefined) return;
  const journal = JSON.parse(text) as Journal;
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
