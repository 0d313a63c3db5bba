/**
 * The changes feed across builds (docs/api.md#changes): the builds still in the feed's
 * window are kept inside the site (`.dataset-site/changes.json`, never served) and the
 * digest of every entity beside them, by kind, in files of about a hundred entities
 * (`.dataset-site/changes/{collection}/{n}.json`, state-shards.ts), so that a build
 * rewrites only the files of the entities it changed; a build compares its entities'
 * digests with the previous build's and, when any differs, adds a change set.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { COLLECTIONS, KINDS, type Kind } from '../../query/semantics/kinds.js';
import { isShardCount, readShards, shardCount, shardFiles, type StateMap } from '../../site/state-shards.js';
import {
  buildId,
  CHANGES_INDEX_PATH,
  changeSetDocument,
  changeSetPath,
  changesIndexDocument,
  type BuildChanges,
  type KindChanges,
} from '../../query/formats/changes-feed.js';
import type { OutputFile } from '../output.js';

/** Path of the feed's state inside the site. */
export const FEED_STATE_PATH = '.dataset-site/changes.json';
// 2: the digests in files of about a hundred entities (state-shards.ts).
const FEED_STATE_VERSION = 2;
const DIGESTS_FOLDER = '.dataset-site/changes';

/** The feed between builds: the builds kept (oldest first) and every entity's digest, by kind and id. */
export interface FeedState {
  builds: BuildChanges[];
  /** Per kind, id → `[digest]` (as state-shards.ts keeps it). */
  digests: Record<Kind, StateMap>;
  /** How many files held each kind's digests, kept while they fit (state-shards.ts). */
  shards?: Partial<Record<Kind, number>>;
}

/** The feed state of the site in `outDir`; `undefined` for a first build, or a state of another version or unreadable. */
export async function readFeedState(outDir: string): Promise<FeedState | undefined> {
  const text = await readFile(path.join(outDir, FEED_STATE_PATH), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  let state: { version?: unknown; builds?: unknown; shards?: Record<Kind, unknown> };
  try {
    state = JSON.parse(text) as typeof state;
  } catch {
    return undefined;
  }
  if (state.version !== FEED_STATE_VERSION || !Array.isArray(state.builds) || typeof state.shards !== 'object' || state.shards === null) return undefined;
  const digests = {} as FeedState['digests'];
  const shards: Partial<Record<Kind, number>> = {};
  for (const kind of KINDS) {
    const count = state.shards[kind];
    if (!isShardCount(count)) return undefined;
    const read = await readShards(outDir, digestsFolder(kind), count, 1);
    if (read === undefined) return undefined;
    digests[kind] = read.map;
    shards[kind] = count;
  }
  return { builds: state.builds as BuildChanges[], digests, shards };
}

/**
 * The feed after a build made at `now` whose entities have `digests`: a change set added
 * when any entity was added, changed or removed (a first build adds a baseline), and the
 * builds older than `windowDays` dropped, the latest always kept.
 */
export function advanceFeed(previous: FeedState | undefined, digests: FeedState['digests'], now: Date, windowDays: number): FeedState {
  const builds = [...(previous?.builds ?? [])];
  const changes = Object.fromEntries(KINDS.map((kind) => [kind, diff(previous?.digests[kind] ?? new Map(), digests[kind])])) as Record<Kind, KindChanges>;
  const changed = KINDS.some((kind) => Object.values(changes[kind]).some((ids) => ids.length > 0));
  if (previous === undefined || changed) {
    const empty = Object.fromEntries(KINDS.map((kind): [Kind, KindChanges] => [kind, { added: [], changed: [], removed: [] }])) as Record<Kind, KindChanges>;
    builds.push({ build: uniqueId(builds, now), at: now.toISOString(), baseline: previous === undefined, changes: previous === undefined ? empty : changes });
  }
  const oldest = new Date(now.getTime() - windowDays * 86_400_000).toISOString();
  const kept = builds.filter((build, i) => build.at >= oldest || i === builds.length - 1);
  return { builds: kept, digests, shards: previous?.shards };
}

/** The feed's documents: the index, a change set per build kept, and the state for the next build. */
export function renderFeed(state: FeedState, baseUrl: string, windowDays: number): OutputFile[] {
  return [
    { path: CHANGES_INDEX_PATH, content: JSON.stringify(changesIndexDocument(state.builds, baseUrl, windowDays)), timestamped: true },
    ...state.builds.map((build, i) => ({
      path: changeSetPath(build.build),
      content: JSON.stringify(changeSetDocument(state.builds, i, baseUrl)),
      timestamped: true,
    })),
    ...stateFiles(state),
  ];
}

// The state for the next build: the builds, and the digests in files of about a hundred.
function stateFiles(state: FeedState): OutputFile[] {
  const files: OutputFile[] = [];
  const shards = {} as Record<Kind, number>;
  for (const kind of KINDS) {
    shards[kind] = shardCount(state.digests[kind].size, state.shards?.[kind]);
    for (const [file, content] of shardFiles(digestsFolder(kind), state.digests[kind], shards[kind])) files.push({ path: file, content, timestamped: false });
  }
  files.push({ path: FEED_STATE_PATH, content: JSON.stringify({ version: FEED_STATE_VERSION, builds: state.builds, shards }), timestamped: false });
  return files;
}

function digestsFolder(kind: Kind): string {
  return `${DIGESTS_FOLDER}/${COLLECTIONS[kind]}`;
}

function diff(before: StateMap, after: StateMap): KindChanges {
  const changes: KindChanges = { added: [], changed: [], removed: [] };
  for (const [id, [digest]] of after) {
    const previous = before.get(id);
    if (previous === undefined) changes.added.push(id);
    else if (previous[0] !== digest) changes.changed.push(id);
  }
  for (const id of before.keys()) if (!after.has(id)) changes.removed.push(id);
  for (const ids of Object.values(changes)) ids.sort();
  return changes;
}

// Two builds within one millisecond still get distinct ids.
function uniqueId(builds: readonly BuildChanges[], now: Date): string {
  const taken = new Set(builds.map((build) => build.build));
  let id = buildId(now);
  for (let n = 2; taken.has(id); n++) id = `${buildId(now)}-${n}`;
  return id;
}
