/** The door of `verify`: what other rooms may use of it. */
export { verifySite } from './verify.js';
export type { VerifyOptions, VerifyResult } from './verify.js';
