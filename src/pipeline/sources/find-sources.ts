/**
 * Finding the source files (docs/api.md#sources): every file of the {@link SOURCE_FORMATS}
 * below `--sources`, found with fast-glob. Symbolic links to folders are followed here,
 * not by fast-glob, so that each real folder is read once: a link back into a folder
 * already read (a loop) is reported once, by path, and skipped. A source-named path that
 * is not a regular file is refused by name and never opened (a FIFO would block forever).
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { Diagnostic } from '../../shared/index.js';
import { SOURCE_FORMATS } from '../index.js';

/** The source files found (sorted, so every machine reads them in the same order) and what was refused or skipped. */
export interface FoundSources {
  files: string[];
  /** Regular files of other formats, not read (at most a few, for the message when no source is found). */
  skipped: string[];
  diagnostics: Diagnostic[];
}

const MAX_SKIPPED_NAMED = 5;

const SOURCE_NAME = new RegExp(`\\.(?:${SOURCE_FORMATS.map((format) => format.slice(2)).join('|')})$`);

/**
 * Finds the source files of `sources`, a folder or one file. `displayPath` turns an
 * absolute path into the name shown in diagnostics.
 */
export async function findSources(sources: string, displayPath: (file: string) => string): Promise<FoundSources> {
  const found: FoundSources = { files: [], skipped: [], diagnostics: [] };
  const top = await stat(sources).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  });
  if (top === undefined) return found;
  if (!top.isDirectory()) {
    if (top.isFile()) found.files.push(sources);
    else found.diagnostics.push(refused(sources, kindOfFile(top), displayPath));
    return found;
  }
  const roots = [await realpath(sources)];
  const folders = [sources];
  for (let folder = folders.shift(); folder !== undefined; folder = folders.shift()) {
    const entries = await fg('**', {
      cwd: folder,
      absolute: true,
      onlyFiles: false,
      followSymbolicLinks: false,
      dot: false,
      objectMode: true,
    });
    for (const { path: file, dirent } of entries.sort((a, b) => (a.path < b.path ? -1 : 1))) {
      if (dirent.isDirectory()) continue;
      const isSource = SOURCE_NAME.test(file);
      if (dirent.isFile()) {
        if (isSource) found.files.push(file);
        else if (found.skipped.length < MAX_SKIPPED_NAMED) found.skipped.push(displayPath(file));
      } else if (dirent.isSymbolicLink()) {
        await followLink(file, isSource, roots, folders, found, displayPath);
      } else if (isSource) {
        found.diagnostics.push(refused(file, kindOfFile(dirent), displayPath));
      }
    }
  }
  found.files.sort();
  return found;
}

// A link to a file counts as that file; a link to a folder not read yet is read like a folder of its own.
async function followLink(
  link: string,
  isSource: boolean,
  roots: string[],
  folders: string[],
  found: FoundSources,
  displayPath: (file: string) => string,
): Promise<void> {
  const target = await stat(link).catch(() => undefined);
  if (target === undefined) {
    if (isSource) found.diagnostics.push(refused(link, 'a symbolic link to nothing', displayPath));
    return;
  }
  if (target.isDirectory()) {
    const real = await realpath(link);
    const readBy = roots.find((root) => real === root || real.startsWith(root + path.sep));
    if (readBy === undefined) {
      roots.push(real);
      folders.push(link);
      return;
    }
    const message = `a symbolic link to ${displayPath(real)}, a folder already read (a link loop or a second way in): skipped, each folder is read once`;
    found.diagnostics.push({ code: 'skipped_link', severity: 'warning', file: displayPath(link), message });
  } else if (isSource) {
    if (target.isFile()) found.files.push(link);
    else found.diagnostics.push(refused(link, `a symbolic link to ${kindOfFile(target)}`, displayPath));
  }
}

function refused(file: string, what: string, displayPath: (file: string) => string): Diagnostic {
  return {
    code: 'unreadable_file',
    severity: 'error',
    file: displayPath(file),
    message: `not a regular file but ${what}; a source must be a file (nothing was read from it)`,
  };
}

function kindOfFile(entry: {
  isFIFO(): boolean;
  isSocket(): boolean;
  isBlockDevice(): boolean;
  isCharacterDevice(): boolean;
}): string {
  if (entry.isFIFO()) return 'a FIFO (named pipe)';
  if (entry.isSocket()) return 'a socket';
  if (entry.isBlockDevice() || entry.isCharacterDevice()) return 'a device';
  return 'a special file';
}
