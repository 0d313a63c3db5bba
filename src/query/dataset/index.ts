/**
 * The door of `query/dataset` (the dataset in memory: every query answered by the semantics and the search index, the
 * reference every host is held to, and what the build renders from): what other rooms may use of it.
 */
export { Dataset } from './dataset.js';
