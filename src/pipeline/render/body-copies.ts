/**
 * The immutable copies of entity bodies a rebuild writes (docs/api.md#snapshots), so that a
 * reader of a retained snapshot gets the body that snapshot named after the public document
 * has moved on, and a reader of this snapshot gets this build's body while a cache in front of
 * the site still holds the previous one: for each entity whose document this build adds,
 * changes or removes, the body the previous build served (read from its dump) and the one this
 * build serves, each at `search/{kind}/bodies/{id}~{version}.json`, named by the version the body ends with. A first build writes none:
 * no snapshot came before it. Each copy is kept for the retention after the last build that
 * wrote it (retention.ts).
 */
import { API_ROOT, bodyCopyPathOf, entityPath } from '../../query/formats/index.js';
import { versionOfBodyBytes } from '../../query/search/index.js';
import { type Dataset } from '../../query/dataset/index.js';
import { COLLECTIONS, KINDS, type Kind } from '../../query/semantics/index.js';
import { DIGEST_BYTES } from '../../shared/index.js';
import type { Manifest } from '../../site/index.js';
import {
  entityBytes,
  entityDigest,
  entityLength,
  entityVersion,
  textDocument,
  type EntityStore,
  type KindBytes,
  type OutputDocument,
} from '../assemble/index.js';
import type { PreviousRecords } from '../cache/index.js';

/**
 * The copies of the bodies of the entities whose documents differ from those `previous` (the previous build's
 * manifest) lists: this build's from `store`, the previous build's from its dump in `records` (none for an entity
 * it does not hold, as after a change of the base URL or the served layout).
 */
export function bodyCopies(
  dataset: Dataset,
  store: EntityStore,
  previous: Manifest | undefined,
  records: PreviousRecords = {},
): OutputDocument[] {
  if (previous === undefined || previous.size === 0) return [];
  const copies: OutputDocument[] = [];
  for (const kind of KINDS) {
    // The previous bodies to copy, by fingerprint: the path of each one's entity document.
    const replaced = new Map<string, string>();
    const entities = dataset.entities[kind];
    const current = new Set<string>();
    for (let rank = 0; rank < entities.length; rank++) {
      const path = entityPath(kind, entities[rank]!.id);
      current.add(path);
      const fingerprint = entityDigest(store, kind, rank);
      const before = previous.get(path)?.[0];
      if (before === fingerprint) continue;
      copies.push({
        path: bodyCopyPathOf(kind, path, entityVersion(store, kind, rank)),
        body: { form: 'entity', kind, rank },
        fingerprint,
        size: entityLength(store.bytes[kind], rank),
        timestamped: false,
      });
      if (before !== undefined) replaced.set(before, path);
    }
    const folder = `${API_ROOT}/${COLLECTIONS[kind]}/`;
    for (const [path, [fingerprint]] of previous)
      if (path.startsWith(folder) && !current.has(path)) replaced.set(fingerprint, path);
    const bytes = records[kind]?.bytes;
    if (bytes !== undefined && replaced.size > 0) copies.push(...previousBodies(kind, bytes, replaced));
  }
  return copies;
}

// The copies of the previous build's bodies whose fingerprints `wanted` names with their entity documents' paths (none of
// a body without a version: an earlier format's, which no snapshot of this format names).
function previousBodies(kind: Kind, bytes: KindBytes, wanted: ReadonlyMap<string, string>): OutputDocument[] {
  const digests = Buffer.from(bytes.digests.buffer, bytes.digests.byteOffset, bytes.digests.byteLength);
  const found: OutputDocument[] = [];
  for (let rank = 0; rank * DIGEST_BYTES < digests.length; rank++) {
    const path = wanted.get(digests.toString('base64url', rank * DIGEST_BYTES, (rank + 1) * DIGEST_BYTES));
    if (path === undefined) continue;
    const body = entityBytes(bytes, rank);
    const version = versionOfBodyBytes(body);
    if (version !== undefined)
      found.push(
        textDocument({ path: bodyCopyPathOf(kind, path, version), content: Buffer.from(body), timestamped: false }),
      );
  }
  return found;
}
