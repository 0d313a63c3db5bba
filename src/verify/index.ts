/**
 * The door of `verify` (checks a built site against the reference read from its dumps): what other rooms may use of it.
 */
export { verifySite } from './verify.js';
export type { VerifyOptions, VerifyResult } from './verify.js';
