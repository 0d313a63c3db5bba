/**
 * The door of `pipeline/cache` (the record cache (what a rebuild takes from the previous build's dumps) and the code
 * fingerprint): what other rooms may use of it.
 */
export { codeFingerprint } from './code-fingerprint.js';
export {
  noOrigins,
  previousFields,
  readPreviousRecords,
  recordCacheFiles,
  reusedCount,
  reusedEntities,
  sourceKey,
} from './record-cache.js';
export type { CacheScope, PreviousRecords, RecordOrigin, RecordOrigins } from './record-cache.js';
export { readTermCache, termCacheFiles } from './term-cache.js';
export type { TermCaches } from './term-cache.js';
export { DAMAGED_TERM_CACHE, entryKeys, KnownEntries, knownRanks, pieceCache, readPieceCache } from './term-entries.js';
export type { PieceCache, ReadPieceCache } from './term-entries.js';
