/** The door of `query/router` (the query form over any DocumentStore): what other rooms may use of it. */
export { preflightResponse } from './conditional.js';
export { fetchFailureReason, fetchStore } from './fetch-store.js';
export type { FetchLike } from './fetch-store.js';
export type { RouterRequest, RouterResponse } from './http.js';
export { uriTooLongMessage } from './long-url.js';
export { createRouter, refuseRequest } from './router.js';
export type { Router, RouterOptions } from './router.js';
export type { DocumentStore } from './store.js';
