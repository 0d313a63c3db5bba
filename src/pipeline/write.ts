/**
 * Stage 6, write: the site is written into a fresh folder beside the output folder, then
 * swapped in with two renames (old out, new in) and the old copy deleted. A failed or
 * interrupted build leaves the previous site exactly as it was. Documents whose
 * fingerprint is the one in the previous site's manifest are hard-linked from it instead
 * of being written again: the previous site's files are never modified, only linked.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stampGeneratedAt } from '../query/formats/generated-at.js';
import { MANIFEST_PATH, parseManifest, serializeManifest, type Manifest } from '../query/formats/manifest.js';
import type { DocumentBody } from './assemble.js';
import type { OutputDocument, WriteStats } from './output.js';
import { isAlive } from './build-lock.js';
import { explainWriteFailure } from './write-failure.js';
import type { RenderedSite } from './render.js';
import { unchangedSite } from './unchanged.js';
import { defaultWriterThreads, startRunner, type TaskRunner } from './write-runner.js';
import type { WriteTask } from './write-task.js';

/** How the writer runs. */
export interface WriteOptions {
  /** The site folder to replace. */
  outDir: string;
  /** `generated_at` of documents whose content changed, ISO 8601. */
  generatedAt: string;
  /** Called every few thousand files with the count so far. */
  onProgress?: (files: number) => void;
  /** Worker threads that assemble and write files; 0 writes in the main thread. @default one per core, at most 4 */
  threads?: number;
}

const BATCH_TASKS = 256;
const PROGRESS_EVERY = 5000;

/**
 * Writes the documents into a new site folder and swaps it in place of `outDir`; when the
 * site there is already current (see unchanged.ts), leaves it as it is. Run
 * {@link recoverSite} first, as `build` does before it reads the sources.
 */
export async function writeSite(site: RenderedSite, options: WriteOptions): Promise<WriteStats> {
  const outDir = path.resolve(options.outDir);
  const previous = await readPreviousManifest(outDir);
  const unchanged = unchangedSite(site.documents, previous, outDir);
  if (unchanged) return unchanged;
  const stagingDir = siblingPath(outDir, `tmp-${process.pid}-${Date.now()}`);
  await rm(stagingDir, { recursive: true, force: true });
  await makeStagingDir(stagingDir, outDir);
  const context = { entities: site.entities, dictionaries: site.dictionaries };
  const runner = startRunner({ context, stagingDir, previousDir: outDir }, options.threads ?? defaultWriterThreads());
  try {
    const stats = await writeAll(site.documents, stagingDir, previous, runner, options);
    await runner.close();
    await swapIn(stagingDir, outDir);
    return stats;
  } catch (error) {
    await runner.close();
    await rm(stagingDir, { recursive: true, force: true });
    throw error;
  }
}

async function writeAll(documents: Iterable<OutputDocument>, dir: string, previous: Manifest, runner: TaskRunner, options: WriteOptions): Promise<WriteStats> {
  const manifest: Manifest = new Map();
  const stats: WriteStats = { files: 0, bytes: 0, changed: 0 };
  let batch: WriteTask[] = [];
  let reported = 0;
  const report = () => {
    for (; reported + PROGRESS_EVERY <= runner.done; reported += PROGRESS_EVERY) options.onProgress?.(reported + PROGRESS_EVERY);
  };
  for (const document of documents) {
    const before = previous.get(document.path);
    const unchanged = before !== undefined && before[0] === document.fingerprint;
    let body = document.body;
    let size = document.size;
    let generatedAt = '';
    if (document.timestamped) {
      generatedAt = unchanged ? before[1] : options.generatedAt;
      if (!unchanged) stats.changed++;
      body = stamped(body, generatedAt);
      size += Buffer.byteLength(generatedAt);
    }
    manifest.set(document.path, [document.fingerprint, generatedAt]);
    batch.push({ path: document.path, body, reuse: unchanged ? size : -1 });
    stats.files++;
    stats.bytes += size;
    if (batch.length === BATCH_TASKS) {
      await runner.run(batch);
      batch = [];
      report();
    }
  }
  if (batch.length > 0) await runner.run(batch);
  await runner.finish();
  report();
  await mkdir(path.join(dir, path.dirname(MANIFEST_PATH)), { recursive: true });
  await writeFile(path.join(dir, MANIFEST_PATH), serializeManifest(manifest));
  return stats;
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
  const parent = path.dirname(outDir);
  const prefix = `.${path.basename(outDir)}.`;
  const siblings = (await readdir(parent).catch(() => [] as string[])).filter((name) => name.startsWith(prefix)).sort();
  const olds = siblings.filter((name) => name.startsWith(`${prefix}old-`));
  const outExists = await readdir(outDir).then(() => true, () => false);
  if (!outExists && olds.length > 0) await rename(path.join(parent, olds[olds.length - 1]!), outDir);
  for (const name of siblings) {
    const owner = /^(?:tmp|old)-(\d+)-/.exec(name.slice(prefix.length));
    if (owner === null) continue; // not a folder of a build: the lock, say
    const pid = Number(owner[1]);
    if (pid !== process.pid && !isAlive(pid)) await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

function siblingPath(outDir: string, suffix: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.${suffix}`);
}
