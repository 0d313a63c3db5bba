/**
 * The door of `pipeline/sources` (stage 1, load: the source files (or a URL) read into raw records): what other rooms
 * may use of it.
 */
export { MAX_SOURCE_FILE_BYTES, loadSources } from './load.js';
export type { LoadedSources } from './load.js';
export type { RawRecord } from './raw-record.js';
export { fetchSources, isRemote } from './remote-sources.js';
export type { FetchPolicy } from './remote-sources.js';
