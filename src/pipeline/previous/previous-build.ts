/**
 * What the previous build left in the site folder, read at one place, once, as a build
 * starts, and handed to the stages that use it: what a killed build left repaired first
 * (its journal rolled back, its staging folders removed), then the record cache (load,
 * validate and render take unchanged entities from it), the changes feed's state (the
 * shrink guard compares with it, the feed advances from it), the slots of the search index
 * (the build keeps each entity's), the term cache (the search index tokenizes only the entities
 * whose records changed) and, when asked, the manifest (write compares every
 * document with it). No stage reads the state folder on its own.
 */
import {
  codeFingerprint,
  readPreviousRecords,
  readTermCache,
  type CacheScope,
  type PreviousRecords,
  type TermCaches,
} from '../cache/index.js';
import { readFeedState, type FeedState } from '../feed/index.js';
import { recoverSite } from '../write/index.js';
import { manifestOfFolder, readManifest, readSlotState, type ManifestFiles } from '../../site/index.js';
import type { Kind } from '../../query/semantics/index.js';

/** What the previous build left, as the stages take it. */
export interface PreviousBuild {
  /** What the record cache is valid for: this code and this base URL. */
  scope: CacheScope;
  /** Its records, for the kinds whose cache is valid for {@link scope} and intact; empty for a first build. */
  records: PreviousRecords;
  /**
   * Its changes feed, read while the sources are; `undefined` for a first build, or when this
   * build does not write. Rejects with a UserError when the feed's state is there but damaged
   * (readFeedState): awaited once the sources are read, so that their problems are told first.
   */
  feed: Promise<FeedState | undefined>;
  /**
   * The id of each slot of each kind of its search index, as it kept them in the state folder
   * (site-slots.ts), read while the sources are; none for a kind whose state is missing, of
   * another version or damaged: its entities get slots as in a first build.
   */
  idsBySlot: Promise<Partial<Record<Kind, string[]>>>;
  /** Its term cache (cache/term-cache.ts), read while the sources are; empty when missing, damaged or of other code. */
  termCache: Promise<TermCaches>;
  /**
   * Starts reading its manifest, once (a second call gives the same promise); `undefined` when
   * this build does not write. build() starts it once the search index's threads are started:
   * parsing the L set's manifest takes about a second of the main thread, which would hold back
   * their start and so the whole build.
   */
  manifest: (() => Promise<ManifestFiles>) | undefined;
}

/**
 * What the previous build in `outDir` left, for a build at `baseUrl`. A build that does not
 * `write` changes nothing there, so it repairs nothing and needs neither the feed nor the
 * manifest: it reads only the record cache.
 */
export async function readPreviousBuild(outDir: string, baseUrl: string, write: boolean): Promise<PreviousBuild> {
  if (write) await recoverSite(outDir);
  const scope = { code: await codeFingerprint(), baseUrl };
  const feed = write ? readFeedState(outDir) : Promise.resolve(undefined);
  feed.catch(() => undefined); // awaited, and so reported, by build
  const idsBySlot = readSlotState(outDir);
  idsBySlot.catch(() => undefined); // awaited, and so reported, by build
  const termCache = readTermCache(outDir, scope.code);
  const records = await readPreviousRecords(outDir, scope);
  let manifest: Promise<ManifestFiles> | undefined;
  const readOnce = () => {
    if (manifest === undefined) {
      manifest = readManifest(outDir).then((files) => manifestOfFolder(outDir, files));
      manifest.catch(() => undefined); // awaited, and so reported, by write
    }
    return manifest;
  };
  return { scope, records, feed, idsBySlot, termCache, manifest: write ? readOnce : undefined };
}
