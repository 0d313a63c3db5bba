/**
 * A listing's leaves (docs/api.md#listing-leaves): past the static pages a site holds
 * (`--page-depth`), a listing is kept as leaves, runs of its entities cut where their ids
 * say (content-defined, as the dump parts are), so an entity that arrives, leaves or moves
 * rewrites the leaves it leaves and joins, not every page after its place. A small map
 * names each kind's leaves in order, with the entities each holds; a router or the SDK
 * finds any window's leaves from it.
 *
 * - `{folder}/leaves.json`: `{"format_version":1,"leaves":{"exhibitors":[["<key>",<count>],…],…}}`
 * - `{folder}/leaves/{kind}/{key}.json`: `{"exhibitors":[<entities>],"_meta":{"generated_at":"…"}}`
 *
 * A leaf's key is a hash of its first entity's id, so it keeps its path while it keeps
 * its first entity.
 */
import {
  COLLECTIONS,
  type Collection,
  type DatasetType,
  type Kind,
  hash53,
  KINDS,
  kindOfCollection,
} from '../semantics/index.js';
import { PAGE_SIZE } from './paths.js';
import { parseDocument, SiteError } from './site-error.js';
import { documentVersion } from './site-documents.js';

/** The layout of a leaf map (`format_version`); readers reject any other. */
export const LEAVES_FORMAT_VERSION = documentVersion('leaves');

/** A leaf holds at least this many entities (but the last of a kind): a window of 100 spans at most 4 leaves, one of 500 at most 14. */
export const LEAF_LEAST = 40;
/** A leaf holds at most this many entities. */
export const LEAF_MOST = 160;
// Past LEAF_LEAST, a leaf ends before an entity whose id hashes to a multiple of this: about 16
// entities more on average. A change rewrites the leaves it leaves and joins, and a cut it moves
// can move the next ones: denser cuts give smaller leaves but longer runs of moved cuts. Cutting
// 2,000 listings of 3,000 entities, a move to the top rewrote 126 entities in 2.2 leaves with 16
// (leaves of 54), 131 in 2.8 with 8, 162 in 2.2 with 32 (leaves of 69): bench/leaf-cuts.ts.
const LEAF_DIVISOR = 16;

/** The leaves of one kind of a listing, in order: each one's key and the entities it holds. */
export interface KindLeaves {
  keys: string[];
  counts: number[];
}

/** A listing's leaf map: the leaves of each kind it lists. */
export type LeafMap = Partial<Record<Kind, KindLeaves>>;

/**
 * The leaves of a dataset listing of `type` with these matches (ranks per kind, in order), on
 * a site holding `pageDepth` pages of each: `undefined` for a listing of `all` (a reader cuts
 * its window from each kind's own listing), for one no longer than the pages held, and on a
 * site holding every page.
 */
export function listingLeaves(
  type: DatasetType,
  matches: Partial<Record<Kind, readonly number[]>>,
  idOf: (kind: Kind, rank: number) => string,
  pageDepth: number | undefined,
): LeafMap | undefined {
  if (pageDepth === undefined || type === 'all') return undefined;
  const longest = Math.max(0, ...Object.values(matches).map((ranks) => ranks?.length ?? 0));
  if (longest <= pageDepth * PAGE_SIZE) return undefined;
  const leaves: LeafMap = {};
  for (const [kind, ranks] of Object.entries(matches) as [Kind, readonly number[]][])
    if (ranks.length > 0) leaves[kind] = cutLeaves(ranks.map((rank) => idOf(kind, rank)));
  return leaves;
}

/** Static path of the leaf map of the listing whose pages are in `folder`. */
export function leafMapPath(folder: string): string {
  return `${folder}/leaves.json`;
}

/** Static path of the leaf `key` of a kind in the listing whose pages are in `folder`. */
export function leafPath(folder: string, kind: Kind, key: string): string {
  return `${folder}/leaves/${kind}/${key}.json`;
}

/**
 * Cuts a kind's entities of a listing (ids in the listing's order) into leaves: a leaf ends
 * before an entity whose id hashes to a multiple of `divisor` (another than the site's only
 * in bench/leaf-cuts.ts) once it holds
 * {@link LEAF_LEAST}, and at {@link LEAF_MOST} whatever the ids. An entity added or
 * removed so changes its own leaf, and the next one only when it moves a cut.
 */
export function cutLeaves(ids: readonly string[], divisor = LEAF_DIVISOR): KindLeaves {
  const leaves: KindLeaves = { keys: [], counts: [] };
  const taken = new Set<string>();
  let start = 0;
  const close = (end: number) => {
    let key = leafKey(ids[start]!);
    // Two first ids of one hash (never seen at 53 bits) still name two leaves.
    for (let n = 2; taken.has(key); n++) key = `${leafKey(ids[start]!)}-${n}`;
    taken.add(key);
    leaves.keys.push(key);
    leaves.counts.push(end - start);
    start = end;
  };
  for (let i = 1; i < ids.length; i++) {
    const held = i - start;
    if (held >= LEAF_MOST || (held >= LEAF_LEAST && hash53(ids[i]!) % divisor === 0)) close(i);
  }
  if (ids.length > 0) close(ids.length);
  return leaves;
}

// 12 hex digits of a hash of the id, apart from the bits that place cuts.
function leafKey(id: string): string {
  return Math.floor(hash53(id) / LEAF_DIVISOR)
    .toString(16)
    .padStart(12, '0')
    .slice(-12);
}

/** Each leaf of a map, kind by kind in the order of KINDS: its kind, key, and the entities `[from, to)` of the kind's matches it holds. */
export function* eachLeaf(leaves: LeafMap): Generator<{ kind: Kind; key: string; from: number; to: number }> {
  for (const kind of KINDS) {
    const { keys, counts } = leaves[kind] ?? { keys: [], counts: [] };
    let from = 0;
    for (let i = 0; i < keys.length; i++) {
      const to = from + counts[i]!;
      yield { kind, key: keys[i]!, from, to };
      from = to;
    }
  }
}

/** The text of a listing's leaf map. */
export function leafMapText(leaves: LeafMap): string {
  const byCollection: Partial<Record<Collection, [string, number][]>> = {};
  for (const [kind, { keys, counts }] of Object.entries(leaves) as [Kind, KindLeaves][])
    byCollection[COLLECTIONS[kind]] = keys.map((key, i) => [key, counts[i]!]);
  return JSON.stringify({ format_version: LEAVES_FORMAT_VERSION, leaves: byCollection });
}

/** Parses a leaf map; another version, or a malformed one, is a {@link SiteError}. */
export function parseLeafMap(path: string, text: string): LeafMap {
  const document = parseDocument<{ format_version?: unknown; leaves?: unknown }>(path, text);
  if (document.format_version !== LEAVES_FORMAT_VERSION)
    throw new SiteError(
      `${path} has format_version ${JSON.stringify(document.format_version)}; this dataset-site reads version ${LEAVES_FORMAT_VERSION}. Rebuild the site.`,
    );
  const map: LeafMap = {};
  const leaves = document.leaves;
  if (typeof leaves !== 'object' || leaves === null) throw new SiteError(`${path} has no leaves; rebuild the site`);
  for (const [collection, entries] of Object.entries(leaves)) {
    const kind = kindOfCollection(collection);
    const wellFormed =
      kind !== undefined &&
      Array.isArray(entries) &&
      entries.every(
        (entry) =>
          Array.isArray(entry) &&
          typeof entry[0] === 'string' &&
          /^[0-9a-f]{12}(-\d+)?$/.test(entry[0]) &&
          Number.isInteger(entry[1]) &&
          entry[1] > 0,
      );
    if (!wellFormed) throw new SiteError(`${path} has a malformed list of leaves for ${collection}; rebuild the site`);
    map[kind] = { keys: entries.map((entry) => entry[0]), counts: entries.map((entry) => entry[1]) };
  }
  return map;
}

/** The leaves of `leaves` that hold the window [offset, offset + limit), each with its count and the part of it `[from, to)` the window takes. */
export function leavesOfWindow(
  leaves: KindLeaves,
  offset: number,
  limit: number,
): { key: string; count: number; from: number; to: number }[] {
  const taken: { key: string; count: number; from: number; to: number }[] = [];
  let start = 0;
  for (let i = 0; i < leaves.keys.length && start < offset + limit; i++) {
    const count = leaves.counts[i]!;
    const end = start + count;
    if (end > offset)
      taken.push({
        key: leaves.keys[i]!,
        count,
        from: Math.max(0, offset - start),
        to: Math.min(end, offset + limit) - start,
      });
    start = end;
  }
  return taken;
}
