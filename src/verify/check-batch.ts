/**
 * The checks that read a site's documents: each listing page against its skeleton, each
 * entity document against its dump line. They run in batches, in worker threads
 * (check-pool.ts) or in the calling thread, each document read once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { KINDS } from '../query/semantics/index.js';
import { matchesSkeleton, type PageSkeleton } from './page-skeleton.js';
import type { DumpLines } from './reference-dumps.js';

/** What every check reads besides the document: the site's folder and the dumps' lines. */
export interface CheckContext {
  root: string;
  lines: DumpLines[];
}

/** One document to check: a page against its skeleton, or an entity document against the line of the entity of that kind (index in KINDS) and rank. */
export type Check = { page: PageSkeleton } | { entity: string; kind: number; rank: number };

/** A document that failed its check. */
export interface CheckOutcome {
  file: string;
  found: 'missing' | 'differs';
  /** The index in KINDS of an entity document's kind; absent for a page. */
  kind?: number;
}

/** The dump lines of every kind, in KINDS order, for a {@link CheckContext}. */
export function checkContext(root: string, lines: Record<(typeof KINDS)[number], DumpLines>): CheckContext {
  return { root, lines: KINDS.map((kind) => lines[kind]) };
}

/** Runs a batch of checks; returns the documents that failed. */
export function runChecks(checks: readonly Check[], context: CheckContext): CheckOutcome[] {
  const views = context.lines.map(({ bytes }) => Buffer.from(bytes));
  const line = (kind: number, rank: number): Uint8Array => {
    const spans = context.lines[kind]!.spans;
    return views[kind]!.subarray(spans[2 * rank]!, spans[2 * rank]! + spans[2 * rank + 1]!);
  };
  const outcomes: CheckOutcome[] = [];
  for (const check of checks) {
    const file = 'page' in check ? check.page.file : check.entity;
    const kind = 'page' in check ? undefined : check.kind;
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(context.root, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      outcomes.push({ file, found: 'missing', kind });
      continue;
    }
    const same =
      'page' in check ? matchesSkeleton(bytes, check.page, line) : bytes.equals(line(check.kind, check.rank));
    if (!same) outcomes.push({ file, found: 'differs', kind });
  }
  return outcomes;
}
