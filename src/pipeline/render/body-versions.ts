/**
 * The version each body a rebuild serializes carries (docs/api.md#snapshots): a body the previous build made as this
 * one would keeps its bytes, and so its version (record-cache.ts); a body made anew gets this build's version, but
 * where it is, but for its version, the body the previous build served (its record cache lost or discarded by a new
 * code, or an entity made anew for what it depends on that did not change what it says). That one keeps its previous
 * version, and with it every document of the search index naming it and its copy: a rebuild rewrites the bodies
 * that changed, not those it made again.
 */
import { entityPath } from '../../query/formats/index.js';
import { type Dataset } from '../../query/dataset/index.js';
import { versionOfBodyBytes } from '../../query/search/index.js';
import { KINDS } from '../../query/semantics/index.js';
import { DIGEST_BYTES } from '../../shared/index.js';
import type { Manifest } from '../../site/index.js';
import {
  entityBytes,
  entityDigest,
  entityVersion,
  restampVersion,
  type EntityStore,
  type KindBytes,
} from '../assemble/index.js';
import type { PreviousRecords } from '../cache/index.js';

/**
 * Gives back its previous version to each body of `store` made with `version` whose entity document `previous` (the
 * previous build's manifest) lists with the fingerprint this body has when it carries the version the previous
 * build's body (from its dump, in `records`) carried.
 */
export function keepUnchangedVersions(
  dataset: Dataset,
  store: EntityStore,
  version: string,
  previous: Manifest,
  records: PreviousRecords,
): void {
  for (const kind of KINDS) {
    const prior = records[kind]?.bytes;
    if (prior === undefined) continue;
    let priorRanks: Map<string, number> | undefined;
    const entities = dataset.entities[kind];
    for (let rank = 0; rank < entities.length; rank++) {
      if (entityVersion(store, kind, rank) !== version) continue;
      const before = previous.get(entityPath(kind, entities[rank]!.id))?.[0];
      if (before === undefined) continue;
      priorRanks ??= ranksByDigest(prior);
      const priorRank = priorRanks.get(before);
      const priorVersion = priorRank === undefined ? undefined : versionOfBodyBytes(entityBytes(prior, priorRank));
      if (priorVersion === undefined || priorVersion === version) continue;
      restampVersion(store, kind, rank, priorVersion);
      if (entityDigest(store, kind, rank) !== before) restampVersion(store, kind, rank, version);
    }
  }
}

// The rank of each of a kind's previous bodies by its digest, as the manifest gives an entity document's fingerprint.
function ranksByDigest(prior: KindBytes): Map<string, number> {
  const digests = Buffer.from(prior.digests.buffer, prior.digests.byteOffset, prior.digests.byteLength);
  const ranks = new Map<string, number>();
  for (let rank = 0; rank * DIGEST_BYTES < digests.length; rank++)
    ranks.set(digests.toString('base64url', rank * DIGEST_BYTES, (rank + 1) * DIGEST_BYTES), rank);
  return ranks;
}
