/**
 * What a rebuild keeps of the previous site's immutable documents that this build no longer
 * names (docs/api.md#snapshots), as Iceberg's `expire_snapshots` does: a snapshot stays
 * readable for the retention after the next one replaced it, and a document is deleted only
 * once no snapshot still retained names it. Publish mirrors the site, so the bucket keeps them
 * as long.
 */
import { isBodyCopyPath, isImmutablePath, parseVersionedPath, snapshotPath } from '../../query/formats/index.js';
import type { Manifest } from '../../site/index.js';

const SNAPSHOTS_FOLDER = snapshotPath('x').slice(0, -'x.json'.length);

/**
 * The entries of `previous` to keep in the site beside `current` (this build's documents): the
 * copies of the snapshots replaced less than `retentionMs` before `now` (a snapshot is replaced
 * when the next one is built, its copy stamped then), every immutable document one of them names, and the copies
 * of entity bodies written less than `retentionMs` before `now` (body-copies.ts).
 */
export function retainedDocuments(previous: Manifest, current: Manifest, now: Date, retentionMs: number): Manifest {
  // Each snapshot's generation and when it was built, from its copy's generated_at.
  const built = new Map<number, number>();
  for (const manifest of [previous, current])
    for (const [path, [, generatedAt]] of manifest) {
      const generation = snapshotGeneration(path);
      if (generation !== undefined) built.set(generation, Date.parse(generatedAt) || now.getTime());
    }
  const generations = [...built.keys()].sort((a, b) => a - b);
  // A snapshot replaced is retained while the one after it is younger than the retention. The newest, this build's, names
  // none of the documents weighed here (they are not in `current`).
  const retained = generations
    .slice(0, -1)
    .filter((_, i) => now.getTime() - built.get(generations[i + 1]!)! < retentionMs);
  // Each logical path's generations, to find the snapshots each version served: from its own to the next version's.
  const versions = new Map<string, number[]>();
  for (const manifest of [previous, current])
    for (const path of manifest.keys()) {
      const versioned = isImmutablePath(path) ? parseVersionedPath(path) : undefined;
      if (versioned === undefined) continue;
      const list = versions.get(versioned.logical) ?? [];
      list.push(versioned.generation);
      versions.set(versioned.logical, list);
    }
  const kept: Manifest = new Map();
  for (const [path, entry] of previous) {
    if (current.has(path) || !isImmutablePath(path)) continue;
    const snapshot = snapshotGeneration(path);
    if (snapshot !== undefined) {
      if (retained.includes(snapshot)) kept.set(path, entry);
      continue;
    }
    // A body's copy, for the retention after the last build that wrote it (its entry's time): it outlives every
    // snapshot that named it and every cache's copy of the public document it stood in for.
    if (isBodyCopyPath(path)) {
      if (now.getTime() - Date.parse(entry[1]) < retentionMs) kept.set(path, entry);
      continue;
    }
    const versioned = parseVersionedPath(path);
    if (versioned === undefined) continue;
    const { logical, generation } = versioned;
    // A path no later version has was named by every snapshot from its own generation on until it was dropped: kept while
    // any retained snapshot from its generation on is (a little longer than it was named, never shorter).
    const after = Math.min(...versions.get(logical)!.filter((other) => other > generation));
    if (retained.some((snapshot) => snapshot >= generation && snapshot < after)) kept.set(path, entry);
  }
  return kept;
}

// The generation of the snapshot whose copy is at `path`; `undefined` for any other path.
function snapshotGeneration(path: string): number | undefined {
  if (!path.startsWith(SNAPSHOTS_FOLDER)) return undefined;
  const match = /^([0-9a-z]{1,8})\.json$/.exec(path.slice(SNAPSHOTS_FOLDER.length));
  return match === null ? undefined : parseInt(match[1]!, 36);
}
