/**
 * A partial site: the folder of a `build --partial` over a folder that held only the
 * previous build's state (as a workflow restores it). It holds what that build changed
 * (entity documents and listing pages), every other document (the schema, the search
 * index, the feed, the generated documents, the dumps) and the build's state, but not the
 * unchanged entity documents and pages, which the bucket it is published to already
 * holds. Its manifest lists the whole site. A marker in the build's own folder says so:
 * `publish` sends what it holds, `verify --changed` reads what it holds, and the commands
 * that need every document (`serve`, a full `verify`) refuse it; the next build that is
 * not partial writes the whole site again.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../shared/index.js';
import type { Manifest } from './manifest.js';
import { isHiddenPath } from './site-files.js';
import { PARTIAL_SITE_PATH } from '../query/formats/index.js';

/** The marker's text. */
export const PARTIAL_SITE_TEXT = JSON.stringify({
  version: 1,
  partial: 'the unchanged entity documents and listing pages are not in this folder; the manifest lists the whole site',
});

/** Whether the site in `dir` is partial. */
export function isPartialSite(dir: string): boolean {
  return existsSync(path.join(dir, PARTIAL_SITE_PATH));
}

/** Throws a {@link UserError} (exit code 1) naming `dir` when it holds a partial site, which `what` needs whole. */
export function assertWholeSite(dir: string, what: string): void {
  if (!isPartialSite(dir)) return;
  throw new UserError(
    `${dir} holds a partial build (dataset-site build --partial): only what its build changed, not every document, which ${what} needs; build it without --partial`,
    1,
  );
}

/** The documents `manifest` lists that the folder does not hold (`held`): those a partial site leaves out. The build's own files are never among them. */
export function absentDocuments(manifest: Manifest, held: { has(file: string): boolean }): string[] {
  return [...manifest.keys()].filter((file) => !held.has(file) && !isHiddenPath(file));
}
