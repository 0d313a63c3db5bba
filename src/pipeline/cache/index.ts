/** The door of `pipeline/cache`: what other rooms may use of it. */
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
