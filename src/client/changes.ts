/** The changes feed as the SDK reads it: the change sets after a cursor, or that the reader must copy the dumps again. */
import type { Collection } from '../query/semantics/index.js';
import {
  CHANGES_INDEX_PATH,
  changeSetPath,
  parseChangesIndex,
  type ChangeSetDocument,
  nextFeedStep,
} from '../query/formats/index.js';
import type { RouterResponse } from '../query/router/index.js';

/** What a reader holding a cursor does next (docs/api.md#changes). */
export type ChangesSince =
  /** Apply these change sets in order (none: up to date), then keep `latest` as the cursor. */
  | { resync: false; changeSets: ChangeSetDocument[]; latest: string }
  /**
   * The feed no longer holds the history after the cursor (it left the window, or was lost
   * with a build's state): copy every entity from `dumps` (each collection's dump index),
   * then keep `latest` as the cursor.
   */
  | { resync: true; reason: string; dumps: Record<Collection, string>; latest: string | null };

/** Reads the feed's index and, when the cursor can be followed, the change sets after it, through `request` (a path of the site → its answer). */
export async function readChangesSince(
  request: (path: string) => Promise<RouterResponse>,
  cursor: string | undefined,
): Promise<ChangesSince> {
  const index = parseChangesIndex((await request(`/${CHANGES_INDEX_PATH}`)).body);
  const step = nextFeedStep(index, cursor);
  const resync = (reason: string) => ({
    resync: true as const,
    reason,
    dumps: index._links.dumps,
    latest: step.latest,
  });
  if (step.resync) return resync(step.reason);
  const changeSets: ChangeSetDocument[] = [];
  for (const build of step.builds) {
    const answer = await request(`/${changeSetPath(build)}`);
    // Gone since the index was read: a publish replaced the feed meanwhile.
    if (answer.status === 404)
      return resync(
        `the change set of build ${build} is gone since the feed's index was read: copy every entity again`,
      );
    changeSets.push(JSON.parse(answer.body) as ChangeSetDocument);
  }
  return { resync: false, changeSets, latest: step.latest };
}
