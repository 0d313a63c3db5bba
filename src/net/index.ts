/**
 * The door of `net` (fetching over the network under an origin guard: only the origins allowed, no internal address
 * unless named itself): what other rooms may use of it. The build's remote sources and the MCP server over stdio
 * fetch through it.
 */
export { internalKind } from './address-kind.js';
export { AddressRefused, createOriginGuard, fetchGuarded, parseOrigin } from './origin-guard.js';
export type { GuardWording, OriginGuard } from './origin-guard.js';
