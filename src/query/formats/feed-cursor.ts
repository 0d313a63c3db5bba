/**
 * The reader's rule of the changes feed (docs/api.md#changes), for the SDK and anyone who
 * reads the index: from a cursor (the id of the last build applied), either the change
 * sets to apply, in order, or that the cursor is gone and the reader copies the dumps again.
 */
import type { ChangesIndexDocument } from './changes-feed.js';

/** What a reader holding a cursor does next. */
export type FeedStep =
  /** Apply these builds' change sets in order (none: up to date); `latest` is the cursor after them. */
  | { resync: false; builds: string[]; latest: string }
  /** The feed does not hold the history after the cursor: copy every entity from the dumps, then keep `latest` (`null`: an empty feed). */
  | { resync: true; reason: string; latest: string | null };

/**
 * The step for a reader at `cursor` (`undefined` or `null`: none yet, so a full copy) given
 * the feed's index. The change sets after a cursor are those from the listed build whose
 * `after` is the cursor on; a cursor no listed build counts from, that is neither the latest build nor
 * `history_from`, is gone (it left the window, or its change set was lost with the state
 * of the build that wrote it), whatever its time.
 */
export function nextFeedStep(index: ChangesIndexDocument, cursor: string | null | undefined): FeedStep {
  const builds = index.builds;
  const latest = builds.at(-1)?.build ?? null;
  // `null` too: a reader that stores its cursor as JSON holds null before its first copy, and
  // the first change set's `after` is null, so it must not be taken for a cursor.
  if (cursor === undefined || cursor === null)
    return { resync: true, reason: 'no cursor yet: start from a full copy', latest };
  if (cursor === latest) return { resync: false, builds: [], latest };
  const from = builds.findIndex((build) => build.after === cursor);
  const chained = from !== -1 && builds.every((build, i) => i <= from || build.after === builds[i - 1]!.build);
  if (from === -1 || !chained || latest === null)
    return {
      resync: true,
      reason: `the feed holds no history after build ${cursor} (it holds it from ${index._meta.history_from ?? 'no build'} on): copy every entity again`,
      latest,
    };
  return { resync: false, builds: builds.slice(from).map((build) => build.build), latest };
}
