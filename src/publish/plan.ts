/**
 * What a publish has to do: the local site's files against what the bucket holds, by
 * fingerprint, so only new and changed files are uploaded and only files gone from the
 * site are deleted.
 */
import type { Manifest } from '../site/manifest.js';
import type { PublishJournal } from './published-manifest.js';

/** A file to upload; `isNew` when the bucket cannot already hold an object at its key. */
export interface PlannedUpload {
  path: string;
  isNew: boolean;
}

/** The uploads and deletions that make the bucket hold the local site. */
export interface PublishPlan {
  uploads: PlannedUpload[];
  /** Site paths of objects to delete: published before, gone from the site now. */
  deletions: string[];
  /** Files the bucket already holds as they are. */
  unchanged: number;
}

/**
 * Plans a publish of `local` over a bucket whose last publish wrote `published` (empty
 * when none did). A `journal` left by a publish that did not finish makes every file it
 * meant to upload a candidate again (it may hold either version now; the caller skips those
 * it finds already uploaded), and every file it uploaded or meant to delete that the site
 * no longer has a deletion. Paths are sorted, so equal inputs give equal plans.
 */
export function planPublish(local: Manifest, published: Manifest, journal?: PublishJournal): PublishPlan {
  const interrupted = new Set(journal?.uploads);
  const uploads: PlannedUpload[] = [];
  let unchanged = 0;
  for (const [path, entry] of local) {
    const before = published.get(path);
    if (before !== undefined && before[0] === entry[0] && before[1] === entry[1] && !interrupted.has(path)) unchanged++;
    else uploads.push({ path, isNew: before === undefined && !interrupted.has(path) });
  }
  const gone = new Set([...published.keys(), ...interrupted, ...(journal?.deletions ?? [])].filter((path) => !local.has(path)));
  return { uploads: uploads.sort((a, b) => compare(a.path, b.path)), deletions: [...gone].sort(compare), unchanged };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
