/**
 * The changes feed (docs/api.md#changes): for every build that changed an entity, which
 * ids of each kind were added, changed and removed, as static documents that chain to the
 * builds before and after them, listed by an index. An ingester keeps the id of the last
 * build it applied and reads only the change sets after it, then the changed entities;
 * each says which build it counts from (`after`), and the index from which build on the
 * feed holds history (`history_from`), so that a cursor the feed lost is known as lost.
 */
import { COLLECTIONS, KINDS, type Collection, type Kind } from '../semantics/index.js';
import { SCHEMA_VERSION } from './schema-version.js';
import { dumpIndexPath, entityPath } from './paths.js';
import { parseDocument, SiteError } from './site-error.js';
import { API_ROOT, staticUrl } from './urls.js';
import { documentVersion } from './site-documents.js';

/** Layout version of the feed's documents (`_meta.format_version`). */
export const CHANGES_FORMAT_VERSION = documentVersion('changes');

/** Static path of the feed's index. */
export const CHANGES_INDEX_PATH = `${API_ROOT}/changes/index.json`;

/** Static path of the change set of one build. */
export function changeSetPath(build: string): string {
  return `${API_ROOT}/changes/${build}.json`;
}

/** The ids of one kind a build added, changed and removed, each sorted. */
export interface KindChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** What one build changed: its id (from its time, sortable), its time, and the ids per kind. */
export interface BuildChanges {
  build: string;
  at: string;
  /** The first build the feed knows: it lists nothing; an ingester starts from a full copy. */
  baseline: boolean;
  /** The build this one's changes are counted from: the latest the feed held before it (none for a baseline; absent in a state written before it was kept). */
  after?: string;
  changes: Record<Kind, KindChanges>;
}

/** The build `builds[i]`'s changes are counted from; `null` for a baseline, or when not known. */
export function changesAfter(builds: readonly BuildChanges[], i: number): string | null {
  const build = builds[i]!;
  return build.baseline ? null : (build.after ?? builds[i - 1]?.build ?? null);
}

/**
 * The oldest cursor the feed can take a reader on from: the build its oldest change set
 * counts from (a build already left the window), else the oldest build itself; `null` for
 * an empty feed. A cursor neither this nor a listed build is gone: the reader copies the
 * dumps again (docs/api.md#changes).
 */
export function historyFrom(builds: readonly BuildChanges[]): string | null {
  return builds.length === 0 ? null : (changesAfter(builds, 0) ?? builds[0]!.build);
}

/** The id of a build made at `at`: its UTC time to the millisecond, digits only (`20261123T100720123Z`). */
export function buildId(at: Date): string {
  return at.toISOString().replace(/[-:.]/g, '');
}

/** An id with its entity document's URL. */
interface Changed {
  id: string;
  url: string;
}

/** The change set document of one build. */
export type ChangeSetDocument = ReturnType<typeof changeSetDocument>;

/**
 * The change set document of `builds[at]`, linked to the builds before and after it in
 * `builds` (oldest first). `generated_at` is left for the writer to stamp.
 */
export function changeSetDocument(builds: readonly BuildChanges[], at: number, baseUrl: string) {
  const build = builds[at]!;
  const url = (path: string) => staticUrl(baseUrl, path);
  const sets = {} as Record<Collection, { added: Changed[]; changed: Changed[]; removed: string[] }>;
  for (const kind of KINDS) {
    const { added, changed, removed } = build.changes[kind];
    const withUrl = (id: string): Changed => ({ id, url: url(entityPath(kind, id)) });
    sets[COLLECTIONS[kind]] = { added: added.map(withUrl), changed: changed.map(withUrl), removed };
  }
  const neighbour = (other: BuildChanges | undefined) => (other === undefined ? null : url(changeSetPath(other.build)));
  return {
    build: build.build,
    at: build.at,
    baseline: build.baseline,
    after: changesAfter(builds, at),
    ...sets,
    _links: {
      self: url(changeSetPath(build.build)),
      previous: neighbour(builds[at - 1]),
      next: neighbour(builds[at + 1]),
      index: url(CHANGES_INDEX_PATH),
    },
    _meta: {
      type: 'changes',
      schema_version: SCHEMA_VERSION,
      format_version: CHANGES_FORMAT_VERSION,
      generated_at: '',
    },
  };
}

/** The feed's index document: every build kept, oldest first, with its counts. */
export type ChangesIndexDocument = ReturnType<typeof changesIndexDocument>;

/** The index of the builds kept (oldest first), for a feed keeping `windowDays` days. */
export function changesIndexDocument(builds: readonly BuildChanges[], baseUrl: string, windowDays: number) {
  const url = (path: string) => staticUrl(baseUrl, path);
  const counts = (build: BuildChanges) =>
    Object.fromEntries(
      KINDS.map((kind) => [
        COLLECTIONS[kind],
        Object.fromEntries(Object.entries(build.changes[kind]).map(([change, ids]) => [change, ids.length])),
      ]),
    );
  const latest = builds[builds.length - 1];
  return {
    builds: builds.map((build, i) => ({
      build: build.build,
      at: build.at,
      baseline: build.baseline,
      after: changesAfter(builds, i),
      url: url(changeSetPath(build.build)),
      counts: counts(build),
    })),
    _links: {
      self: url(CHANGES_INDEX_PATH),
      latest: latest === undefined ? null : url(changeSetPath(latest.build)),
      // Where a reader whose cursor is gone copies every entity again.
      dumps: Object.fromEntries(KINDS.map((kind) => [COLLECTIONS[kind], url(dumpIndexPath(kind))])) as Record<
        Collection,
        string
      >,
    },
    _meta: {
      type: 'changes',
      schema_version: SCHEMA_VERSION,
      format_version: CHANGES_FORMAT_VERSION,
      window_days: windowDays,
      history_from: historyFrom(builds),
      generated_at: '',
    },
  };
}

/** Parses the feed's index; another `format_version` is a {@link SiteError}. */
export function parseChangesIndex(text: string): ChangesIndexDocument {
  const document = parseDocument<ChangesIndexDocument>(CHANGES_INDEX_PATH, text);
  if (document?._meta?.format_version !== CHANGES_FORMAT_VERSION || !Array.isArray(document.builds)) {
    throw new SiteError(
      `${CHANGES_INDEX_PATH} is not a changes index of format_version ${CHANGES_FORMAT_VERSION}; rebuild the site`,
    );
  }
  return document;
}
