/**
 * The door of `site` (the built site, shared by build, verify and publish: reading it back and its own state files):
 * what other rooms may use of it.
 */
export { carryState } from './carried-state.js';
export { readChangedDocuments, serializeChangedDocuments } from './changed-documents.js';
export { SiteGenerations, firstGeneration } from './generations.js';
export { linkOrderGroups } from './link-order.js';
export { manifestFiles, readManifest } from './manifest.js';
export { manifestOfFolder } from './manifest-folder.js';
export type { Manifest, ManifestEntry, ManifestFiles } from './manifest.js';
export { PARTIAL_SITE_TEXT, absentDocuments, assertWholeSite, isPartialSite } from './partial-site.js';
export { queryDataset } from './query-dataset.js';
export type { QueryOptions, QueryResult } from './query-dataset.js';
export { readSchemaDescription, readSite } from './read-site.js';
export { DEFAULT_ROTATION_PERIOD, readNextSlot, writeNextSlot } from './rotation-state.js';
export type { SiteOnDisk } from './read-site.js';
export { listSiteFiles, unbuiltFiles } from './site-files.js';
export { readIdsBySlot, readSlotState, slotStateFiles } from './site-slots.js';
export type { SlotStateFile } from './site-slots.js';
export { SITE_FORMAT_TEXT, holdsSiteFormat, readSiteFormat } from './site-format-file.js';
export {
  isShardCount,
  parseShards,
  readShards,
  shardChanges,
  shardCount,
  shardFiles,
  shardOf,
} from './state-shards.js';
export type { StateMap } from './state-shards.js';
export { currentJson, readVersioned } from './state-version.js';
