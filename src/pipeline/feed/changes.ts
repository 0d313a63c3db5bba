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
import { COLLECTIONS, KINDS, type Kind } from '../../query/semantics/index.js';
import { type Dataset } from '../../query/dataset/index.js';
import { UserError } from '../../shared/index.js';
import { readShards, shardCount, shardFiles, type StateMap } from '../../site/index.js';
import { FEED_STATE_VERSION, parseFeedStateFile } from './feed-state-format.js';
import {
  buildId,
  CHANGES_INDEX_PATH,
  changeSetDocument,
  changeSetPath,
  changesIndexDocument,
  type BuildChanges,
  type KindChanges,
  FEED_STATE_PATH,
  FEED_DIGESTS_FOLDER,
} from '../../query/formats/index.js';
import { type OutputFile, entityDigest, type EntityStore } from '../assemble/index.js';

/** The feed between builds: the builds kept (oldest first) and every entity's digest, by kind and id. */
export interface FeedState {
  builds: BuildChanges[];
  /** Per kind, id → `[digest]` (as state-shards.ts keeps it). */
  digests: Record<Kind, StateMap>;
  /** How many files held each kind's digests, kept while they fit (state-shards.ts). */
  shards?: Partial<Record<Kind, number>>;
}

/**
 * The feed state of the site in `outDir`; `undefined` for a first build (no state), or a
 * state an earlier version of dataset-site wrote: the feed starts anew with a baseline.
 * A state that is there but damaged (not JSON, not the format, a digests file missing or
 * damaged, a newer version) stops the build: taken for a first build, it would restart
 * the feed and leave the shrink guard nothing to compare with.
 */
export async function readFeedState(outDir: string): Promise<FeedState | undefined> {
  const text = await readFile(path.join(outDir, FEED_STATE_PATH), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw damaged(outDir, `cannot be read (${error.code ?? error.message})`, 74);
  });
  if (text === undefined) return undefined;
  const file = parseFeedStateFile(text);
  if (file === 'older') return undefined;
  if ('damaged' in file) throw damaged(outDir, file.damaged);
  const digests = {} as FeedState['digests'];
  for (const kind of KINDS) {
    const read = await readShards(outDir, digestsFolder(kind), file.shards[kind], 1);
    const files = file.shards[kind] === 1 ? 'one file' : `${file.shards[kind]} files`;
    if (read === undefined)
      throw damaged(
        outDir,
        `says its digests of ${COLLECTIONS[kind]} are ${files} in ${digestsFolder(kind)}/, which are missing or damaged`,
      );
    digests[kind] = read.map;
  }
  return { builds: file.builds, digests, shards: file.shards };
}

// The one-line refusal of a damaged state, with what to do.
function damaged(outDir: string, why: string, exitCode: 1 | 74 = 1): UserError {
  return new UserError(
    `the changes feed's state ${FEED_STATE_PATH} in ${outDir} ${why}; nothing was written. Restore ${path.dirname(FEED_STATE_PATH)}/ from the build before ` +
      `(the workflow's cache), or delete ${FEED_STATE_PATH} to start the feed anew: its next change set is a baseline, from which ingesters take a full copy`,
    exitCode,
  );
}

/**
 * The feed after a build made at `now` whose entities have `digests`: a change set added
 * when any entity was added, changed or removed (a first build adds a baseline), and the
 * builds older than `windowDays` dropped, the latest always kept.
 */
export function advanceFeed(
  previous: FeedState | undefined,
  digests: FeedState['digests'],
  now: Date,
  windowDays: number,
): FeedState {
  const builds = [...(previous?.builds ?? [])];
  const changes = Object.fromEntries(
    KINDS.map((kind) => [kind, diff(previous?.digests[kind] ?? new Map(), digests[kind])]),
  ) as Record<Kind, KindChanges>;
  const changed = KINDS.some((kind) => Object.values(changes[kind]).some((ids) => ids.length > 0));
  if (previous === undefined || changed) {
    const empty = Object.fromEntries(
      KINDS.map((kind): [Kind, KindChanges] => [kind, { added: [], changed: [], removed: [] }]),
    ) as Record<Kind, KindChanges>;
    // Counted from the latest build this state knew: after a state restored from an older run, not the run before, whose sets are gone.
    // The members in the order the state is read back in (feed-state-format.ts), so that a rebuild writes the same bytes.
    const after = previous === undefined ? {} : { after: builds.at(-1)?.build };
    builds.push({
      build: uniqueId(builds, now),
      at: now.toISOString(),
      baseline: previous === undefined,
      ...after,
      changes: previous === undefined ? empty : changes,
    });
  }
  const oldest = new Date(now.getTime() - windowDays * 86_400_000).toISOString();
  const kept = builds.filter((build, i) => build.at >= oldest || i === builds.length - 1);
  return { builds: kept, digests, shards: previous?.shards };
}

/** Every entity's digest as serialized, by kind and id: what the feed compares across builds. */
export function entityDigests(dataset: Dataset, store: EntityStore): FeedState['digests'] {
  const digests = {} as FeedState['digests'];
  for (const kind of KINDS)
    digests[kind] = new Map(
      dataset.entities[kind].map((entity, rank) => [entity.id, [entityDigest(store, kind, rank)]]),
    );
  return digests;
}

/** The feed's documents: the index, a change set per build kept, and the state for the next build. */
export function renderFeed(state: FeedState, baseUrl: string, windowDays: number): OutputFile[] {
  return [
    {
      path: CHANGES_INDEX_PATH,
      content: JSON.stringify(changesIndexDocument(state.builds, baseUrl, windowDays)),
      timestamped: true,
    },
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
    for (const [file, content] of shardFiles(digestsFolder(kind), state.digests[kind], shards[kind]))
      files.push({ path: file, content, timestamped: false });
  }
  files.push({
    path: FEED_STATE_PATH,
    content: JSON.stringify({ version: FEED_STATE_VERSION, builds: state.builds, shards }),
    timestamped: false,
  });
  return files;
}

function digestsFolder(kind: Kind): string {
  return `${FEED_DIGESTS_FOLDER}/${COLLECTIONS[kind]}`;
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
