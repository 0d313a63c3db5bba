/**
 * What a publish has to do: the local site's files against what the bucket holds, so only
 * new and changed files are uploaded and only files gone from the site are deleted. What
 * the bucket holds is checked, not assumed: the published manifest says which file each
 * object was and the ETag and size the bucket gave it, and the bucket's listing says
 * whether the object is still that one; any other object is a candidate, uploaded unless
 * its ETag is already the MD5 of the file.
 */
import { shardOf, type Manifest } from '../site/index.js';
import type { ListedObject } from './bucket.js';
import type { PublishJournal, PublishedFiles } from './published-manifest.js';

/** A file to upload; `isNew` when the bucket holds no object at its key. */
export interface PlannedUpload {
  path: string;
  isNew: boolean;
  /** The published manifest says the bucket holds this file, but the object there is not the one publish left: changed or deleted behind its back. */
  drifted: boolean;
}

/** The uploads and deletions that make the bucket hold the local site. */
export interface PublishPlan {
  uploads: PlannedUpload[];
  /** Site paths of objects to delete: published before and gone from the site now, and the {@link strays}. */
  deletions: string[];
  /** Objects under the site's folders that neither the site nor the published manifest (nor a journal) lists: left by a publish that lost a race, or put by hand. */
  strays: string[];
  /** Files the bucket already holds as they are. */
  unchanged: number;
  /**
   * Of those, the ones whose headers are to be read (header-check.ts): not read since they
   * were written (at most {@link UNSEEN_HEADS} a publish), written since they were, or
   * due in the rotation.
   */
  headerChecks: string[];
}

/**
 * Objects not read since publish wrote them whose headers one publish reads, at most: the first
 * publish of a large site (or after an upgrade) spreads the reads over a few runs. They are taken
 * file by file of the published manifest (the files of the first of them in file order), so that
 * a publish rewrites the few files whose entries it read, not every file of the manifest: at L
 * (407,773 objects in 4,096 files) 20,000 read in path order changed 3,996 files, 56 MB, each publish.
 */
export const UNSEEN_HEADS = 20_000;

/**
 * Plans a publish of `local` over a bucket whose last publish wrote `published` (empty
 * when none did) and whose listing is `listed`. A file is unchanged only when the
 * manifest lists it with the same fingerprint and the listing shows the very object
 * publish left (same ETag and size). A `journal` left by a publish that did not finish
 * makes every file it meant to upload a candidate again, and every file it uploaded or
 * meant to delete that the site no longer has a deletion. An object in one of the folders
 * the published manifest's files are in (their first segment: `api/`, `assets/`), listed
 * by neither, is a stray and deleted too; nothing outside those folders is touched, nor
 * anything when no publish finished yet. Of the unchanged files, those whose headers are
 * due (`headersDue`, header-rotation.ts) or unknown are to be read, the unknown ones
 * by the published manifest's files (`manifestFiles` of them, {@link UNSEEN_HEADS}). Paths
 * are sorted, so equal inputs give equal plans.
 */
export function planPublish(
  local: Manifest,
  published: PublishedFiles,
  listed: ReadonlyMap<string, ListedObject>,
  journal?: PublishJournal,
  headersDue: (path: string) => boolean = () => false,
  manifestFiles = 1,
): PublishPlan {
  const interrupted = new Set(journal?.uploads);
  const uploads: PlannedUpload[] = [];
  const headerChecks: string[] = [];
  let unchanged = 0;
  const unseen: string[] = [];
  for (const [path, [fingerprint, generatedAt]] of local) {
    // As the last publish left it: the manifest entry it sent, the object's ETag and size then ('' when not kept), and when its headers were seen right.
    const [fingerprintBefore, generatedAtBefore, etagBefore = '', sizeBefore, seenBefore = ''] =
      published.get(path) ?? [];
    const object = listed.get(path);
    const same = fingerprintBefore === fingerprint && generatedAtBefore === generatedAt && !interrupted.has(path);
    const asLeft =
      etagBefore !== '' && object !== undefined && object.etag === etagBefore && String(object.size) === sizeBefore;
    if (same && asLeft) {
      unchanged++;
      // Written again since its headers were seen right (same bytes: `aws s3 cp` sets other headers), or never seen.
      if ((seenBefore !== '' && seenBefore !== object.lastModified) || headersDue(path)) headerChecks.push(path);
      else if (seenBefore === '') unseen.push(path);
    } else uploads.push({ path, isNew: object === undefined, drifted: same && etagBefore !== '' && !asLeft });
  }
  const gone = new Set(
    [...published.keys(), ...interrupted, ...(journal?.deletions ?? [])].filter(
      (path) => !local.has(path) && listed.has(path),
    ),
  );
  const folders = new Set([...published.keys()].flatMap((path) => (path.includes('/') ? [topFolder(path)] : [])));
  const strays = [...listed.keys()]
    .filter((path) => path.includes('/') && folders.has(topFolder(path)) && !local.has(path) && !gone.has(path))
    .sort(compare);
  headerChecks.push(...firstByManifestFile(unseen, manifestFiles, UNSEEN_HEADS));
  return {
    uploads: uploads.sort((a, b) => compare(a.path, b.path)),
    deletions: [...gone, ...strays].sort(compare),
    strays,
    unchanged,
    headerChecks: headerChecks.sort(compare),
  };
}

/** The plan with the objects whose headers were found wrong (`wrong`, among its header checks) uploaded again, as repairs. */
export function withHeaderRepairs(plan: PublishPlan, wrong: readonly string[]): PublishPlan {
  if (wrong.length === 0) return plan;
  const repairs = wrong.map((path) => ({ path, isNew: false, drifted: true }));
  return {
    ...plan,
    uploads: [...plan.uploads, ...repairs].sort((a, b) => compare(a.path, b.path)),
    unchanged: plan.unchanged - wrong.length,
  };
}

function topFolder(path: string): string {
  return path.slice(0, path.indexOf('/') + 1);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// The first `most` of `paths` (in path order) in the order of the published manifest's `files` they are kept in.
function firstByManifestFile(paths: readonly string[], files: number, most: number): string[] {
  if (paths.length <= most) return [...paths];
  const fileOf = new Map(paths.map((path) => [path, shardOf(path, files)]));
  return paths.toSorted((a, b) => fileOf.get(a)! - fileOf.get(b)! || compare(a, b)).slice(0, most);
}
