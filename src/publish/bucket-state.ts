/** What a bucket holds, as a publish and `publish --check` read it: its listing and the publish's own records. */
import { listSplits, type Bucket, type ListedObject } from './bucket.js';
import { limitConcurrency } from './pool.js';
import {
  parsePublishJournal,
  readPublishedManifest,
  type PublishJournal,
  type PublishedManifest,
} from './published-manifest.js';
import { PUBLISH_JOURNAL_PATH } from '../query/formats/index.js';

/** The bucket's listing, the last publish's manifest, and the journal of one that did not finish. */
export interface BucketState {
  listed: Map<string, ListedObject>;
  published: PublishedManifest;
  journal: PublishJournal | undefined;
}

/**
 * Reads the three at once (`concurrency` requests at most for the manifest's files), the
 * listing in ranges cut among `paths`, the site's (which the bucket mostly holds); when
 * more than one read fails, the manifest's failure is told.
 */
export async function readBucketState(
  bucket: Bucket,
  prefix: string,
  concurrency: number,
  paths: Iterable<string>,
): Promise<BucketState> {
  const reads = await Promise.allSettled([
    readPublishedManifest(
      limitConcurrency((key: string) => bucket.read(key), concurrency),
      prefix,
    ),
    bucket.read(PUBLISH_JOURNAL_PATH),
    bucket.list(listSplits(paths)),
  ]);
  const failed = reads.find((read) => read.status === 'rejected');
  if (failed) throw failed.reason;
  const [published, journalText, listed] = reads.map((read) => (read as PromiseFulfilledResult<unknown>).value) as [
    PublishedManifest,
    string | undefined,
    Map<string, ListedObject>,
  ];
  return {
    listed,
    published,
    journal: journalText === undefined ? undefined : parsePublishJournal(journalText, prefix + PUBLISH_JOURNAL_PATH),
  };
}
