/**
 * The door of `mcp/stdio` (the MCP server over stdio, for a site on disk or at a URL): what other rooms may use of it.
 */
export { serveMcp } from './server.js';
export { MAX_DOCUMENT_BYTES } from './site-fetch.js';
