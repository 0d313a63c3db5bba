/**
 * Stage 6, write. A first build writes the site into a fresh folder beside the output
 * folder and swaps it in with two renames (old out, new in: swap-in.ts). A rebuild writes
 * only what changed and applies it in place under a journal (journal.ts). Either way a
 * failed or interrupted build leaves the previous site exactly as it was (after
 * `recoverSite`), and unchanged files keep their bytes and times. This file holds the pass
 * over the documents; page-dispatch.ts hands them to the writer threads.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { carryState } from '../../site/carried-state.js';
import { serializeChangedDocuments } from '../../site/changed-documents.js';
import { isPartialSite, PARTIAL_SITE_TEXT } from '../../site/partial-site.js';
import { holdsSiteFormat, SITE_FORMAT_TEXT } from '../../site/site-format-file.js';
import { manifestFiles, type Manifest, type ManifestFiles } from '../../site/manifest.js';
import { emptyStats, stampBody, type OutputDocument, type WriteStats } from '../assemble/output.js';
import { SCHEMA_PATH } from '../../query/formats/paths.js';
import { applyChanges, type SiteChanges } from './journal.js';
import { buildFolderPath } from './siblings.js';
import type { RenderedSite } from '../render/render.js';
import { renderPages, TaskBatch } from './page-dispatch.js';
import { makeStagingDir, swapIn } from './swap-in.js';
import { defaultWriterThreads, startRunner, type TaskRunner } from './write-runner.js';
import { REUSE_ANY_SIZE } from './write-task.js';
import { CHANGED_DOCUMENTS_PATH, PARTIAL_SITE_PATH, SITE_FORMAT_PATH, MANIFEST_PATH } from '../../site/state-folder.js';

/** How the writer runs. */
export interface WriteOptions {
  /** The site folder to replace. */
  outDir: string;
  /** `generated_at` of documents whose content changed, ISO 8601. */
  generatedAt: string;
  /** Called every few hundred documents with the count so far and the count of the site. */
  onProgress?: (documents: number, total: number) => void;
  /** Worker threads that assemble and write files; 0 writes in the main thread. @default one per core, at most 4 */
  threads?: number;
  /** The previous site's manifest, as the build read it (pipeline/previous/previous-build.ts), parsed while it renders. */
  previousManifest: Promise<ManifestFiles>;
  /**
   * When the folder holds the previous build's state but not its site (as a workflow
   * restores it), write only the entity documents and pages that changed, with every
   * other document, instead of the whole site: a partial site (site/partial-site.ts), for
   * `publish` to bring a bucket holding the previous build up to date. A folder holding
   * the whole site is changed as without it.
   * @default false
   */
  partial?: boolean;
}

const PROGRESS_EVERY = 500;
/** Largest share of a site's documents a rebuild changes in place; more, and it writes a new folder. */
const IN_PLACE_MAX_SHARE = 0.2;

/**
 * Writes the site into `outDir`, trusting the previous site's manifest for what is there:
 * the text documents, a few hundred that hold every entry point, and the dumps, from
 * which the next build reads its entities, are checked for the size it says; the
 * entities and pages are not (a file of those edited by hand is found by
 * `dataset-site verify`). When a text document is missing, the folder holds the manifest
 * but not the site (a workflow restores only `.dataset-site/`), and every file is written
 * (with `partial`, every one but the unchanged entity documents and pages).
 * One pass over the documents writes those that are new or changed into a staging folder
 * and touches no other file, so its cost follows the change.
 * Then: nothing changed, the site is left as it is; a first build, or more than
 * {@link IN_PLACE_MAX_SHARE} of the site changed, the unchanged files are linked into the
 * staging folder (a second pass) and it is swapped in; otherwise the staged files are
 * applied in place, with the removals (journal.ts). Run `recoverSite` (swap-in.ts) first, as
 * `build` does before it reads the sources.
 */
export async function writeSite(site: RenderedSite, options: WriteOptions): Promise<WriteStats> {
  const outDir = path.resolve(options.outDir);
  const previousFiles = await options.previousManifest;
  const previous = previousFiles.manifest;
  const stagingDir = buildFolderPath(outDir, 'tmp');
  await rm(stagingDir, { recursive: true, force: true });
  await makeStagingDir(stagingDir, outDir);
  const context = { entities: site.entities, dictionaries: site.dictionaries };
  const runner = startRunner({ context, responseContext: site.responseContext, stagingDir, previousDir: outDir }, options.threads ?? defaultWriterThreads());
  try {
    const staged = await stageChanges(site, previous, runner, options, outDir);
    const { stats, changes } = staged;
    const differing = changes.added.length + changes.changed.length + changes.removed.length;
    if (previous.size > 0 && differing === 0) {
      countUnsized(staged.unsized, stagingDir, outDir, stats);
      await runner.close();
      await rm(stagingDir, { recursive: true, force: true });
      return stats;
    }
    // A site missing its entry points holds only the build's own files (restored from a cache, say): every file is
    // written, or, for a partial build, every one but the unchanged entity documents and pages.
    const inPlace = previous.size > 0 && !staged.incomplete && differing <= IN_PLACE_MAX_SHARE * stats.files;
    const partial = staged.incomplete && options.partial === true;
    if (!inPlace && stats.unchanged > 0) await linkUnchanged(site, previous, runner, partial);
    await runner.finish();
    await runner.close();
    countUnsized(staged.unsized, stagingDir, outDir, stats);
    // In place, only the files of the manifest's entries that changed; into a new folder, all of them. Both keep the
    // previous build's count of files, so that a partial build's manifest is the whole build's.
    const manifest = manifestFiles(staged.manifest, inPlace ? previousFiles : { ...previousFiles, texts: new Map() });
    const changedText = serializeChangedDocuments(
      previous.size === 0 ? { everything: true } : { everything: false, changed: staged.newContent, removed: changes.removed },
    );
    const own = new Map([...manifest.files, [CHANGED_DOCUMENTS_PATH, changedText]]);
    // In place, the format file is left alone while it says the same.
    if (!inPlace || !(await holdsSiteFormat(outDir))) own.set(SITE_FORMAT_PATH, SITE_FORMAT_TEXT);
    if (partial) own.set(PARTIAL_SITE_PATH, PARTIAL_SITE_TEXT);
    stats.partial = partial;
    for (const [file, text] of own) {
      await mkdir(path.join(stagingDir, path.dirname(file)), { recursive: true });
      await writeFile(path.join(stagingDir, file), text);
      stats.written += Buffer.byteLength(text);
    }
    if (inPlace) {
      // The format file of a site built before it existed is missing: a change tolerates that.
      const before = new Set([MANIFEST_PATH, CHANGED_DOCUMENTS_PATH, SITE_FORMAT_PATH, ...previousFiles.texts.keys()]);
      const [changed, added] = [[...own.keys()].filter((file) => before.has(file)), [...own.keys()].filter((file) => !before.has(file))];
      await applyChanges(outDir, stagingDir, buildFolderPath(outDir, 'backup'), {
        added: [...changes.added, ...added],
        changed: [...changes.changed, ...changed],
        removed: [...changes.removed, ...manifest.removed],
      });
    } else {
      await carryState(outDir, stagingDir);
      await swapIn(stagingDir, outDir);
    }
    return stats;
  } catch (error) {
    await runner.close();
    await rm(stagingDir, { recursive: true, force: true });
    throw error;
  }
}

/** What the pass over the documents found and staged. */
interface StagedChanges {
  stats: WriteStats;
  /** The new manifest (without itself). */
  manifest: Manifest;
  /** Documents whose content is new or differs from the previous build's (not those only written again as they were). */
  newContent: string[];
  /** Documents new and changed, written into the staging folder, and those of the previous site gone. */
  changes: { [K in keyof SiteChanges]: string[] };
  /** Documents whose size is known only once made (a gzipped dump): counted from the files. */
  unsized: string[];
  /** Whether a text document the manifest lists is missing from the site. */
  incomplete: boolean;
}

/**
 * The one pass over every document: each gets its manifest entry (an unchanged document
 * keeps its `generated_at`), and each new or changed one is written into the staging
 * folder: the listing pages by the writer threads, which render them (page-batch.ts), the
 * other documents by tasks this thread hands them.
 */
async function stageChanges(site: RenderedSite, previous: Manifest, runner: TaskRunner, options: WriteOptions, outDir: string): Promise<StagedChanges> {
  const staged: StagedChanges = {
    stats: emptyStats(),
    manifest: new Map(),
    newContent: [],
    changes: { added: [], changed: [], removed: [] },
    unsized: [],
    incomplete: false,
  };
  // Enters one document into the manifest and the counts; whether it is unchanged, and its `generated_at`.
  // A stale document is unchanged but its file is not what the manifest says: written again as it was.
  const count = (
    path: string,
    fingerprint: string,
    size: number,
    timestamped: boolean,
    before = previous.get(path),
    stale = false,
  ): { same: boolean; generatedAt: string } => {
    const [fingerprintBefore, generatedAtBefore = ''] = before ?? [];
    const unchanged = fingerprintBefore === fingerprint;
    const same = unchanged && !stale;
    const generatedAt = !timestamped ? '' : unchanged ? generatedAtBefore : options.generatedAt;
    countDocument(
      staged,
      path,
      fingerprint,
      size < 0 ? -1 : size + Buffer.byteLength(generatedAt),
      generatedAt,
      before === undefined ? 'added' : same ? 'same' : 'changed',
    );
    if (staged.stats.files % PROGRESS_EVERY === 0) options.onProgress?.(staged.stats.files, site.count);
    if (!unchanged) staged.newContent.push(path);
    if (!unchanged && timestamped) staged.stats.changed++;
    return { same, generatedAt };
  };
  // A folder missing a text document the manifest lists holds the build's own files but not the site (a
  // workflow's restored state). Seen at once from the schema document: every document is written in this
  // one pass, each unchanged one as it was; seen later from another, the unchanged ones are linked or written after it.
  // A partial site lacks the unchanged entity documents and pages: as incomplete.
  staged.incomplete = previous.size > 0 && (isPartialSite(outDir) || (previous.has(SCHEMA_PATH) && !existsSync(path.join(outDir, SCHEMA_PATH))));
  const rewriteAll = staged.incomplete && options.partial !== true;
  const batch = new TaskBatch(runner);
  const stage = async (document: OutputDocument) => {
    const before = previous.get(document.path);
    const [fingerprintBefore, generatedAtBefore = ''] = before ?? [];
    // The few text documents hold every entry point, and the next build reads its entities from the dumps:
    // each of these is checked on disk, the bulk (entities, pages) is trusted.
    let stale = rewriteAll;
    if (!stale && (document.body.form === 'text' || (document.body.form === 'dump' && !document.body.gzip)) && fingerprintBefore === document.fingerprint) {
      const onDisk = statSync(path.join(outDir, document.path), { throwIfNoEntry: false });
      staged.incomplete ||= onDisk === undefined;
      stale = onDisk?.size !== document.size + Buffer.byteLength(generatedAtBefore);
    }
    const { same, generatedAt } = count(document.path, document.fingerprint, document.size, document.timestamped, before, stale);
    if (!same) await batch.add({ path: document.path, body: stampBody(document, generatedAt), reuse: -1 });
  };
  for (const document of site.others) await stage(document);
  await batch.flush();
  await renderPages(
    site.listings,
    previous,
    runner,
    { mode: 'stage', generatedAt: options.generatedAt, rewriteUnchanged: rewriteAll },
    (paths, entries, reply) => paths.forEach((path, i) => count(path, reply.fingerprints[i]!, reply.sizes[i]!, true, entries[i] ?? undefined, rewriteAll)),
  );
  // The search index's documents last: the term worker made them meanwhile.
  for (const document of await site.late) await stage(document);
  await batch.flush();
  staged.changes.removed = [...previous.keys()].filter((file) => !staged.manifest.has(file));
  staged.stats.removed = staged.changes.removed.length;
  return staged;
}

// Counts one document into the stats, the manifest and the changes.
function countDocument(
  staged: StagedChanges,
  path: string,
  fingerprint: string,
  size: number,
  generatedAt: string,
  status: 'added' | 'changed' | 'same',
): void {
  const { stats, changes } = staged;
  staged.manifest.set(path, [fingerprint, generatedAt]);
  stats.files++;
  if (size < 0) staged.unsized.push(path);
  else stats.bytes += size;
  if (status === 'same') {
    stats.unchanged++;
    return;
  }
  if (size >= 0) stats.written += size;
  if (status === 'added') {
    stats.added++;
    changes.added.push(path);
  } else {
    stats.rewritten++;
    changes.changed.push(path);
  }
}

/**
 * The second pass of a rebuild into a new folder: every unchanged document is hard-linked
 * from the previous site (written, should that fail); for a `partial` site, every one but
 * the entity documents and pages.
 */
async function linkUnchanged(site: RenderedSite, previous: Manifest, runner: TaskRunner, partial: boolean): Promise<void> {
  const batch = new TaskBatch(runner);
  const link = async (document: OutputDocument) => {
    const [fingerprintBefore, generatedAtBefore = ''] = previous.get(document.path) ?? [];
    if (fingerprintBefore !== document.fingerprint || (partial && document.body.form === 'entity')) return;
    const reuse = document.size < 0 ? REUSE_ANY_SIZE : document.size + Buffer.byteLength(generatedAtBefore);
    await batch.add({ path: document.path, body: stampBody(document, generatedAtBefore), reuse });
  };
  for (const document of site.others) await link(document);
  for (const document of await site.late) await link(document);
  await batch.flush();
  if (!partial) await renderPages(site.listings, previous, runner, { mode: 'link', generatedAt: '' }, () => undefined);
}

// The sizes of documents known only once made, from the staged file or else the site's; written when staged and not linked.
function countUnsized(unsized: readonly string[], stagingDir: string, outDir: string, stats: WriteStats): void {
  for (const file of unsized) {
    const staged = statSync(path.join(stagingDir, file), { throwIfNoEntry: false });
    const current = statSync(path.join(outDir, file), { throwIfNoEntry: false });
    stats.bytes += (staged ?? current)?.size ?? 0;
    if (staged !== undefined && staged.ino !== current?.ino) stats.written += staged.size;
  }
}
