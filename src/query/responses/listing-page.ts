/**
 * A listing or relation page (docs/api.md#listing-pages): the arrays of the kinds of its
 * type, then `_meta`. The build splices pages from serialized entities
 * (pipeline/assemble/assemble.ts); this is how readers take them back.
 */
import {
  COLLECTIONS,
  FILTERS,
  filterKey,
  filterValues,
  normalize,
  type Entity,
  type FilterValues,
  type IndustryNames,
  type Kind,
} from '../semantics/index.js';
import type { DatasetResponse } from './dataset-response.js';
import { PAGE_SIZE, parseDocument, SiteError } from '../formats/index.js';

/**
 * Parses page `page` of the listing of `kind` under `filters`, read at `path`: it must tell
 * the total of `kind` in `_meta.totals`, and be that page of that listing (its kind and
 * offset, and entities that pass its filters, an industry by any of its `names`), not another document a host answered the path with.
 */
export function parseListingPage(
  path: string,
  text: string,
  kind: Kind,
  filters: FilterValues,
  page: number,
  names: IndustryNames,
): DatasetResponse {
  const document = parseDocument<DatasetResponse>(path, text);
  const collection = COLLECTIONS[kind];
  if (typeof document._meta?.totals?.[collection] !== 'number')
    throw new SiteError(`${path} has no _meta.totals; rebuild the site`);
  const wrong = (what: string) =>
    new SiteError(
      `${path} is not page ${page} of the ${kind} listing it names (${what}): the host answers this path with another document; check its rewrite or fallback rules, or rebuild the site`,
    );
  if (document._meta.type !== kind) throw wrong(`its _meta.type is ${JSON.stringify(document._meta.type)}`);
  if (document._meta.offset !== (page - 1) * PAGE_SIZE) throw wrong(`its _meta.offset is ${document._meta.offset}`);
  checkEntities(document[collection], kind, filters, names, wrong);
  return document;
}

/** What a listing's leaf holds (formats/listing-leaves.ts): its entities, and its `generated_at`. */
export interface ListingLeaf {
  entities: Entity[];
  generatedAt: unknown;
}

/**
 * Parses a leaf of the listing of `kind` under `filters`, read at `path`, which its map says
 * holds `count` entities: it must hold that many, each passing the listing's filters.
 */
export function parseListingLeaf(
  path: string,
  text: string,
  kind: Kind,
  filters: FilterValues,
  count: number,
  names: IndustryNames,
): ListingLeaf {
  const document = parseDocument<Record<string, unknown> & { _meta?: { generated_at?: unknown } }>(path, text);
  const wrong = (what: string) =>
    new SiteError(
      `${path} is not the leaf of the ${kind} listing its map names (${what}): the host answers this path with another document, or holds two builds' documents; rebuild or publish the site again`,
    );
  const entities = document[COLLECTIONS[kind]];
  checkEntities(entities, kind, filters, names, wrong);
  if (entities.length !== count) throw wrong(`it holds ${entities.length} entities, its map says ${count}`);
  return { entities, generatedAt: document._meta?.generated_at };
}

// Each of `entities` has an id and passes the listing's filters (an industry by any of its names).
function checkEntities(
  entities: unknown,
  kind: Kind,
  filters: FilterValues,
  names: IndustryNames,
  wrong: (what: string) => SiteError,
): asserts entities is Entity[] {
  if (!Array.isArray(entities)) throw wrong(`it has no ${COLLECTIONS[kind]}`);
  for (const entity of entities as Entity[]) {
    if (typeof entity?.id !== 'string') throw wrong('an entity has no id');
    const failed = FILTERS.find(
      (filter) =>
        filters[filter] !== undefined &&
        !filterValues(kind, filter, entity, names).includes(filterKey(filter, normalize(filters[filter]!), names)),
    );
    if (failed !== undefined) throw wrong(`${kind} ${entity.id} does not hold ${failed} ${filters[failed]}`);
  }
}
