/**
 * The door of `hosts` (the files written for hosts (Pages, nginx) and the Worker over R2 with the record of the formats
 * it reads): what other rooms may use of it.
 */
export { HOST_CONFIG_FILES, HOST_FILES, renderHostFiles } from './host-files.js';
export { initDeploy } from './init-deploy.js';
export type { DeployFile, InitDeployOptions } from './init-deploy.js';
export { R2_READS_IN_FLIGHT, r2Store } from './r2-store.js';
export type { R2BucketLike } from './r2-store.js';
export { parseWorkerRecord, recordWorker, workerRecordText } from './worker-record.js';
export type { RecordBucket } from './worker-record.js';
