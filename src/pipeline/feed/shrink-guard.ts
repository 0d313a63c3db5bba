/**
 * The shrink guard: a build whose sources hold fewer records of a kind than the site it
 * replaces, by more than a set share, fails and leaves the site as it was. A truncated
 * upstream export must not wipe the public data on the next scheduled run.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../shared/index.js';
import { API_ROOT } from '../../query/formats/index.js';
import { COLLECTIONS, KINDS, type Kind } from '../../query/semantics/index.js';
import type { FeedState } from './changes.js';

/**
 * Fails with a {@link UserError} (exit 1) when some kind has fewer than `(1 - maxShrink)`
 * times the entities the site in `outDir` has, as its feed `state` lists them (or, without
 * one, its entity documents); a site that does not exist yet never fails.
 */
export async function checkShrink(
  outDir: string,
  state: FeedState | undefined,
  counts: Record<Kind, number>,
  maxShrink: number,
): Promise<void> {
  const problems: string[] = [];
  // The feed state knows the previous build's entities even when only `.dataset-site/` was kept (a CI cache).
  for (const kind of KINDS) {
    const before = state === undefined ? await entityDocuments(outDir, kind) : state.digests[kind].size;
    const after = counts[kind];
    if (before > 0 && after < before * (1 - maxShrink)) {
      problems.push(
        `${after} ${COLLECTIONS[kind]} where the site has ${before} (${Math.round((1 - after / before) * 100)}% fewer)`,
      );
    }
  }
  if (problems.length > 0) {
    throw new UserError(
      `the sources have ${problems.join(', ')}, more than --max-shrink ${Math.round(maxShrink * 100)}% allows; nothing was written. ` +
        'If the sources really shrank, build once with --allow-shrink',
      1,
    );
  }
}

// The entity documents of a kind in the site: `api/public/{collection}/{id}.json`.
async function entityDocuments(outDir: string, kind: Kind): Promise<number> {
  const entries = await readdir(path.join(outDir, API_ROOT, COLLECTIONS[kind]), { withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.json')).length;
}
