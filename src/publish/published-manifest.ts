/**
 * The publish's own records in the bucket, beside the site's objects under the key
 * prefix and, like `.dataset-site/` in the site, no site document: the published manifest
 * (what the last finished publish left in the bucket) and the journal (a publish under
 * way, or one that died). The published manifest's entries are kept in files of about
 * 128 (site/state-shards.ts) under `.dataset-site/published/`, so that a publish rewrites
 * only those of the files it changed, not a record as large as the site's file list.
 */
import { type Manifest, isShardCount, parseShards, shardChanges, shardCount, type StateMap } from '../site/index.js';
import { UserError } from '../shared/index.js';
import { documentVersion, PUBLISHED_FOLDER, PUBLISHED_MANIFEST_PATH } from '../query/formats/index.js';

const MANIFEST_FORMAT = 'dataset-site-published';
const JOURNAL_FORMAT = 'dataset-site-publishing';
const VERSION = 1;
// 2: the entries in files of about 256 (version 1, one record of every entry, is still read).
// 3: each entry also holds the ETag and size the bucket gave the object, to find objects changed behind publish's back.
// 4: and the object's last-modified time when its headers were last seen right, to find objects written again since; the root
// holds when the rotation of header checks (header-rotation.ts) last ran.
const MANIFEST_VERSION = documentVersion('published');
const SHARDED_VERSION = 2;
const ETAG_VERSION = 3;
const WIDTHS: Readonly<Record<number, number>> = { [SHARDED_VERSION]: 2, [ETAG_VERSION]: 4, [MANIFEST_VERSION]: 5 };

/**
 * An object the last publish left: the file's fingerprint and `generated_at`, the ETag
 * (without quotes) and size in bytes the bucket gave it (`''` when a manifest before
 * version 3 did not keep them), and the object's last-modified time (milliseconds, as the
 * listing shows it) when its headers were last read and right (`''`: not read since it was
 * written, or a manifest before version 4).
 */
export type PublishedEntry = readonly [
  fingerprint: string,
  generatedAt: string,
  etag: string,
  size: string,
  headersSeen: string,
];

/** Site path → what the last publish left there. */
export type PublishedFiles = Map<string, PublishedEntry>;

/** What a publish set out to do: kept until it finishes, so a publish after it knows what it may have left half done. */
export interface PublishJournal {
  uploads: string[];
  deletions: string[];
}

/** The published manifest as read from the bucket: its entries, and how they were kept (to tell which files a publish must write again). */
export interface PublishedManifest {
  files: PublishedFiles;
  /** Files of entries, and each one's text by key; `undefined` for none, or a manifest of version 1. */
  shards: number | undefined;
  texts: Map<string, string>;
  /** When the rotation of header checks last ran (milliseconds), if it ever did. */
  headersCheckedAt: number | undefined;
}

/**
 * Reads the published manifest with `read` (a key under the prefix → its text, or
 * `undefined` when there is no such object); an empty one when the bucket holds none.
 * `prefix` names the object in the error when it is not one.
 */
export async function readPublishedManifest(
  read: (key: string) => Promise<string | undefined>,
  prefix: string,
): Promise<PublishedManifest> {
  const rootText = await read(PUBLISHED_MANIFEST_PATH);
  const empty: PublishedManifest = {
    files: new Map(),
    shards: undefined,
    texts: new Map(),
    headersCheckedAt: undefined,
  };
  if (rootText === undefined) return empty;
  const key = prefix + PUBLISHED_MANIFEST_PATH;
  const root = parseRecord(rootText, key, MANIFEST_FORMAT, [
    VERSION,
    SHARDED_VERSION,
    ETAG_VERSION,
    MANIFEST_VERSION,
  ]) as {
    version: number;
    files?: unknown;
    shards?: unknown;
    headers_checked_at?: unknown;
  };
  if (root.version === VERSION) return { ...empty, files: widened(parseFiles(root.files, key)) };
  if (!isShardCount(root.shards)) throw notARecord(key, MANIFEST_FORMAT, MANIFEST_VERSION);
  const width = WIDTHS[root.version]!;
  const shards = await parseShards(PUBLISHED_FOLDER, root.shards, width, read);
  if (shards === undefined)
    throw new UserError(
      `the bucket's ${key} lists files of entries under ${prefix}${PUBLISHED_FOLDER}/ that are missing or damaged; delete ${key} to publish the whole site anew`,
      1,
    );
  const files = width === 5 ? (shards.map as PublishedFiles) : widened(shards.map);
  const checkedAt = root.headers_checked_at;
  // Texts of another width would never equal the new ones: all are written again.
  return {
    files,
    shards: root.shards,
    texts: width === 5 ? shards.texts : new Map(),
    headersCheckedAt: typeof checkedAt === 'number' && Number.isFinite(checkedAt) ? checkedAt : undefined,
  };
}

// Entries of an older manifest, given the values it did not keep as ''.
function widened(files: ReadonlyMap<string, readonly string[]>): PublishedFiles {
  return new Map(
    [...files].map(([path, [fingerprint, generatedAt, etag = '', size = '']]) => [
      path,
      [fingerprint!, generatedAt!, etag, size, ''],
    ]),
  );
}

/**
 * The records to write for the manifest of `files`, by key, the root last: the files of
 * entries whose text differs from `previous`'s, and `removed`, those of `previous` no
 * longer used; `headersCheckedAt` goes in the root.
 */
export function publishedManifestRecords(
  files: PublishedFiles,
  previous: PublishedManifest,
  headersCheckedAt?: number,
): { writes: Map<string, string>; removed: string[] } {
  // As many entries a file as the build's own manifest (state-shards.ts's default): with the ETag and size in each entry, files
  // of 256 made the publish of one changed record at M send 10.2 MB, against 9.2 MB with these. A publish reads every file (1,000 at M).
  const shards = shardCount(files.size, previous.shards);
  const { changed: writes, sha1, removed } = shardChanges(PUBLISHED_FOLDER, files as StateMap, shards, previous.texts);
  writes.set(
    PUBLISHED_MANIFEST_PATH,
    JSON.stringify({
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      shards,
      sha1,
      headers_checked_at: headersCheckedAt,
    }),
  );
  return { writes, removed };
}

// The entries of a manifest of version 1: one object of every path.
function parseFiles(files: unknown, key: string): Manifest {
  if (typeof files !== 'object' || files === null) throw notARecord(key, MANIFEST_FORMAT, VERSION);
  const manifest: Manifest = new Map();
  for (const [path, entry] of Object.entries(files)) {
    if (!Array.isArray(entry) || entry.length !== 2 || !entry.every((part) => typeof part === 'string'))
      throw notARecord(key, MANIFEST_FORMAT, VERSION);
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
export function parsePublishJournal(text: string, key: string): PublishJournal {
  const { uploads, deletions } = parseRecord(text, key, JOURNAL_FORMAT, [VERSION]) as {
    uploads?: unknown;
    deletions?: unknown;
  };
  const strings = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (!strings(uploads) || !strings(deletions)) throw notARecord(key, JOURNAL_FORMAT, VERSION);
  return { uploads, deletions };
}

function parseRecord(text: string, key: string, format: string, versions: readonly number[]): Record<string, unknown> {
  const newest = versions[versions.length - 1]!;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw notARecord(key, format, newest);
  }
  const { format: found, version } = (document ?? {}) as { format?: unknown; version?: unknown };
  if (found !== format || !versions.includes(version as number)) throw notARecord(key, format, newest);
  return document as Record<string, unknown>;
}

// Guessing would be worse: a wrong manifest means objects skipped that are stale, or deleted that are not ours.
function notARecord(key: string, format: string, version: number): UserError {
  return new UserError(
    `the bucket's ${key} is not a ${format} record of version ${version} (written by another dataset-site?); delete it to publish the whole site anew`,
    1,
  );
}
