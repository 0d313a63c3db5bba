/**
 * What the last build changed, for `verify --changed` (verify/selection.ts): the
 * documents whose content is new or differs from the build before (not those a build
 * only wrote again as they were), and those it removed. Kept in the site's own folder
 * (`.dataset-site/changed.json`, never served) beside the manifest, and written with it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CHANGED_DOCUMENTS_PATH } from '../query/formats/index.js';
import { currentJson } from './state-version.js';

const VERSION = 1;

/** What the last build changed: `everything` after a first build (nothing to compare with). */
export type ChangedDocuments = { everything: true } | { everything: false; changed: string[]; removed: string[] };

/** The JSON text of the list. */
export function serializeChangedDocuments(changes: ChangedDocuments): string {
  return JSON.stringify({ version: VERSION, ...changes });
}

/** The list the last build of the site in `siteDir` left; `everything` when there is none or it is of another version. */
export async function readChangedDocuments(siteDir: string): Promise<ChangedDocuments> {
  const text = await readFile(path.join(siteDir, CHANGED_DOCUMENTS_PATH), 'utf8').catch(() => undefined);
  // Unreadable, or of another version: as if there were none.
  const parsed = currentJson(text, VERSION) as
    Partial<Record<'version' | 'everything' | 'changed' | 'removed', unknown>> | null | undefined;
  if (
    parsed?.version === VERSION &&
    parsed.everything === false &&
    Array.isArray(parsed.changed) &&
    Array.isArray(parsed.removed)
  )
    return { everything: false, changed: parsed.changed.map(String), removed: parsed.removed.map(String) };
  return { everything: true };
}
