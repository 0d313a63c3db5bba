/** The door of `mcp/stdio`: what other rooms may use of it. */
export { serveMcp } from './server.js';
export { MAX_DOCUMENT_BYTES } from './site-fetch.js';
