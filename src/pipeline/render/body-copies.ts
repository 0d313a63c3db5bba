/**
 * The immutable copies of entity bodies a rebuild writes (docs/api.md#snapshots), so that a
 * reader of a retained snapshot gets the body that snapshot named after the public document
 * has moved on, and a reader of this snapshot gets this build's body while a cache in front of
 * the site still holds the previous one: for each entity whose document this build adds,
 * changes or removes, the body the previous build served (read from its dump) and the one this
 * build serves, each at `search/{kind}/bodies/{id}~{digest}.json`. A first build writes none:
 * no snapshot came before it. Each copy is kept for the retention after the last build that
 * wrote it (retention.ts).
 */
import { API_ROOT, bodyCopyPathOf, entityPath } from '../../query/formats/index.js';
import { bodyDigestOf } from '../../query/search/index.js';
import { type Dataset } from '../../query/dataset/index.js';
import { COLLECTIONS, KINDS, type Kind } from '../../query/semantics/index.js';
import { DIGEST_BYTES } from '../../shared/index.js';
import type { Manifest } from '../../site/index.js';
import {
  entityBytes,
  entityDigest,
  entityLength,
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
    // The previous bodies to copy, by fingerprint: the path of each copy.
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
        path: copyPath(kind, path, fingerprint),
        body: { form: 'entity', kind, rank },
        fingerprint,
        size: entityLength(store.bytes[kind], rank),
        timestamped: false,
      });
      if (before !== undefined) replaced.set(before, copyPath(kind, path, before));
    }
    const folder = `${API_ROOT}/${COLLECTIONS[kind]}/`;
    for (const [path, [fingerprint]] of previous)
      if (path.startsWith(folder) && !current.has(path)) replaced.set(fingerprint, copyPath(kind, path, fingerprint));
    const bytes = records[kind]?.bytes;
    if (bytes !== undefined && replaced.size > 0) copies.push(...previousBodies(bytes, replaced));
  }
  return copies;
}

// The copy of the body of fingerprint `fingerprint` of the entity whose document is at `path`.
function copyPath(kind: Kind, path: string, fingerprint: string): string {
  return bodyCopyPathOf(kind, path, bodyDigestOf(fingerprint));
}

// The previous build's bodies whose fingerprints `wanted` names, each as a document at its path there.
function previousBodies(bytes: KindBytes, wanted: ReadonlyMap<string, string>): OutputDocument[] {
  const digests = Buffer.from(bytes.digests.buffer, bytes.digests.byteOffset, bytes.digests.byteLength);
  const found: OutputDocument[] = [];
  for (let rank = 0; rank * DIGEST_BYTES < digests.length; rank++) {
    const path = wanted.get(digests.toString('base64url', rank * DIGEST_BYTES, (rank + 1) * DIGEST_BYTES));
    if (path !== undefined)
      found.push(textDocument({ path, content: Buffer.from(entityBytes(bytes, rank)), timestamped: false }));
  }
  return found;
}
