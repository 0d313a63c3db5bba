/**
 * Which documents a verify reads: every one, or, for the scheduled job (`verify
 * --changed`), those the last build changed (site/changed-documents.ts), what links
 * to them and what they link to (worked out by verify.ts), and a rotating share of the
 * rest. The share is one of `period` slots, a document's slot fixed by a hash of its
 * path; each run takes the next slot (site/rotation-state.ts), so
 * `period` runs in a row read every document at least once whatever changed.
 */
import { DEFAULT_ROTATION_PERIOD, readChangedDocuments, readNextSlot, writeNextSlot } from '../site/index.js';
import { hash53 } from '../query/semantics/index.js';

/** What a verify reads, besides what links to or from a changed document. */
export interface Selection {
  /** Every document is read. */
  everything: boolean;
  /** Documents the last build changed or removed. */
  changed: ReadonlySet<string>;
  /** Whether a document is in this run's share of the rotation. */
  inShare(file: string): boolean;
  /** This run's slot and the period, for the progress line. */
  slot: number;
  period: number;
}

/** Whether the selection names a document itself: every one, or one that changed, or one in this run's share. */
export function selects(selection: Selection, file: string): boolean {
  return selection.everything || selection.changed.has(file) || selection.inShare(file);
}

/** Reads every document. */
export const EVERYTHING: Selection = { everything: true, changed: new Set(), inShare: () => true, slot: 0, period: 1 };

/** The slot (0 ≤ slot < period) of a document's path. */
export function rotationSlot(file: string, period: number): number {
  return hash53(file) % period;
}

/**
 * The selection of `verify --changed` for the site in `root`: the last build's changes,
 * and the share of the rotation's next slot, which it records as taken. After a first
 * build (nothing to compare with) every document is read.
 */
export async function changedSelection(root: string, period = DEFAULT_ROTATION_PERIOD): Promise<Selection> {
  if (!Number.isInteger(period) || period < 1)
    throw new RangeError(`the rotation period must be a whole number of runs, at least 1 (got ${period})`);
  const last = await readChangedDocuments(root);
  const slot = (await readNextSlot(root)) % period;
  await writeNextSlot(root, (slot + 1) % period);
  if (last.everything) return { ...EVERYTHING, slot, period };
  return {
    everything: false,
    changed: new Set([...last.changed, ...last.removed]),
    inShare: (file) => rotationSlot(file, period) === slot,
    slot,
    period,
  };
}
