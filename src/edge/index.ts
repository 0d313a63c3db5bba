/**
 * The door of `edge` (the code that runs at the edge: the Cloudflare Pages worker, the Worker over R2, its store over the
 * bucket and the record it keeps there): what other rooms may use of it. Nothing here imports Node: each worker is
 * bundled into one module (scripts/bundle-worker.ts), apart from the host files the build writes (hosts/).
 */
export { R2_KEPT_BYTES, R2_READS_IN_FLIGHT, r2Store } from './r2-store.js';
export type { R2BucketLike } from './r2-store.js';
export { parseWorkerRecord, recordWorker, workerRecordText } from './worker-record.js';
export type { RecordBucket } from './worker-record.js';
