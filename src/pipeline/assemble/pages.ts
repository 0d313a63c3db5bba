/**
 * Listing pages as documents: the `_meta` of each page and which entities it splices in,
 * with a fingerprint computed from the entities' digests, so deciding whether a page
 * changed since the previous build costs no assembling and no hashing of its bytes.
 */
import { PAGE_SIZE } from '../../query/formats/index.js';
import {
  datasetMeta,
  type ResponseContext,
  totalsOf,
  pageCount,
  staticPageWindow,
} from '../../query/responses/index.js';
import { DATASET_TYPES, KINDS, kindsOf, type DatasetType, type Kind } from '../../query/semantics/index.js';
import { bodySize, type AssembleContext, type PageBody, type PageDictionaries } from './assemble.js';

import type { OutputDocument } from './output.js';
import { DIGEST_BYTES, runningFingerprint } from '../../shared/index.js';

// Part of every page fingerprint: change it whenever assemble() lays pages out differently.
const PAGE_LAYOUT = 'page-layout-1';

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

  /** Every page (at least one) of a listing of `type` with these matches; `pathOf` names page n. */
  *pages(
    type: DatasetType,
    matches: Partial<Record<Kind, readonly number[]>>,
    pathOf: (page: number) => string,
  ): Generator<OutputDocument> {
    const totals = totalsOf(matches);
    const pages = pageCount(totals);
    for (let page = 1; page <= pages; page++) {
      const window = staticPageWindow(totals, page, this.context.baseUrl, pathOf);
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
      const body: PageBody = { form: 'page', type, arrays, meta: JSON.stringify(meta) };
      yield {
        path: pathOf(page),
        body,
        fingerprint: this.fingerprint(body),
        size: bodySize(body, this.assembleContext),
        timestamped: true,
      };
    }
  }

  // SHA-1 of the layout, the meta, the dictionary's digest and the digests of the entities in order.
  private fingerprint(body: PageBody): string {
    const hash = runningFingerprint().update(PAGE_LAYOUT).update(body.meta).update(this.dictionaryDigests[body.type]);
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

/** How many pages (at least one) {@link PageRenderer.pages} renders for these matches. */
export function listingPageCount(matches: Partial<Record<Kind, readonly number[]>>): number {
  return pageCount(totalsOf(matches));
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
