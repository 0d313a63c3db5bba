/** The door of `verify`: what other rooms may use of it. */
export { DEFAULT_ROTATION_PERIOD } from './selection.js';
export { verifySite } from './verify.js';
export type { VerifyOptions, VerifyResult } from './verify.js';
