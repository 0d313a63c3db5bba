/** The door of `mcp/stdio`: what other rooms may use of it. */
export { serveMcp } from './server.js';
