/**
 * The door of `pipeline/write` (stage 6, write: staging, the writer threads, the journal and the swap-in): what other
 * rooms may use of it.
 */
export { lockOutput } from './build-lock.js';
export { assertNoInterruptedBuild } from './interrupted-build.js';
export { applyChanges } from './journal.js';
export { journalPath, siblingPath } from './siblings.js';
export { recoverSite } from './swap-in.js';
export { writeSite } from './write.js';
