/**
 * The writer's first pass over the documents: each gets its manifest entry (an unchanged
 * document keeps its `generated_at`), and each new or changed one is written into the
 * staging folder; what it found decides how the site is changed (write.ts).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_RETENTION_MS, isBodyCopyPath, SCHEMA_PATH } from '../../query/formats/index.js';
import { retainedDocuments } from './retention.js';
import { type Manifest, isPartialSite } from '../../site/index.js';
import { emptyStats, stampBody, type OutputDocument, type WriteStats } from '../assemble/index.js';
import type { RenderedSite } from '../render/index.js';
import type { SiteChanges } from './journal.js';
import { renderPages, TaskBatch } from './page-dispatch.js';
import type { TaskRunner } from './write-runner.js';

const PROGRESS_EVERY = 500;

/** What the pass over the documents takes of the writer's options. */
export interface StageOptions {
  /** `generated_at` of documents whose content changed, ISO 8601. */
  generatedAt: string;
  /** Called every few hundred documents with the count so far and the count of the site. */
  onProgress?: (documents: number, total: number) => void;
  /**
   * When the folder holds the previous build's state but not its site (as a workflow
   * restores it), write only the entity documents and pages that changed, with every
   * other document, instead of the whole site: a partial site (site/partial-site.ts), for
   * `publish` to bring a bucket holding the previous build up to date. A folder holding
   * the whole site is changed as without it.
   * @default false
   */
  partial?: boolean;
  /** Milliseconds a replaced snapshot stays readable (retention.ts). @default DEFAULT_RETENTION_MS, an hour */
  retentionMs?: number;
}

/** What the pass over the documents found and staged. */
export interface StagedChanges {
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
  /** The previous site's immutable documents this build no longer names but a snapshot it retains does: kept as they are. */
  retained: string[];
}

/**
 * The one pass over every document: each gets its manifest entry (an unchanged document
 * keeps its `generated_at`), and each new or changed one is written into the staging
 * folder: the listing pages by the writer threads, which render them (page-batch.ts), the
 * other documents by tasks this thread hands them.
 */
export async function stageChanges(
  site: RenderedSite,
  previous: Manifest,
  runner: TaskRunner,
  options: StageOptions,
  outDir: string,
): Promise<StagedChanges> {
  const staged: StagedChanges = {
    stats: emptyStats(),
    manifest: new Map(),
    newContent: [],
    changes: { added: [], changed: [], removed: [] },
    unsized: [],
    incomplete: false,
    retained: [],
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
      // A body's copy holds no generated_at: its manifest entry says when a build last wrote it, for its retention.
      isBodyCopyPath(path) ? options.generatedAt : generatedAt,
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
  staged.incomplete =
    previous.size > 0 &&
    (isPartialSite(outDir) || (previous.has(SCHEMA_PATH) && !existsSync(path.join(outDir, SCHEMA_PATH))));
  const rewriteAll = staged.incomplete && options.partial !== true;
  const batch = new TaskBatch(runner);
  const stage = async (document: OutputDocument) => {
    const before = previous.get(document.path);
    const [fingerprintBefore, generatedAtBefore = ''] = before ?? [];
    // The few text documents hold every entry point, and the next build reads its entities from the dumps:
    // each of these is checked on disk, the bulk (entities, pages) is trusted.
    let stale = rewriteAll;
    if (
      !stale &&
      (document.body.form === 'text' || (document.body.form === 'dump' && !document.body.gzip)) &&
      fingerprintBefore === document.fingerprint
    ) {
      const onDisk = statSync(path.join(outDir, document.path), { throwIfNoEntry: false });
      staged.incomplete ||= onDisk === undefined;
      stale = onDisk?.size !== document.size + Buffer.byteLength(generatedAtBefore);
    }
    const { same, generatedAt } = count(
      document.path,
      document.fingerprint,
      document.size,
      document.timestamped,
      before,
      stale,
    );
    if (!same) await batch.add({ path: document.path, body: stampBody(document, generatedAt), reuse: -1 });
  };
  for (const document of site.others) await stage(document);
  await batch.flush();
  await renderPages(
    site.listings,
    previous,
    runner,
    { mode: 'stage', generatedAt: options.generatedAt, rewriteUnchanged: rewriteAll },
    (paths, entries, reply) =>
      paths.forEach((path, i) =>
        count(path, reply.fingerprints[i]!, reply.sizes[i]!, true, entries[i] ?? undefined, rewriteAll),
      ),
  );
  // The search index's documents last: the term worker made them meanwhile.
  for (const document of await site.late) await stage(document);
  await batch.flush();
  const retention = options.retentionMs ?? DEFAULT_RETENTION_MS;
  for (const [file, entry] of retainedDocuments(previous, staged.manifest, new Date(options.generatedAt), retention)) {
    staged.manifest.set(file, entry);
    staged.retained.push(file);
    staged.stats.files++;
    staged.stats.unchanged++;
  }
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
