/**
 * The rotation of header checks: a bucket's listing shows each object's ETag, size and
 * time, not the headers it is served with, so each publish reads the headers (one HEAD
 * request an object) of a share of the objects, such that every object is read within a
 * day of publishes. The day is cut in {@link ROTATION_SLOTS} slots of about 5.6 minutes (a power of two, for the hash), an object
 * falls in one by a hash of its path, and a publish reads the objects of every slot since
 * the last publish that did (all of them after a day or more), so that late or skipped
 * runs miss none.
 */
import { shardOf } from '../site/index.js';

const DAY_MS = 86_400_000;
/** Slots of a day: about one a 5-minute run. */
export const ROTATION_SLOTS = 256;
const SLOT_MS = DAY_MS / ROTATION_SLOTS;

/**
 * Whether the object at `path` is due for a header check in a publish at `now`, when the
 * last rotation ran at `lastAt` (`undefined`: never, and only this slot is due).
 */
export function headersDue(lastAt: number | undefined, now: number): (path: string) => boolean {
  if (lastAt !== undefined && now - lastAt >= DAY_MS) return () => true;
  const [from, to] = [lastAt === undefined ? slotAt(now) : (slotAt(lastAt) + 1) % ROTATION_SLOTS, slotAt(now)];
  if (lastAt !== undefined && slotAt(lastAt) === to && now - lastAt < SLOT_MS) return () => false;
  return (path) => {
    const slot = shardOf(path, ROTATION_SLOTS);
    // The slots from `from` through `to`, round the end of the day.
    return from <= to ? slot >= from && slot <= to : slot >= from || slot <= to;
  };
}

function slotAt(time: number): number {
  return Math.floor((((time % DAY_MS) + DAY_MS) % DAY_MS) / SLOT_MS);
}
