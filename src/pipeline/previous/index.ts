/**
 * The door of `pipeline/previous` (what the previous build left, read once as a build starts): what other rooms may use
 * of it.
 */
export { readPreviousBuild } from './previous-build.js';
export type { PreviousBuild } from './previous-build.js';
