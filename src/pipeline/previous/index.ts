/** The door of `pipeline/previous`: what other rooms may use of it. */
export { readPreviousBuild } from './previous-build.js';
export type { PreviousBuild } from './previous-build.js';
