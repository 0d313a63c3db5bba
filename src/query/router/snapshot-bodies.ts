/**
 * The entity documents of a window as the snapshot that matched them served them
 * (docs/api.md#snapshots): the public document when its `_version` is the one the snapshot's ids
 * name, else the immutable copy of that body, which a rebuild keeps for the retention; never a
 * body newer or older than the index that matched it.
 */
import { bodyCopyPath, entityDocument, entityPath, SiteError, staticUrl } from '../formats/index.js';
import { versionOfBody } from '../search/index.js';
import type { Kind } from '../semantics/index.js';
import type { DocumentReader } from './document-reader.js';
import type { NamedEntity } from './ids-by-rank.js';

/**
 * The documents of the `named` entities of `kind`, each the body its version names, linked under `baseUrl`: taken from
 * `known` (texts by id, from listing documents) where one is that body, else read.
 */
export function snapshotBodies(
  reader: DocumentReader,
  kind: Kind,
  named: readonly NamedEntity[],
  baseUrl: string,
  known: ReadonlyMap<string, string> = new Map(),
): Promise<string[]> {
  return Promise.all(
    named.map(async ({ id, body }) => {
      const listed = known.get(id);
      if (listed !== undefined && versionOfBody(listed) === body) return listed;
      const path = entityPath(kind, id);
      const selfUrl = staticUrl(baseUrl, path);
      const served = await reader.optional(path);
      // A damaged document is named as such, whichever body the snapshot names.
      if (served !== undefined && versionOfBody(entityDocument(path, served, selfUrl)) === body) return served;
      const copy = bodyCopyPath(kind, id, body);
      const kept = await reader.optional(copy);
      if (kept === undefined)
        throw new SiteError(
          `${served === undefined ? `${path} is missing` : `${path} is not the body of ${id} the search index names`}, and its copy ${copy} is missing too: a cache in front of the site may hold another version of it for a few minutes (ask again later), or the site is damaged (rebuild it)`,
        );
      return entityDocument(copy, kept, selfUrl);
    }),
  );
}
