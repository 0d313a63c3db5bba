/**
 * Stage 6, write. A first build writes the site into a fresh folder beside the output
 * folder and swaps it in with two renames (old out, new in). A rebuild writes only what
 * changed and applies it in place under a journal (journal.ts). Either way a failed or
 * interrupted build leaves the previous site exactly as it was (after
 * {@link recoverSite}), and unchanged files keep their bytes and times.
 */
import { statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stampGeneratedAt } from '../query/formats/generated-at.js';
import { MANIFEST_PATH, parseManifest, serializeManifest, type Manifest } from '../query/formats/manifest.js';
import type { DocumentBody } from './assemble.js';
import { emptyStats, type OutputDocument, type WriteStats } from './output.js';
import { applyChanges, recoverJournal, type SiteChanges } from './journal.js';
import { isAlive } from './build-lock.js';
import { explainWriteFailure } from './write-failure.js';
import type { RenderedSite } from './render.js';
import { compareWithSite } from './unchanged.js';
import { defaultWriterThreads, startRunner, type TaskRunner } from './write-runner.js';
import { REUSE_ANY_SIZE, type WriteTask } from './write-task.js';

/** How the writer runs. */
export interface WriteOptions {
  /** The site folder to replace. */
  outDir: string;
  /** `generated_at` of documents whose content changed, ISO 8601. */
  generatedAt: string;
  /** Called every few hundred files with the count so far and the count to write. */
  onProgress?: (files: number, total: number) => void;
  /** Worker threads that assemble and write files; 0 writes in the main thread. @default one per core, at most 4 */
  threads?: number;
}

const BATCH_TASKS = 256;
const PROGRESS_EVERY = 500;
/** Largest share of a site's documents a rebuild changes in place; more, and it writes a new folder. */
const IN_PLACE_MAX_SHARE = 0.2;

/**
 * Writes the site into `outDir`. A first build (or one over a site of another format)
 * writes every document into a new folder and swaps it in. A rebuild writes only the
 * documents that are new or changed (or whose file on disk is not what the manifest says)
 * into a staging folder and applies them in place, with the removals (journal.ts): its
 * cost follows the change, not the site (past {@link IN_PLACE_MAX_SHARE} of the site, a
 * new folder is cheaper). When the site there is already current (unchanged.ts), it is
 * left as it is. Run {@link recoverSite} first, as `build` does
 * before it reads the sources.
 */
export async function writeSite(site: RenderedSite, options: WriteOptions): Promise<WriteStats> {
  const outDir = path.resolve(options.outDir);
  const previous = await readPreviousManifest(outDir);
  const comparison = compareWithSite(site.documents, previous, outDir);
  if (comparison.current) return comparison.current;
  // Past a share of the site, linking the unchanged files into a new folder costs less than moving the changed ones.
  const inPlace = previous.size > 0 && comparison.differing <= IN_PLACE_MAX_SHARE * comparison.documents;
  const stagingDir = siblingPath(outDir, `tmp-${process.pid}-${Date.now()}`);
  await rm(stagingDir, { recursive: true, force: true });
  await makeStagingDir(stagingDir, outDir);
  const context = { entities: site.entities, dictionaries: site.dictionaries };
  const runner = startRunner({ context, stagingDir, previousDir: outDir }, options.threads ?? defaultWriterThreads());
  try {
    const total = inPlace ? comparison.differing - comparison.removed : comparison.documents;
    const { stats, changes } = await writeAll(site.documents, stagingDir, previous, runner, { ...options, outDir, inPlace, total, stale: comparison.stale });
    await runner.close();
    if (inPlace) await applyChanges(outDir, stagingDir, siblingPath(outDir, `backup-${process.pid}-${Date.now()}`), changes);
    else await swapIn(stagingDir, outDir);
    return stats;
  } catch (error) {
    await runner.close();
    await rm(stagingDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Hands every document to the runner: all of them for a new folder (unchanged ones to be
 * linked from the previous site), only the new and changed ones for an update in place.
 * Writes the manifest last.
 */
async function writeAll(
  documents: Iterable<OutputDocument>,
  dir: string,
  previous: Manifest,
  runner: TaskRunner,
  options: WriteOptions & { outDir: string; inPlace: boolean; total: number; stale: ReadonlySet<string> },
): Promise<{ stats: WriteStats; changes: SiteChanges }> {
  const manifest: Manifest = new Map();
  const stats = emptyStats();
  const changes = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  const unsized: string[] = [];
  let batch: WriteTask[] = [];
  let reported = 0;
  const report = () => {
    for (; reported + PROGRESS_EVERY <= runner.done; reported += PROGRESS_EVERY) options.onProgress?.(reported + PROGRESS_EVERY, options.total);
  };
  for (const document of documents) {
    const before = previous.get(document.path);
    const same = before !== undefined && before[0] === document.fingerprint;
    let body = document.body;
    let size = document.size;
    let generatedAt = '';
    if (document.timestamped) {
      generatedAt = same ? before[1] : options.generatedAt;
      if (!same) stats.changed++;
      body = stamped(body, generatedAt);
      size += Buffer.byteLength(generatedAt);
    }
    manifest.set(document.path, [document.fingerprint, generatedAt]);
    stats.files++;
    // In place, a document the comparison found on disk as the manifest says is left as it is.
    if (options.inPlace && same && !options.stale.has(document.path)) {
      stats.unchanged++;
      // A size known only once made (a gzipped dump) is the one on disk.
      stats.bytes += size < 0 ? statSync(path.join(options.outDir, document.path)).size : size;
      continue;
    }
    // A size known only once made is counted once written.
    if (size < 0) unsized.push(document.path);
    else stats.bytes += size;
    if (before === undefined) stats.added++;
    else if (same && !options.inPlace) stats.unchanged++;
    else stats.rewritten++;
    if (options.inPlace) (before === undefined ? changes.added : changes.changed).push(document.path);
    if ((!same || options.inPlace) && size >= 0) stats.written += size;
    batch.push({ path: document.path, body, reuse: same && !options.inPlace ? (size < 0 ? REUSE_ANY_SIZE : size) : -1 });
    if (batch.length === BATCH_TASKS) {
      await runner.run(batch);
      batch = [];
      report();
    }
  }
  if (batch.length > 0) await runner.run(batch);
  await runner.finish();
  report();
  // Each is in the staging folder now, written or linked from the previous site: its size is known.
  for (const file of unsized) {
    const staged = statSync(path.join(dir, file));
    const linked = statSync(path.join(options.outDir, file), { throwIfNoEntry: false })?.ino === staged.ino;
    stats.bytes += staged.size;
    if (!linked) stats.written += staged.size;
  }
  for (const file of previous.keys()) if (!manifest.has(file)) changes.removed.push(file);
  stats.removed = changes.removed.length;
  const manifestText = serializeManifest(manifest);
  await mkdir(path.join(dir, path.dirname(MANIFEST_PATH)), { recursive: true });
  await writeFile(path.join(dir, MANIFEST_PATH), manifestText);
  changes.changed.push(MANIFEST_PATH);
  stats.written += Buffer.byteLength(manifestText);
  return { stats, changes };
}

// The parent is made first, then the staging folder alone: a recursive mkdir on a read-only
// file system reports ENOENT, where this reports EROFS (or EACCES) and names the site folder.
async function makeStagingDir(stagingDir: string, outDir: string): Promise<void> {
  try {
    await mkdir(path.dirname(stagingDir), { recursive: true });
    await mkdir(stagingDir);
  } catch (error) {
    throw explainWriteFailure(error, outDir);
  }
}

// Stamps the `generated_at` left empty by rendering.
function stamped(body: DocumentBody, generatedAt: string): DocumentBody {
  if ('meta' in body) return { ...body, meta: stampGeneratedAt(body.meta, generatedAt) };
  if ('text' in body) return { text: stampGeneratedAt(body.text, generatedAt) };
  throw new Error('an entity document has no generated_at');
}

// The manifest of the site in `siteDir`; none (a first build, another version) is empty.
async function readPreviousManifest(siteDir: string): Promise<Manifest> {
  const text = await readFile(path.join(siteDir, MANIFEST_PATH), 'utf8').catch(() => undefined);
  return text === undefined ? new Map() : parseManifest(text);
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
  await recoverJournal(outDir);
  const parent = path.dirname(outDir);
  const prefix = `.${path.basename(outDir)}.`;
  const siblings = (await readdir(parent).catch(() => [] as string[])).filter((name) => name.startsWith(prefix)).sort();
  const olds = siblings.filter((name) => name.startsWith(`${prefix}old-`));
  const outExists = await readdir(outDir).then(() => true, () => false);
  if (!outExists && olds.length > 0) await rename(path.join(parent, olds[olds.length - 1]!), outDir);
  for (const name of siblings) {
    const owner = /^(?:tmp|old|backup)-(\d+)-/.exec(name.slice(prefix.length));
    if (owner === null) continue; // not a folder of a build: the lock, say
    const pid = Number(owner[1]);
    if (pid !== process.pid && !isAlive(pid)) await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

function siblingPath(outDir: string, suffix: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.${suffix}`);
}
