/**
 * A site folder left by an interrupted build: its journal (`.dist.journal.json`) or a
 * backup folder (`.dist.backup-*`) beside it means a rebuild was changing the site in
 * place, so the folder may hold part of one build over the other. Publish and verify
 * refuse it; the next build rolls the change back (journal.ts) before it writes.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../shared/index.js';
import { buildFolders, journalPath } from './siblings.js';

/**
 * Fails with a {@link UserError} (exit 1) when the site in `dir` has an interrupted build's
 * journal or backup folder beside it, naming it and saying what to do; `command` is what
 * refuses (`publish`, `verify`).
 */
export async function assertNoInterruptedBuild(dir: string, command: string): Promise<void> {
  const outDir = path.resolve(dir);
  const journal = journalPath(outDir);
  const left = await access(journal).then(
    () => journal,
    () => buildFolders(outDir).then((folders) => folders.find((folder) => folder.kind === 'backup')?.path),
  );
  if (left === undefined) return;
  throw new UserError(
    `${dir} holds an interrupted build (${left} is beside it), so it may mix two builds; ${command} refuses it. ` +
      `Run dataset-site build --out ${dir} again: it rolls the interrupted build back before it builds (if a build is running now, wait for it to end)`,
    1,
  );
}
