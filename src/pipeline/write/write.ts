/**
 * Stage 6, write. A first build writes the site into a fresh folder beside the output
 * folder and swaps it in with two renames (old out, new in: swap-in.ts). A rebuild writes
 * only what changed and applies it in place under a journal (journal.ts). Either way a
 * failed or interrupted build leaves the previous site exactly as it was (after
 * `recoverSite`), and unchanged files keep their bytes and times. This file decides how the
 * site changes once the first pass over the documents (stage-changes.ts) has staged them,
 * and makes the second, which links the unchanged ones into a new folder.
 */
import { statSync } from 'node:fs';
import { copyFile, link, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  carryState,
  serializeChangedDocuments,
  PARTIAL_SITE_TEXT,
  holdsSiteFormat,
  SITE_FORMAT_TEXT,
  manifestFiles,
  type Manifest,
  type ManifestFiles,
} from '../../site/index.js';
import { stampBody, type OutputDocument, type WriteStats } from '../assemble/index.js';
import { applyChanges } from './journal.js';
import { buildFolderPath } from './siblings.js';
import type { RenderedSite } from '../render/index.js';
import { renderPages, TaskBatch } from './page-dispatch.js';
import { makeStagingDir, swapIn } from './swap-in.js';
import { stageChanges, type StageOptions } from './stage-changes.js';
import { defaultWriterThreads, startRunner, type TaskRunner } from './write-runner.js';
import { REUSE_ANY_SIZE } from './write-task.js';
import {
  CHANGED_DOCUMENTS_PATH,
  PARTIAL_SITE_PATH,
  SITE_FORMAT_PATH,
  MANIFEST_PATH,
} from '../../query/formats/index.js';

/** How the writer runs. */
export interface WriteOptions extends StageOptions {
  /** The site folder to replace. */
  outDir: string;
  /** Worker threads that assemble and write files; 0 writes in the main thread. @default one per core, at most 4 */
  threads?: number;
  /** The previous site's manifest, as the build read it (pipeline/previous/previous-build.ts), parsed while it renders. */
  previousManifest: Promise<ManifestFiles>;
}

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
  const runner = startRunner(
    { context, responseContext: site.responseContext, stagingDir, previousDir: outDir },
    options.threads ?? defaultWriterThreads(),
  );
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
    // The replaced snapshots are kept whole or not at all: a folder lacking one of their documents (a partial site made
    // whole) keeps none of them, and readers paging through them are told to start again.
    // A partial site lacks them as it lacks the unchanged entities: they are in the bucket, and its manifest lists them.
    if (!inPlace && !partial && !(await linkRetained(staged.retained, outDir, stagingDir)))
      for (const file of staged.retained) staged.manifest.delete(file);
    await runner.finish();
    await runner.close();
    countUnsized(staged.unsized, stagingDir, outDir, stats);
    // In place, only the files of the manifest's entries that changed; into a new folder, all of them. Both keep the
    // previous build's count of files, so that a partial build's manifest is the whole build's.
    const manifest = manifestFiles(staged.manifest, inPlace ? previousFiles : { ...previousFiles, texts: new Map() });
    const changedText = serializeChangedDocuments(
      previous.size === 0
        ? { everything: true }
        : { everything: false, changed: staged.newContent, removed: changes.removed },
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
      const [changed, added] = [
        [...own.keys()].filter((file) => before.has(file)),
        [...own.keys()].filter((file) => !before.has(file)),
      ];
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

/**
 * The second pass of a rebuild into a new folder: every unchanged document is hard-linked
 * from the previous site (written, should that fail); for a `partial` site, every one but
 * the entity documents and pages.
 */
async function linkUnchanged(
  site: RenderedSite,
  previous: Manifest,
  runner: TaskRunner,
  partial: boolean,
): Promise<void> {
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

// The immutable documents a retained snapshot still names, hard-linked from the site into the new folder (copied, should
// that fail); whether every one of them was there.
async function linkRetained(files: readonly string[], outDir: string, stagingDir: string): Promise<boolean> {
  for (const file of files) {
    const to = path.join(stagingDir, file);
    await mkdir(path.dirname(to), { recursive: true });
    const linked = await link(path.join(outDir, file), to)
      .catch(() => copyFile(path.join(outDir, file), to))
      .then(
        () => true,
        () => false,
      );
    if (!linked) {
      await Promise.all(files.map((other) => rm(path.join(stagingDir, other), { force: true })));
      return false;
    }
  }
  return true;
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
