/**
 * The publish's own records in the bucket, beside the site's objects under the key
 * prefix and, like `.dataset-site/` in the site, no site document: the published manifest
 * (what the last finished publish left in the bucket) and the journal (a publish under
 * way, or one that died).
 */
import type { Manifest } from '../site/manifest.js';
import { UserError } from '../diagnostics.js';

/** Site path of the published manifest: path → `[fingerprint, generatedAt]` of every object the last finished publish left. */
export const PUBLISHED_MANIFEST_PATH = '.dataset-site/published.json';
/** Site path of the journal, written before a publish's first request and deleted after its last. */
export const JOURNAL_PATH = '.dataset-site/publishing.json';

const MANIFEST_FORMAT = 'dataset-site-published';
const JOURNAL_FORMAT = 'dataset-site-publishing';
const VERSION = 1;

/** What a publish set out to do: kept until it finishes, so a publish after it knows what it may have left half done. */
export interface PublishJournal {
  uploads: string[];
  deletions: string[];
}

/** The published manifest's text, paths in the manifest's order. */
export function serializePublishedManifest(manifest: Manifest): string {
  return JSON.stringify({ format: MANIFEST_FORMAT, version: VERSION, files: Object.fromEntries(manifest) });
}

/** Reads a published manifest; `key` names the object in the error when it is not one. */
export function parsePublishedManifest(text: string, key: string): Manifest {
  const document = parseRecord(text, key, MANIFEST_FORMAT) as { files?: unknown };
  const files = document.files;
  if (typeof files !== 'object' || files === null) throw notARecord(key, MANIFEST_FORMAT);
  const manifest: Manifest = new Map();
  for (const [path, entry] of Object.entries(files)) {
    if (!Array.isArray(entry) || entry.length !== 2 || !entry.every((part) => typeof part === 'string')) throw notARecord(key, MANIFEST_FORMAT);
    const [fingerprint, generatedAt] = entry as [string, string];
    manifest.set(path, [fingerprint, generatedAt]);
  }
  return manifest;
}

/** The journal's text. */
export function serializeJournal(journal: PublishJournal): string {
  return JSON.stringify({ format: JOURNAL_FORMAT, version: VERSION, ...journal });
}

/** Reads a journal; `key` names the object in the error when it is not one. */
export function parseJournal(text: string, key: string): PublishJournal {
  const { uploads, deletions } = parseRecord(text, key, JOURNAL_FORMAT) as { uploads?: unknown; deletions?: unknown };
  const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (!strings(uploads) || !strings(deletions)) throw notARecord(key, JOURNAL_FORMAT);
  return { uploads, deletions };
}

function parseRecord(text: string, key: string, format: string): Record<string, unknown> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw notARecord(key, format);
  }
  const { format: found, version } = (document ?? {}) as { format?: unknown; version?: unknown };
  if (found !== format || version !== VERSION) throw notARecord(key, format);
  return document as Record<string, unknown>;
}

// Guessing would be worse: a wrong manifest means objects skipped that are stale, or deleted that are not ours.
function notARecord(key: string, format: string): UserError {
  return new UserError(`the bucket's ${key} is not a ${format} record of version ${VERSION} (written by another dataset-site?); delete it to publish the whole site anew`, 1);
}
