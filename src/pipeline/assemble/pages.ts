/**
 * Listing pages as documents: the `_meta` of each page and which entities it splices in,
 * with a fingerprint computed from the entities' digests, so deciding whether a page
 * changed since the previous build costs no assembling and no hashing of its bytes.
 */
import {
  PAGE_SIZE,
  folderPages,
  type LeafMap,
  eachLeaf,
  leafMapPath,
  leafMapText,
  leafPath,
} from '../../query/formats/index.js';
import {
  datasetMeta,
  type HeldPages,
  type ResponseContext,
  heldPageCount,
  totalsOf,
  staticPageWindow,
} from '../../query/responses/index.js';
import { DATASET_TYPES, KINDS, kindsOf, type DatasetType, type Kind } from '../../query/semantics/index.js';
import { bodySize, type AssembleContext, type PageBody, type PageDictionaries } from './assemble.js';

import { textDocument, type OutputDocument } from './output.js';
import { DIGEST_BYTES, runningFingerprint } from '../../shared/index.js';

// Part of every page fingerprint: change it whenever assemble() lays pages out differently.
const PAGE_LAYOUT = 'page-layout-1';
// In place of the dictionary's digest in a leaf's fingerprint.
const LEAF_LAYOUT = 'leaf-layout-1';
// A leaf's `_meta`, its `generated_at` stamped by the writer.
const LEAF_META = JSON.stringify({ generated_at: '' });

/** Renders the pages of listings of one site. */
export class PageRenderer {
  private readonly digestWords: Record<Kind, Uint32Array>;
  private readonly dictionaryDigests: Record<DatasetType, Buffer>;
  private scratch = new Uint32Array(1024);

  constructor(
    private readonly assembleContext: AssembleContext,
    private readonly context: ResponseContext,
  ) {
    const words = (kind: Kind) => {
      const digests = assembleContext.entities[kind].digests;
      return new Uint32Array(digests.buffer, digests.byteOffset, digests.length / 4);
    };
    this.digestWords = {
      exhibition: words('exhibition'),
      exhibitor: words('exhibitor'),
      service_provider: words('service_provider'),
    };
    this.dictionaryDigests = Object.fromEntries(
      DATASET_TYPES.map((type) => [type, runningFingerprint().update(assembleContext.dictionaries[type]).digest()]),
    ) as Record<DatasetType, Buffer>;
  }

  /** Every document of a listing: its pages the site holds (at least one), then its leaves and their map when it has them (listingSlots). */
  *documents(listing: PagedListing): Generator<OutputDocument> {
    for (const slot of listingSlots(listing)) {
      if ('map' in slot) {
        yield textDocument({ path: slot.path, content: leafMapText(listing.leaves!), timestamped: false });
        continue;
      }
      const body = 'leaf' in slot ? leafBody(listing, slot.leaf) : this.pageBody(listing, slot.page);
      yield {
        path: slot.path,
        body,
        fingerprint: this.fingerprint(body),
        size: bodySize(body, this.assembleContext),
        timestamped: true,
      };
    }
  }

  // Page `page` of a listing: its window of each kind, and its `_meta` but the dictionary.
  private pageBody({ type, matches, folder, held }: PagedListing, page: number): PageBody {
    const totals = totalsOf(matches);
    const window = staticPageWindow(totals, page, this.context.baseUrl, folderPages(folder), held);
    const arrays: PageBody['arrays'] = [];
    let count = 0;
    for (const kind of kindsOf(type)) {
      const ranks = (matches[kind] ?? []).slice(window.offset, window.offset + PAGE_SIZE);
      arrays.push([kind, ranks]);
      count += ranks.length;
    }
    const { entities: _, ...meta } = datasetMeta(
      { type, totals, count, ...window },
      { ...this.context, generatedAt: '' },
    );
    return { form: 'page', type, arrays, meta: JSON.stringify(meta) };
  }

  // SHA-1 of the layout, the meta, the dictionary's digest and the digests of the entities in order.
  private fingerprint(body: PageBody): string {
    const hash = runningFingerprint()
      .update(PAGE_LAYOUT)
      .update(body.meta)
      .update(body.bare ? LEAF_LAYOUT : this.dictionaryDigests[body.type]);
    for (const [kind, ranks] of body.arrays) {
      const words = this.digestWords[kind];
      const size = ranks.length * (DIGEST_BYTES / 4);
      if (this.scratch.length < size) this.scratch = new Uint32Array(size);
      let at = 0;
      for (const rank of ranks) {
        const from = rank * (DIGEST_BYTES / 4);
        for (let i = 0; i < DIGEST_BYTES / 4; i++) this.scratch[at++] = words[from + i]!;
      }
      // The kind by its index in KINDS, as fingerprints have always been made.
      hash.update(`[${KINDS.indexOf(kind)}:${ranks.length}]`).update(new Uint8Array(this.scratch.buffer, 0, size * 4));
    }
    return hash.digest('base64url');
  }
}

// A leaf of a listing: the entities `[from, to)` of a kind's matches, and `_meta` with its `generated_at` alone.
function leafBody({ type, matches }: PagedListing, { kind, from, to }: LeafSlot): PageBody {
  return { form: 'page', type, arrays: [[kind, matches[kind]!.slice(from, to)]], meta: LEAF_META, bare: true };
}

/**
 * A listing whose documents the site has: its type, matches per kind, the folder of its
 * pages, and, when the site holds only its first pages, those and its leaves (the writer's
 * threads render them, write/page-batch.ts).
 */
export interface PagedListing {
  type: DatasetType;
  matches: Partial<Record<Kind, readonly number[]>>;
  folder: string;
  /** The site holds only the first `held.depth` pages of this listing; absent: every page. */
  held?: HeldPages;
  /** The leaves of each kind (formats/listing-leaves.ts), when the listing has more pages than the site holds. */
  leaves?: LeafMap;
}

/** One document of a listing: a page, a leaf (the entities `[from, to)` of a kind's matches), or the map of its leaves. */
export type ListingSlot =
  { path: string; page: number } | { path: string; leaf: LeafSlot } | { path: string; map: true };

/** A leaf of a listing: the entities `[from, to)` of its matches of `kind`. */
export interface LeafSlot {
  kind: Kind;
  from: number;
  to: number;
}

/** How many documents {@link listingSlots} names, without naming them. */
export function listingDocumentCount(listing: PagedListing): number {
  const pages = heldPageCount(totalsOf(listing.matches), listing.held);
  if (listing.leaves === undefined) return pages;
  return pages + 1 + Object.values(listing.leaves).reduce((sum, { keys }) => sum + keys.length, 0);
}

/** The documents of a listing, in order: its pages the site holds, then, with leaves, each kind's leaves and their map. */
export function* listingSlots(listing: PagedListing): Generator<ListingSlot> {
  const pathOf = folderPages(listing.folder);
  const pages = heldPageCount(totalsOf(listing.matches), listing.held);
  for (let page = 1; page <= pages; page++) yield { path: pathOf(page), page };
  if (listing.leaves === undefined) return;
  for (const { kind, key, from, to } of eachLeaf(listing.leaves))
    yield { path: leafPath(listing.folder, kind, key), leaf: { kind, from, to } };
  yield { path: leafMapPath(listing.folder), map: true };
}

/**
 * `JSON.stringify(_meta.entities)` of a page of each type. Pages splice it in as the last
 * member of `_meta`, which is where {@link datasetMeta} puts it: checked here.
 */
export function pageDictionaries(context: ResponseContext): PageDictionaries {
  const dictionaries = {} as PageDictionaries;
  for (const type of DATASET_TYPES) {
    const meta = datasetMeta(
      { type, totals: {}, count: 0, limit: PAGE_SIZE, offset: 0, next: null, prev: null },
      context,
    );
    if (Object.keys(meta).at(-1) !== 'entities')
      throw new Error('datasetMeta() must put entities last: pages splice it in at the end of _meta');
    dictionaries[type] = JSON.stringify(meta.entities);
  }
  return dictionaries;
}
