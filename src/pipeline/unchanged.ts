/**
 * How a build's documents compare with the site it replaces, in one pass before writing:
 * how many differ (new, changed, or a file on disk without the size the manifest says),
 * and whether the site is already current. When every document's fingerprint is the one
 * the previous site's manifest holds, the manifest lists no other document, and every
 * file on disk still has the size it was written with, the previous site is already byte
 * for byte what this build would write, so nothing is written, linked or swapped.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from '../query/formats/manifest.js';
import { emptyStats, type OutputDocument, type WriteStats } from './output.js';

/** The comparison of a build with the site in its output folder. */
export interface SiteComparison {
  /** What writing would report, when the site is already current. */
  current: WriteStats | undefined;
  /** Documents to write and files to remove. */
  differing: number;
  /** Files of the previous site the build does not have. */
  removed: number;
  /** Documents of the build. */
  documents: number;
  /** Documents whose fingerprint the manifest holds but whose file is missing or of another size: to write again. */
  stale: ReadonlySet<string>;
}

/** Compares the documents with the site in `siteDir` and its manifest `previous`. */
export function compareWithSite(documents: Iterable<OutputDocument>, previous: Manifest, siteDir: string): SiteComparison {
  const stats = emptyStats();
  let differing = 0;
  let kept = 0;
  const stale = new Set<string>();
  for (const document of documents) {
    stats.files++;
    const before = previous.get(document.path);
    if (before === undefined || before[0] !== document.fingerprint) {
      differing++;
      continue;
    }
    kept++;
    const size = document.size + (document.timestamped ? Buffer.byteLength(before[1]) : 0);
    const onDisk = statSync(path.join(siteDir, document.path), { throwIfNoEntry: false })?.size;
    // A size known only once made (a gzipped dump) is taken as it is on disk.
    if (onDisk === undefined || (document.size >= 0 && onDisk !== size)) {
      differing++;
      stale.add(document.path);
    }
    stats.bytes += onDisk ?? 0;
  }
  const removed = previous.size - kept;
  differing += removed;
  stats.unchanged = stats.files;
  return { current: differing === 0 && previous.size > 0 ? stats : undefined, differing, removed, documents: stats.files, stale };
}
