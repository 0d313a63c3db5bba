/** The door of `mcp`: what other rooms may use of it. */
export { clippingEchoes } from './answers.js';
export { datasetMcpServer } from './dataset-server.js';
export { createMcpEndpoint } from './http.js';
