/** Files and bytes of a folder: the list the floor replays, and the breakdown by path prefix. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** A file of a built site: path relative to the site, with `/`, and its size in bytes. */
export interface SiteFile {
  path: string;
  size: number;
}

/** Every file below `dir` (hidden ones included), in a stable order. */
export function listFiles(dir: string): SiteFile[] {
  const files: SiteFile[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else files.push({ path: child, size: statSync(path.join(dir, child)).size });
    }
  };
  walk('');
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Every file below `dir` (hidden ones included) with its size and identity (inode and modification time): what a write replaces or adds. */
export function fileIdentities(dir: string): Map<string, { size: number; identity: string }> {
  const files = new Map<string, { size: number; identity: string }>();
  for (const file of listFiles(dir)) {
    const info = statSync(path.join(dir, file.path));
    files.set(file.path, { size: file.size, identity: `${info.ino}@${info.mtimeMs}` });
  }
  return files;
}

/** Files and bytes written between two lists of {@link fileIdentities}: new files, and those replaced; the build's own state (`.dataset-site/`) apart. */
export function writtenBetween(
  before: ReadonlyMap<string, { identity: string }>,
  after: ReadonlyMap<string, { size: number; identity: string }>,
): { files: number; bytes: number; stateBytes: number } {
  const written = { files: 0, bytes: 0, stateBytes: 0 };
  for (const [file, { size, identity }] of after) {
    if (before.get(file)?.identity === identity) continue;
    written.files++;
    written.bytes += size;
    if (file.startsWith('.dataset-site/')) written.stateBytes += size;
  }
  return written;
}

/** Total bytes of a list of files. */
export function totalBytes(files: readonly SiteFile[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

/**
 * Files and bytes per path prefix: the first `depth` segments below `api/public/`, with
 * exhibition relation pages grouped as `exhibitions/*\/exhibitors` and `exhibitions/*\/providers`.
 */
export function breakdown(files: readonly SiteFile[], depth = 2): Record<string, { files: number; bytes: number }> {
  const groups: Record<string, { files: number; bytes: number }> = {};
  for (const file of files) {
    const parts = file.path.replace(/^api\/public\//, '').split('/');
    const relation = parts[0] === 'exhibitions' && parts.length === 4 ? `exhibitions/*/${parts[2]}` : undefined;
    const key = relation ?? (parts.slice(0, Math.min(depth, parts.length - 1)).join('/') || '.');
    const group = (groups[key] ??= { files: 0, bytes: 0 });
    group.files++;
    group.bytes += file.size;
  }
  return groups;
}
