/**
 * The layout of the build's own folder, `.dataset-site/`: in the site, the state one build
 * leaves the next (never served: a hidden folder, site-files.ts); in a bucket, the state
 * publish and the Worker over R2 keep beside the site's objects, under the same prefix.
 * Every reader and writer of these files names them from here.
 */

/** The build's own folder, in the site and in a bucket. */
export const STATE_FOLDER = '.dataset-site';

/** The build manifest's root: its version and the number of files of entries (site/manifest.ts). */
export const MANIFEST_PATH = `${STATE_FOLDER}/manifest.json`;
/** The folder of the build manifest's files of entries. */
export const MANIFEST_FOLDER = `${STATE_FOLDER}/manifest`;
/** What the last build changed (site/changed-documents.ts). */
export const CHANGED_DOCUMENTS_PATH = `${STATE_FOLDER}/changed.json`;
/** The site format the build wrote (site/site-format-file.ts). */
export const SITE_FORMAT_PATH = `${STATE_FOLDER}/format.json`;
/** The mark of a partial site (site/partial-site.ts). */
export const PARTIAL_SITE_PATH = `${STATE_FOLDER}/partial.json`;
/** The record cache's root: what it is valid for (pipeline/cache/record-cache.ts). */
export const RECORD_CACHE_PATH = `${STATE_FOLDER}/records.json`;
/** The folder of the record cache's files, one per part of a dump. */
export const RECORD_CACHE_FOLDER = `${STATE_FOLDER}/records`;
/** The changes feed's state: the builds in its window (pipeline/feed/changes.ts). */
export const FEED_STATE_PATH = `${STATE_FOLDER}/changes.json`;
/** The folder of the changes feed's files of entity digests. */
export const FEED_DIGESTS_FOLDER = `${STATE_FOLDER}/changes`;
/** The slots of the search index's entities: the count of each kind's, for the next build to keep them (site/site-slots.ts). */
export const SLOTS_STATE_PATH = `${STATE_FOLDER}/slots.json`;
/** The folder of the ids by slot, a file a block of slots of a kind. */
export const SLOTS_STATE_FOLDER = `${STATE_FOLDER}/slots`;
/** The term cache's root: what it is valid for, and its pieces' sizes (pipeline/cache/term-cache.ts). */
export const TERM_CACHE_PATH = `${STATE_FOLDER}/terms.json`;
/** The folder of the term cache's files: each search's and kind's terms and blocks of entries. */
export const TERM_CACHE_FOLDER = `${STATE_FOLDER}/terms`;
/** `verify --changed`'s rotation, carried from build to build (site/carried-state.ts). */
export const ROTATION_STATE_PATH = `${STATE_FOLDER}/verify-rotation.json`;

/** In a bucket: the published manifest's root, its format, version and number of files of entries (publish/published-manifest.ts). */
export const PUBLISHED_MANIFEST_PATH = `${STATE_FOLDER}/published.json`;
/** In a bucket: the folder of the published manifest's files of entries (path → `[fingerprint, generatedAt, etag, size]` of every object the last finished publish left). */
export const PUBLISHED_FOLDER = `${STATE_FOLDER}/published`;
/** In a bucket: the journal of a publish, written before its first request and deleted after its last. */
export const PUBLISH_JOURNAL_PATH = `${STATE_FOLDER}/publishing.json`;
/** In a bucket: the lease of the one publisher at a time (publish/lease.ts). */
export const LEASE_PATH = `${STATE_FOLDER}/lease.json`;
/** In a bucket: the record of the Worker over R2, the site format it reads (edge/worker-record.ts). */
export const WORKER_RECORD_PATH = `${STATE_FOLDER}/worker.json`;
