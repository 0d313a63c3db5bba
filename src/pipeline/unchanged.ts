/**
 * The no-change rebuild: when every document's fingerprint is the one the previous site's
 * manifest holds, the manifest lists no other document, and every file on disk still has
 * the size it was written with, the previous site is already byte for byte what this
 * build would write, so nothing is written, linked or swapped.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from '../query/formats/manifest.js';
import type { OutputDocument, WriteStats } from './output.js';

/** What writing would report if the site in `siteDir` is current; `undefined` at the first difference. */
export function unchangedSite(documents: Iterable<OutputDocument>, previous: Manifest, siteDir: string): WriteStats | undefined {
  if (previous.size === 0) return undefined;
  const stats: WriteStats = { files: 0, bytes: 0, changed: 0 };
  for (const document of documents) {
    const before = previous.get(document.path);
    if (before === undefined || before[0] !== document.fingerprint) return undefined;
    const size = document.size + (document.timestamped ? Buffer.byteLength(before[1]) : 0);
    if (statSync(path.join(siteDir, document.path), { throwIfNoEntry: false })?.size !== size) return undefined;
    stats.files++;
    stats.bytes += size;
  }
  return stats.files === previous.size ? stats : undefined;
}
