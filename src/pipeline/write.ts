/**
 * Stage 6, write: the site is written into a fresh folder beside the output folder, then
 * swapped in with two renames (old out, new in) and the old copy deleted. A failed or
 * interrupted build leaves the previous site exactly as it was.
 */
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_PATH, contentHash, readManifest, serializeManifest, type Manifest } from './manifest.js';
import type { OutputFile } from './render.js';

/** How the writer runs. */
export interface WriteOptions {
  /** The site folder to replace. */
  outDir: string;
  /** `generated_at` of documents whose content changed, ISO 8601. */
  generatedAt: string;
  /** Called every few thousand files with the count so far. */
  onProgress?: (files: number) => void;
}

/** What was written. */
export interface WriteStats {
  files: number;
  bytes: number;
  /** Timestamped documents whose content changed since the previous build. */
  changed: number;
}

const STAMP = '"generated_at":""';
const PARALLEL_WRITES = 32;

/** Writes the files into a new site folder and swaps it in place of `outDir`. */
export async function writeSite(files: Iterable<OutputFile>, options: WriteOptions): Promise<WriteStats> {
  const outDir = path.resolve(options.outDir);
  await recoverSite(outDir);
  const previous = await readManifest(outDir);
  const stagingDir = siblingPath(outDir, `tmp-${process.pid}-${Date.now()}`);
  await rm(stagingDir, { recursive: true, force: true });
  try {
    const stats = await writeAll(files, stagingDir, previous, options);
    await swapIn(stagingDir, outDir);
    return stats;
  } catch (error) {
    await rm(stagingDir, { recursive: true, force: true });
    throw error;
  }
}

async function writeAll(files: Iterable<OutputFile>, dir: string, previous: Manifest, options: WriteOptions): Promise<WriteStats> {
  const manifest: Manifest = new Map();
  const stats: WriteStats = { files: 0, bytes: 0, changed: 0 };
  const folders = new Set<string>();
  const pending = new Set<Promise<void>>();
  for (const file of files) {
    let content = file.content;
    if (file.timestamped) {
      const hash = contentHash(content);
      const before = previous.get(file.path);
      const generatedAt = before && before[0] === hash ? before[1] : options.generatedAt;
      if (generatedAt === options.generatedAt) stats.changed++;
      manifest.set(file.path, [hash, generatedAt]);
      const at = content.lastIndexOf(STAMP);
      content = `${content.slice(0, at)}"generated_at":"${generatedAt}"${content.slice(at + STAMP.length)}`;
    }
    const target = path.join(dir, file.path);
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      folders.add(folder);
    }
    const write = writeFile(target, content).then(() => void pending.delete(write));
    pending.add(write);
    if (pending.size >= PARALLEL_WRITES) await Promise.race(pending);
    stats.files++;
    stats.bytes += Buffer.byteLength(content);
    if (stats.files % 5000 === 0) options.onProgress?.(stats.files);
  }
  await Promise.all(pending);
  await mkdir(path.join(dir, path.dirname(MANIFEST_PATH)), { recursive: true });
  await writeFile(path.join(dir, MANIFEST_PATH), serializeManifest(manifest));
  return stats;
}

// Rename-rename is safer than delete-rename: the old site is whole until the new one is in place.
async function swapIn(stagingDir: string, outDir: string): Promise<void> {
  const oldDir = siblingPath(outDir, `old-${process.pid}-${Date.now()}`);
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
  const parent = path.dirname(outDir);
  const prefix = `.${path.basename(outDir)}.`;
  const siblings = (await readdir(parent).catch(() => [] as string[])).filter((name) => name.startsWith(prefix)).sort();
  const olds = siblings.filter((name) => name.startsWith(`${prefix}old-`));
  const outExists = await readdir(outDir).then(() => true, () => false);
  if (!outExists && olds.length > 0) await rename(path.join(parent, olds[olds.length - 1]!), outDir);
  for (const name of siblings) {
    const pid = Number(/^(?:tmp|old)-(\d+)-/.exec(name.slice(prefix.length))?.[1]);
    if (pid !== process.pid && !isAlive(pid)) await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function siblingPath(outDir: string, suffix: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.${suffix}`);
}
