/**
 * The format of the changes feed's state file (`.dataset-site/changes.json`, version 2):
 * the builds the feed keeps, oldest first, and how many files hold each kind's digests.
 * Parsed whole, so that a damaged file is named as damaged, not taken for a first build.
 */
import { z } from 'zod';
import { documentVersion, type BuildChanges } from '../../query/formats/index.js';
import type { Kind } from '../../query/semantics/index.js';
import { isShardCount, readVersioned } from '../../site/index.js';

/** The version of the state file this code writes and reads. 2: the digests in files of about a hundred entities. */
export const FEED_STATE_VERSION = documentVersion('feed');

const ids = z.array(z.string());
const kindChanges = z.object({ added: ids, changed: ids, removed: ids });
const shardCount = z.number().refine(isShardCount, 'must be a power of two');

const FEED_STATE_FILE = z.object({
  version: z.literal(FEED_STATE_VERSION),
  builds: z.array(
    z.object({
      build: z.string(),
      at: z.string(),
      baseline: z.boolean(),
      after: z.string().optional(),
      changes: z.object({ exhibition: kindChanges, exhibitor: kindChanges, service_provider: kindChanges }),
    }),
  ),
  shards: z.object({ exhibition: shardCount, exhibitor: shardCount, service_provider: shardCount }),
});

/** The state file as written: its builds, and per kind the count of its digests' files. */
export interface FeedStateFile {
  builds: BuildChanges[];
  shards: Record<Kind, number>;
}

/**
 * The state file's text read: the file, `older` for a state an earlier version of
 * dataset-site wrote (the feed starts anew from it), or why it cannot be read.
 */
export function parseFeedStateFile(text: string): FeedStateFile | 'older' | { damaged: string } {
  const read = readVersioned(
    text,
    FEED_STATE_VERSION,
    (found) =>
      `is of version ${found}, written by a newer dataset-site than this one (which reads version ${FEED_STATE_VERSION})`,
  );
  if (read === 'older' || 'damaged' in read) return read;
  const parsed = FEED_STATE_FILE.safeParse(read.json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      damaged: `does not hold the feed's state (${issue.path.length === 0 ? '' : `${issue.path.join('.')}: `}${issue.message})`,
    };
  }
  return { builds: parsed.data.builds, shards: parsed.data.shards };
}
