/**
 * A listing page as the reference answers it, without serializing its entities again:
 * the reference response is made with a mark in place of each entity, and the page on
 * disk must be that JSON with each mark replaced by the entity's line of its dump and the
 * `generated_at` placeholder by a timestamp. Comparing runs over the file's bytes, part by
 * part, so a page costs one read and one pass.
 */
import { UNSTAMPED, PAGE_SIZE } from '../query/formats/index.js';
import { type HeldPages, staticPage, type ResponseContext } from '../query/responses/index.js';
import { COLLECTIONS, type Entity, KINDS, type Kind } from '../query/semantics/index.js';
import { pagePath, type ExpectedListing } from './expected-listings.js';

/** What stands for an entity in a skeleton: JSON escapes U+0000, so no other text of a page holds `"\u0000"`. */
const ENTITY_MARK = '\u0000';
const MARK_JSON = JSON.stringify(ENTITY_MARK);
const STAMP_HEAD = '"generated_at":"';
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z$/;

/** A page to compare: the reference JSON around its entities, and which entities go between. */
export interface PageSkeleton {
  file: string;
  /** The reference JSON cut at each entity; the last part holds the unstamped `generated_at`. */
  parts: string[];
  /** Per entity in the page's order: the index of its kind in KINDS, then its rank. */
  entities: number[];
}

/** The skeleton of page `page` of a listing; `held` when the site holds only its first pages. */
export function pageSkeleton(
  listing: ExpectedListing,
  page: number,
  context: ResponseContext,
  held?: HeldPages,
): PageSkeleton {
  const entities: number[] = [];
  const response = staticPage(
    listing.type,
    listing.matches,
    page,
    context,
    (n) => pagePath(listing, n),
    (kind, ranks) => {
      for (const rank of ranks) entities.push(KINDS.indexOf(kind), rank);
      return ranks.map(() => ENTITY_MARK as unknown as Entity);
    },
    held,
  );
  return { file: pagePath(listing, page), parts: JSON.stringify(response).split(MARK_JSON), entities };
}

/** The skeleton of a leaf at `file` holding the entities of `kind` of ranks `ranks` (formats/listing-leaves.ts). */
export function leafSkeleton(file: string, kind: Kind, ranks: readonly number[]): PageSkeleton {
  const leaf = { [COLLECTIONS[kind]]: ranks.map(() => ENTITY_MARK), _meta: { generated_at: '' } };
  const entities = ranks.flatMap((rank) => [KINDS.indexOf(kind), rank]);
  return { file, parts: JSON.stringify(leaf).split(MARK_JSON), entities };
}

/** The entities page `page` of a listing lists, as {@link PageSkeleton.entities} has them, without making the page. */
export function pageEntities(listing: ExpectedListing, page: number, kinds: readonly Kind[]): number[] {
  const entities: number[] = [];
  for (const kind of kinds)
    for (const rank of (listing.matches[kind] ?? []).slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE))
      entities.push(KINDS.indexOf(kind), rank);
  return entities;
}

/** Whether `file` is the skeleton's page: its parts, the bytes `entity(i)` of its i-th entity between them, any timestamp as `generated_at`. */
export function matchesSkeleton(
  file: Buffer,
  skeleton: PageSkeleton,
  entity: (kindIndex: number, rank: number) => Uint8Array,
): boolean {
  let at = 0;
  const take = (bytes: Uint8Array): boolean => {
    const end = at + bytes.length;
    if (end > file.length || Buffer.compare(bytes, file.subarray(at, end)) !== 0) return false;
    at = end;
    return true;
  };
  const { parts, entities } = skeleton;
  for (let i = 0; i < parts.length - 1; i++) {
    if (!take(Buffer.from(parts[i]!)) || !take(entity(entities[2 * i]!, entities[2 * i + 1]!))) return false;
  }
  const last = parts[parts.length - 1]!;
  const stamp = last.lastIndexOf(UNSTAMPED);
  if (stamp < 0 || !take(Buffer.from(last.slice(0, stamp) + STAMP_HEAD))) return false;
  const close = file.indexOf(0x22, at); // the timestamp's closing quote
  if (close < 0 || !TIMESTAMP.test(file.toString('latin1', at, close))) return false;
  at = close;
  return take(Buffer.from(`"${last.slice(stamp + UNSTAMPED.length)}`)) && at === file.length;
}
