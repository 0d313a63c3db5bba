/**
 * Listing pages rendered in the writer threads: the main thread hands over a batch of
 * listings with each page's entry in the previous manifest; a writer thread renders the
 * pages (pages.ts), writes those whose fingerprint changed into the staging folder (or,
 * on a second pass into a new folder, links those that did not) and answers with every
 * page's fingerprint and size. Rendering the pages, most of a site's documents, so runs
 * on every core.
 */
import type { ManifestEntry } from '../../site/index.js';
import { stampBody, type PagedListing, type PageRenderer } from '../assemble/index.js';
import type { TaskWriter } from './write-task.js';

/** Listings for a writer thread to render, and what to do with their pages. */
export interface PageBatch {
  listings: PagedListing[];
  /** Each page's entry in the previous manifest, in order, `null` for a new one. */
  previous: (ManifestEntry | null)[];
  /** `stage`: write the new and changed pages; `link`: link the unchanged ones from the previous site. */
  mode: 'stage' | 'link';
  /** `generated_at` of a page whose content changed. */
  generatedAt: string;
  /** `stage` in a folder holding only the build's own files: the unchanged pages are written too, with their previous `generated_at`. */
  rewriteUnchanged?: boolean;
}

/** Each page's fingerprint and size (with an empty `generated_at`), in order. */
export interface PageBatchReply {
  fingerprints: string[];
  sizes: number[];
}

/** Renders a batch's pages and writes (or links) those its mode says. */
export function runPageBatch(batch: PageBatch, renderer: PageRenderer, writer: TaskWriter): PageBatchReply {
  const reply: PageBatchReply = { fingerprints: [], sizes: [] };
  let i = 0;
  for (const listing of batch.listings) {
    for (const page of renderer.documents(listing)) {
      const [fingerprintBefore, generatedAtBefore = ''] = batch.previous[i++] ?? [];
      const same = fingerprintBefore === page.fingerprint;
      if (batch.mode === 'stage' && (!same || batch.rewriteUnchanged))
        writer.run({ path: page.path, body: stampBody(page, same ? generatedAtBefore : batch.generatedAt), reuse: -1 });
      if (batch.mode === 'link' && same)
        writer.run({
          path: page.path,
          body: stampBody(page, generatedAtBefore),
          reuse: page.size + Buffer.byteLength(generatedAtBefore),
        });
      reply.fingerprints.push(page.fingerprint);
      reply.sizes.push(page.size);
    }
  }
  // The sender counted the pages to name them: a different count would misname every answer.
  if (i !== batch.previous.length) throw new Error(`a batch of ${batch.previous.length} pages rendered ${i}`);
  return reply;
}
