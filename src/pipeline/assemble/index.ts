/**
 * The door of `pipeline/assemble` (document bytes spliced from entities serialized once: entities, listing pages, the
 * dump's parts): what other rooms may use of it.
 */
export { assemble } from './assemble.js';
export type { AssembleContext, DocumentBody } from './assemble.js';
export { dumpParts } from './dump-parts.js';
export type { DumpPart } from './dump-parts.js';
export {
  entityBytes,
  entityDigest,
  entityLength,
  entityVersion,
  packedKindBytes,
  restampVersion,
  serializeEntities,
  stampVersions,
} from './entity-store.js';
export type { EntityStore, KindBytes, ReusedEntities } from './entity-store.js';
export { countDocuments, emptyStats, stampBody, textDocument } from './output.js';
export type { OutputDocument, OutputFile, WriteStats } from './output.js';
export { PageRenderer, listingDocumentCount, listingSlots, pageDictionaries } from './pages.js';
export type { ListingSlot, PagedListing } from './pages.js';
