/**
 * Snapshots (docs/api.md#snapshots): every document a reader takes besides the public ones is
 * immutable, named by its logical path and the generation (the build) that last changed it
 * (`search/exhibitor/terms/star@2k.json`), written once and never rewritten. One small mutable
 * root, `api/public/snapshot.json`, names the current snapshot: its generation and the
 * generation of each search index entry, which names its own documents' generations in turn,
 * as Iceberg's metadata pointer names its manifests. Each snapshot is also kept, immutable, at
 * `api/public/snapshots/{id}.json` while the site retains it, so a reader paging through an
 * answer stays on the snapshot its first page was read from.
 */
import { KINDS, type Kind, SEARCHES, type Search } from '../semantics/index.js';
import { parseDocument, SiteError } from './site-error.js';
import { API_ROOT } from './urls.js';
import { documentVersion } from './site-documents.js';
import { entityPath } from './paths.js';

/** The snapshot root: the one internal document that changes, read first by every reader. */
export const SNAPSHOT_ROOT_PATH = `${API_ROOT}/snapshot.json`;
/** Format name of a snapshot document. */
export const SNAPSHOT_FORMAT = 'dataset-site-snapshot';
/** Layout of a snapshot document (`version`); readers reject any other. */
export const SNAPSHOT_FORMAT_VERSION = documentVersion('snapshot');
/** How long a build keeps a snapshot readable after the next one replaced it, by default: 12 cycles of 5 minutes. */
export const DEFAULT_RETENTION_MS = 60 * 60 * 1000;

/** A snapshot: its id, its generation, and the generation of each kind's search index entries. */
export interface Snapshot {
  /** The generation in base 36: what `snapshot=` names. */
  id: string;
  generation: number;
  search: Record<Kind, Record<Search, number>>;
}

/** Static path of the immutable copy of the snapshot `id`. */
export function snapshotPath(id: string): string {
  return `${API_ROOT}/snapshots/${id}.json`;
}

/** The id of the snapshot of generation `generation`. */
export function snapshotId(generation: number): string {
  return generation.toString(36);
}

/** Whether `id` can name a snapshot (base 36, at most 8 digits): anything else names none, without a read. */
export function isSnapshotId(id: string): boolean {
  return /^[0-9a-z]{1,8}$/.test(id);
}

/** A snapshot's document, the root's text and its immutable copy's alike. */
export function snapshotText(snapshot: Snapshot): string {
  const { id, generation, search } = snapshot;
  const file = { format: SNAPSHOT_FORMAT, version: SNAPSHOT_FORMAT_VERSION, id, generation, search, generated_at: '' };
  return JSON.stringify(file);
}

/** Parses a snapshot document; anything but this format, version and members is a {@link SiteError} that says to rebuild. */
export function parseSnapshot(path: string, text: string): Snapshot {
  const file = parseDocument<Partial<Snapshot> & { format?: unknown; version?: unknown }>(path, text);
  const wrong = (member: string) =>
    new SiteError(`${path} is not a snapshot of this dataset-site (its ${member}); rebuild the site`);
  if (file.format !== SNAPSHOT_FORMAT) throw wrong('format');
  if (file.version !== SNAPSHOT_FORMAT_VERSION) throw wrong('version');
  if (!Number.isSafeInteger(file.generation) || file.id !== snapshotId(file.generation!)) throw wrong('id');
  const search = file.search as Record<string, Record<string, unknown>> | undefined;
  const whole = KINDS.every((kind) =>
    SEARCHES.every((name) => Number.isSafeInteger(search?.[kind]?.[name]) && (search![kind]![name] as number) > 0),
  );
  if (!whole) throw wrong('search');
  return { id: file.id, generation: file.generation!, search: file.search! };
}

/** The path a document of logical path `path` (ending `.json`) is written at in `generation`. */
export function versionedPath(path: string, generation: number): string {
  return `${path.slice(0, -'.json'.length)}@${generation.toString(36)}.json`;
}

/** The logical path and generation of a versioned document's path; `undefined` for any other path. */
export function parseVersionedPath(path: string): { logical: string; generation: number } | undefined {
  const match = /^(.*)@([0-9a-z]{1,8})\.json$/.exec(path);
  if (match === null) return undefined;
  return { logical: `${match[1]}.json`, generation: parseInt(match[2]!, 36) };
}

/** The folders of the immutable documents, each named by its generation or its snapshot: the search index's and the snapshots'. */
export const IMMUTABLE_FOLDERS: readonly string[] = [`${API_ROOT}/search`, `${API_ROOT}/snapshots`];

/** Whether the document at `path` is immutable: in one of the {@link IMMUTABLE_FOLDERS}. */
export function isImmutablePath(path: string): boolean {
  return IMMUTABLE_FOLDERS.some((folder) => path.startsWith(`${folder}/`));
}

/**
 * Static path of the immutable copy of the body of version `version` of a kind's entity `id`
 * (search/body-version.ts): named by the `_version` the body ends with.
 */
export function bodyCopyPath(kind: Kind, id: string, version: string): string {
  return bodyCopyPathOf(kind, entityPath(kind, id), version);
}

/** {@link bodyCopyPath} of the entity whose document is at `documentPath`: named by the same segment. */
export function bodyCopyPathOf(kind: Kind, documentPath: string, version: string): string {
  const segment = documentPath.slice(documentPath.lastIndexOf('/') + 1, -'.json'.length);
  return `${API_ROOT}/search/${kind}/bodies/${segment}~${version}.json`;
}

/** Whether `path` is that of a body's copy ({@link bodyCopyPath}). */
export function isBodyCopyPath(path: string): boolean {
  return /^api\/public\/search\/[a-z_]+\/bodies\/[^/]+~[A-Za-z0-9_-]{4}\.json$/.test(path);
}
