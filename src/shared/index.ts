/**
 * The door of `shared` (what every room may use: diagnostics, URL redaction, digests, retries, worker threads, garbage collection on demand): what
 * other rooms may use of it.
 */
export { resolveBaseUrl } from './base-url.js';
export { readBoundedBody } from './bounded-body.js';
export { collectGarbage } from './collect-garbage.js';
export { compiledWorkerUrl } from './compiled-worker.js';
export { UserError, formatDiagnostic, formatDiagnostics, hasErrors } from './diagnostics.js';
export type { Diagnostic } from './diagnostics.js';
export {
  DIGEST_BYTES,
  contentFingerprint,
  dumpPartDigest,
  entityBytesDigest,
  objectMd5,
  runningFingerprint,
} from './digests.js';
export { resolveKeyPrefix } from './key-prefix.js';
export { PACKAGE_VERSION } from './package-version.js';
export { redactUrl } from './redact-url.js';
export { backoffMs, isRetryableStatus } from './retry.js';
export { WorkerSlots } from './worker-slots.js';
