/**
 * The query semantics of dataset-site, with no Node dependency: parameters, matching,
 * order, pagination, search and static paths. Runs in Node, browsers and edge runtimes.
 */
export * from './answer.js';
export * from './dataset.js';
export * from './errors.js';
export * from './kinds.js';
export * from './meta.js';
export * from './order.js';
export * from './params.js';
export * from './paths.js';
export * from './search.js';
export * from './text.js';
export type * from './types.js';
