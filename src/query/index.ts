/**
 * The query semantics of dataset-site, with no Node dependency: parameters, matching,
 * order, pagination, search, static paths, and the router that answers the query form
 * from a built site. Runs in Node, browsers and edge runtimes.
 */
export * from './answer.js';
export * from './dataset.js';
export * from './errors.js';
export * from './fetch-store.js';
export * from './filter-ranks.js';
export * from './http.js';
export * from './kinds.js';
export * from './meta.js';
export * from './order.js';
export * from './params.js';
export * from './paths.js';
export * from './query-answer.js';
export * from './ranks-codec.js';
export * from './router.js';
export * from './search.js';
export * from './site-path.js';
export type * from './store.js';
export * from './text.js';
export type * from './types.js';
