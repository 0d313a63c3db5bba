/**
 * The door of `mcp` (the MCP server for agents in any runtime: its tools, and POST /mcp over a host's router): what
 * other rooms may use of it.
 */
export { clippingEchoes } from './answers.js';
export { datasetMcpServer } from './dataset-server.js';
export { createMcpEndpoint, rpcError } from './http.js';
export { mcpAnswerer, type AdmittedRequest, type McpAnswerer } from './http-answer.js';
export type { CallSlot } from './http-bounds.js';
