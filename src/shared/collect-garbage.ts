/**
 * A full garbage collection on demand, for the end of a stage whose garbage is large. V8
 * lets a heap grow to up to four times what its last full collection kept before it collects
 * again, on a machine of several gigabytes: the build's first collection after loading keeps
 * about 300 MB at L and the next is not due before about 1.2 GB, most of it the loaded,
 * validated and modeled records' garbage, while the term threads grow beside it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/** Collects all garbage of this thread's heap now (a full, stop-the-world collection). */
export function collectGarbage(): void {
  if (collect === undefined) {
    // The flag takes effect in contexts made after it: a new context's `gc`, not this one's global.
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
