/**
 * The one place that maps a listing, an entity or a dump to its static path (the search index's
 * documents are mapped in search/search-paths.ts)
 * (docs/api.md#static-paths). Every path is relative to the site root and uses `/`; every
 * segment made from data is escaped by {@link encodeSegment}, so no value can reach
 * outside its folder.
 */
import {
  type FilterValues,
  COLLECTIONS,
  DATASET_TYPES,
  FILTERS,
  type DatasetType,
  type Filter,
  type Kind,
  isQueryFilter,
  kindOfCollection,
  normalize,
  type QueryFilter,
} from '../semantics/index.js';
import { decodeSegment, encodeIdSegment, encodeSegment } from './segments.js';
import { API_ROOT } from './urls.js';

/** Entities per precomputed page (listings and relation listings). */
export const PAGE_SIZE = 100;

/** Static path of the schema document. */
export const SCHEMA_PATH = `${API_ROOT}/schema.json`;

/** Static path of the OpenAPI 3.1 document of the API. */
export const OPENAPI_PATH = `${API_ROOT}/openapi.json`;

/** The two relation listings of an exhibition. */
export type Relation = 'exhibitors' | 'providers';

/** Static path of one page (1-based) of a dataset listing. Filter values are normalized here. */
export function listingPath(type: DatasetType, filters: FilterValues, page: number): string {
  return folderPages(listingFolder(type, filters))(page);
}

/** The path of each page of the listing whose pages are in `folder` (a listing's or a relation's), the folder escaped once. */
export function folderPages(folder: string): (page: number) => string {
  return (page) => `${folder}/${page}.json`;
}

/** Folder holding the pages of one dataset listing. */
export function listingFolder(type: DatasetType, filters: FilterValues): string {
  let path = `${API_ROOT}/dataset/${type}`;
  for (const filter of FILTERS) {
    const value = filters[filter];
    if (value !== undefined) path += `/${filter}/${encodeSegment(normalize(value))}`;
  }
  return path;
}

/** Static path of an entity document, the entity exactly as listed. */
export function entityPath(kind: Kind, id: string): string {
  return `${API_ROOT}/${COLLECTIONS[kind]}/${encodeIdSegment(id)}.json`;
}

/** What a relation path is made of: the exhibition's id, and its country and city for its providers. */
export interface RelationSubject {
  id: string;
  country?: unknown;
  city?: unknown;
}

/**
 * Static path of one page (1-based) of an exhibition's relation listing. Its exhibitors
 * are its own; the providers covering its country or city are the same for every
 * exhibition in that place, so they are one listing per place (pages would otherwise be
 * repeated for every exhibition there): `regions/{country}/{city}/providers/`, each value
 * normalized and escaped, `~` when absent.
 */
export function relationPath(exhibition: RelationSubject, relation: Relation, page: number): string {
  return folderPages(relationFolder(exhibition, relation))(page);
}

/** Folder holding the pages of one relation listing. */
export function relationFolder(exhibition: RelationSubject, relation: Relation): string {
  if (relation === 'exhibitors') return `${API_ROOT}/exhibitions/${encodeIdSegment(exhibition.id)}/exhibitors`;
  return `${API_ROOT}/regions/${placeSegment(exhibition.country)}/${placeSegment(exhibition.city)}/providers`;
}

// encodeSegment('') is '~', which no non-empty value escapes to.
function placeSegment(value: unknown): string {
  return encodeSegment(typeof value === 'string' ? normalize(value) : '');
}

/** The folder of the bulk dumps: each kind's index, and a folder of its parts. */
export const DUMPS_FOLDER = `${API_ROOT}/dumps`;

/** Static path of the index of a kind's bulk dump: the document listing its parts (dump-index.ts). */
export function dumpIndexPath(kind: Kind): string {
  return `${DUMPS_FOLDER}/${COLLECTIONS[kind]}.json`;
}

/** Static path of one part of a kind's bulk dump (one entity a line), named by its key, or of its gzip copy. */
export function dumpPartPath(kind: Kind, key: string, gzip = false): string {
  return `${DUMPS_FOLDER}/${COLLECTIONS[kind]}/${key}.ndjson${gzip ? '.gz' : ''}`;
}

/** Characters of a dump part's key: hex digits of a hash of its entities' digests (pipeline/assemble/dump-parts.ts). */
export const DUMP_PART_KEY_LENGTH = 16;
/** A dump part's key, as the source of a regular expression (for a path and for OpenAPI's pattern). */
export const DUMP_PART_KEY = `[0-9a-f]{${DUMP_PART_KEY_LENGTH}}`;

const DUMP_PART = new RegExp(
  `^${DUMPS_FOLDER}/(${Object.values(COLLECTIONS).join('|')})/(${DUMP_PART_KEY})\\.ndjson(\\.gz)?$`,
);

/** The kind, key and form of a dump part's path ({@link dumpPartPath}); `undefined` for any other path. */
export function parseDumpPartPath(path: string): { kind: Kind; key: string; gzip: boolean } | undefined {
  const match = DUMP_PART.exec(path);
  if (match === null) return undefined;
  const kind = kindOfCollection(match[1]!)!;
  return { kind, key: match[2]!, gzip: match[3] !== undefined };
}

/** A listing page named by its static path. */
export interface ListingAddress {
  type: DatasetType;
  filters: FilterValues;
  page: number;
}

/**
 * The listing page a static path names, or `undefined` when the path is not one.
 * The inverse of {@link listingPath}.
 */
export function parseListingPath(path: string): ListingAddress | undefined {
  const prefix = `${API_ROOT}/dataset/`;
  if (!path.startsWith(prefix)) return undefined;
  const parts = path.slice(prefix.length).split('/');
  const type = parts.shift();
  const last = /^([1-9]\d*)\.json$/.exec(parts.pop() ?? '');
  if (!type || !(DATASET_TYPES as readonly string[]).includes(type) || !last || parts.length % 2 !== 0)
    return undefined;
  const filters: FilterValues = {};
  let order = -1;
  for (let i = 0; i < parts.length; i += 2) {
    const filter = parts[i] as Filter;
    const position = FILTERS.indexOf(filter);
    const value = decodeSegment(parts[i + 1]!);
    if (position <= order || value === undefined) return undefined;
    order = position;
    filters[filter] = value;
  }
  return { type: type as DatasetType, filters, page: Number(last[1]) };
}

/**
 * A listing path that names a query filter as if it had pages (`dataset/exhibitor/product/solar-panels/1.json`):
 * the type, the filter and its value's segment as written, or `undefined` for any other path. The query filters
 * have no pages (docs/api.md#query-filters), so such a path is a 404 that says where to ask.
 */
export function parseQueryFilterPath(
  path: string,
): { type: string; filter: QueryFilter; value: string | undefined } | undefined {
  const prefix = `${API_ROOT}/dataset/`;
  if (!path.startsWith(prefix)) return undefined;
  const [type, ...parts] = path.slice(prefix.length).split('/');
  // Filters and values alternate after the type: a value spelt like a filter is no filter.
  const at = parts.findIndex((part, i) => i % 2 === 0 && isQueryFilter(part));
  if (type === undefined || at < 0) return undefined;
  const segment = parts[at + 1];
  const value = segment === undefined || segment.endsWith('.json') ? undefined : decodeSegment(segment);
  return { type, filter: parts[at] as QueryFilter, value };
}
