/**
 * What each parameter of `/api/public/dataset` accepts (docs/api.md#parameters), as a JSON
 * Schema with a description: the one definition that parsing (params.ts), the schema
 * document, OpenAPI and the command line's help read.
 */
import {
  COLLECTIONS,
  DATASET_TYPES,
  FILTER_VALUE_SETS,
  FILTER_FIELDS,
  FILTERS,
  KINDS,
  kindFilterParameters,
  MAX_RELATED_IDS,
  QUERY_FILTERS,
  RELATION_PARAMETERS,
  TAG_FILTERS,
  filterKinds,
  type Filter,
  type FilterParameter,
} from './kinds.js';
import { SCHEDULE_PARAMETERS, SORTS } from './schedule.js';
import { MAX_ALTERNATIVES, SEARCHES, SEARCH_FIELDS } from './searches.js';
import { DEFAULT_FACET_SIZE, MAX_FACET_SIZE } from './facet-counts.js';

/** Default `limit`. */
export const DEFAULT_LIMIT = 100;
/** Largest `limit` served in JSON; larger values are served as this. */
export const MAX_LIMIT = 500;
/** Largest `limit` served with `format=csv` (docs/api.md#csv); larger values are served as this. */
export const MAX_CSV_LIMIT = 10_000;
/** The formats of an answer (docs/api.md#csv): JSON, the default, or CSV of one kind. */
export const FORMATS = ['json', 'csv'] as const;
export type Format = (typeof FORMATS)[number];
/** What a JSON answer's `_meta` and entities carry (docs/api.md#compact): everything, the default, or the counts alone. */
export const META_SHAPES = ['full', 'counts'] as const;
export type MetaShape = (typeof META_SHAPES)[number];
/** Longest accepted `q` or `text`, in characters. */
export const MAX_Q_LENGTH = 200;
// What the parameters without static pages say of it (docs/api.md#query-filters).
const QUERY_FORM_ONLY = 'Answered by the query form alone: no static listing pages.';

/** Parameters the dataset endpoint knows, in canonical URL order. */
export const DATASET_PARAMETERS = [
  'type',
  ...SEARCHES,
  ...FILTERS,
  ...QUERY_FILTERS,
  ...RELATION_PARAMETERS,
  ...SCHEDULE_PARAMETERS,
  'fields',
  'format',
  'meta',
  'facets',
  'facet_size',
  'limit',
  'offset',
  'snapshot',
] as const;
export type DatasetParameter = (typeof DATASET_PARAMETERS)[number];

/** What a parameter accepts, as a JSON Schema with a description. */
export interface ParameterSchema {
  type: 'string' | 'integer';
  description: string;
  format?: 'date';
  enum?: readonly string[];
  default?: string | number;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
}

/**
 * Every dataset parameter as a JSON Schema: the one definition the schema document, the
 * command line's help and any other description of the endpoint are made from.
 */
export const DATASET_PARAMETER_SCHEMAS: Readonly<Record<DatasetParameter, ParameterSchema>> = {
  type: {
    type: 'string',
    enum: DATASET_TYPES,
    default: 'all',
    description: 'Which kind of entity to return; all returns the three arrays.',
  },
  q: {
    type: 'string',
    maxLength: MAX_Q_LENGTH,
    description:
      'Keywords searched in the name fields; every term must match (Latin prefixes, CJK runs of 2+ characters).',
  },
  text: {
    type: 'string',
    maxLength: MAX_Q_LENGTH,
    description: `Full text searched in every descriptive field (${KINDS.map((kind) => `${kind}: ${SEARCH_FIELDS.text[kind].flat().join(', ')}`).join('; ')}); every term must match (words whole, English plural and singular alike, the last word also as a prefix; CJK runs of 2+ characters); ranked by BM25, names and tags weighing twice the rest. Alternatives between | (up to ${MAX_ALTERNATIVES}) find what any finds, each entity ranked by its best: solar panel|太阳能电池板 asks in both languages.`,
  },
  ...(Object.fromEntries(FILTERS.map((filter) => [filter, filterSchema(filter)])) as Record<Filter, ParameterSchema>),
  // Its description says how an exhibition's status is derived.
  status: {
    ...filterSchema('status'),
    description: `Exhibitions of this status (with type=exhibition only): upcoming, ongoing and ended are derived from the dates against the build date (UTC); cancelled and postponed are as the source says.`,
  },
  product: tagFilterSchema('product', 'Solar panels|太阳能电池板'),
  service: tagFilterSchema('service', 'Booth design|展台设计'),
  organizer: {
    ...filterSchema('organizer'),
    description: `With type=exhibition: the exhibitions of this organizer, exact after normalization (NFKC, trimmed, spaces collapsed, lower case). ${QUERY_FORM_ONLY}`,
  },
  venue: {
    ...filterSchema('venue'),
    description: `With type=exhibition: the exhibitions held at this venue, exact after normalization (NFKC, trimmed, spaces collapsed, lower case). ${QUERY_FORM_ONLY}`,
  },
  verified: {
    ...filterSchema('verified'),
    description: `With type=service_provider: the verified providers (true) or the others (false), by is_verified. ${QUERY_FORM_ONLY}`,
  },
  exhibition: {
    type: 'string',
    description: `With type=exhibitor: the exhibitors of the exhibition of this id (those listing it in exhibition_ids), or of any of several ids between | (up to ${MAX_RELATED_IDS}: EXH-1|EXH-2, each exhibitor once), combined with every other parameter; an id no exhibition has is a 404 naming it.`,
  },
  exhibitor: {
    type: 'string',
    description: `With type=exhibition: the exhibitions of the exhibitor of this id (those in its exhibition_ids), or of any of several ids between | (up to ${MAX_RELATED_IDS}, each exhibition once), combined with every other parameter; an id no exhibitor has is a 404 naming it.`,
  },
  from: {
    type: 'string',
    format: 'date',
    description:
      'Exhibitions whose days overlap the window from this date, YYYY-MM-DD, included (with type=exhibition only; to may be given or not).',
  },
  to: {
    type: 'string',
    format: 'date',
    description:
      'Exhibitions whose days overlap the window up to this date, YYYY-MM-DD, included (with type=exhibition only; from may be given or not).',
  },
  start_from: {
    type: 'string',
    format: 'date',
    description: `Exhibitions opening (start_date) on or after this date, YYYY-MM-DD (with type=exhibition only; start_to may be given or not); from and to test whether the days overlap instead. ${QUERY_FORM_ONLY}`,
  },
  start_to: {
    type: 'string',
    format: 'date',
    description: `Exhibitions opening (start_date) on or before this date, YYYY-MM-DD (with type=exhibition only; start_from may be given or not). ${QUERY_FORM_ONLY}`,
  },
  sort: {
    type: 'string',
    enum: SORTS,
    description:
      'Exhibitions by start date, earliest first (start_date) or latest first (-start_date), equal dates by id (with type=exhibition only); without it, the default order, or relevance with q or text.',
  },
  fields: {
    type: 'string',
    description:
      'Comma-separated field names to keep in each entity, to save characters (fields=name_en,start_date,city): id and _links.self always come back, _meta.entities then describes only the fields returned, and a name that is no field of the kinds asked is refused. Every field when absent.',
  },
  format: {
    type: 'string',
    enum: FORMATS,
    default: 'json',
    description: `The answer's format: json, or csv (with type=exhibition, exhibitor or service_provider): text/csv, a header row then one row per entity, the columns id and the fields named by fields (without fields: every field but _links, _rag_text and _version); an array's items joined by | (its JSON when an item holds |), an object as JSON; RFC 4180 quoting; a text cell starting with =, +, -, @, tab or CR begins with ' so that no spreadsheet runs it; limit up to ${MAX_CSV_LIMIT}; the next and previous windows in the Link header.`,
  },
  meta: {
    type: 'string',
    enum: META_SHAPES,
    default: 'full',
    description:
      'What a JSON answer carries besides the entities: full, or counts: _meta without the data dictionary (_meta.entities) and each entity without _links (unless fields names it), for agents that want ids or a few fields alone (fields=id&meta=counts).',
  },
  facets: {
    type: 'string',
    description: `Comma-separated fields to count the values of among every match of the query, with one type (not all): any filter of the kind (${KINDS.map((kind) => `${kind}: ${kindFilterParameters(kind).join(', ')}`).join('; ')}). _meta.facets then gives, per field, its values held by most matches first (ties by value), each {value, count} with the value as the facet documents name it; exact counts over all matches, whatever the window (limit=0 too). A field the kind is not filtered by is refused.`,
  },
  facet_size: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_FACET_SIZE,
    default: DEFAULT_FACET_SIZE,
    description: `Values per field of facets, from 1 to ${MAX_FACET_SIZE} (with facets only); more is refused.`,
  },
  // No `maximum` for limit: a larger value is served, as the maximum, and a validating client must not refuse it.
  limit: {
    type: 'integer',
    minimum: 0,
    default: DEFAULT_LIMIT,
    description: `Entities per array, at most ${MAX_LIMIT} (${MAX_CSV_LIMIT} with format=csv): a larger value is served as the maximum, and _meta.limit says so. 0 answers the totals alone: no entities, and no data dictionary.`,
  },
  offset: {
    type: 'integer',
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    default: 0,
    description: 'Entities to skip in each array; past the end, the arrays are empty.',
  },
  snapshot: {
    type: 'string',
    pattern: '^[0-9a-z]{1,8}$',
    description:
      'The snapshot of the site to read: _meta.next and _meta.prev of an answer name the one it was read from, so that paging through it gives each match once, with no gap, while the site changes. A snapshot is kept for an hour after the next replaced it; past that, a 410 snapshot_expired says to start again without it (or to read the changes feed). Absent: the current one.',
  },
};

// A filter's schema: any value, or one of its closed set (kinds.ts), matched against the fields it reads.
function filterSchema(filter: FilterParameter): ParameterSchema {
  const fields = KINDS.filter((kind) => FILTER_FIELDS[kind][filter].length > 0)
    .map((kind) => `${kind}: ${FILTER_FIELDS[kind][filter].join(', ')}`)
    .join('; ');
  const values = FILTER_VALUE_SETS[filter];
  return {
    type: 'string',
    ...(values === undefined ? {} : { enum: values }),
    description: `Exact ${filter} match after normalization (NFKC, trimmed, spaces collapsed, lower case) against any value of the fields (${fields}).`,
  };
}

// A tag filter's schema (tag-values.ts): one kind's tags, plural and singular alike, several between |.
function tagFilterSchema(filter: (typeof TAG_FILTERS)[number], example: string): ParameterSchema {
  const [kind] = filterKinds(filter);
  const collection = COLLECTIONS[kind!];
  return {
    type: 'string',
    description: `With type=${kind}: the ${collection} holding this tag in ${FILTER_FIELDS[kind!][filter].join(', ')}, whole, exact after normalization (NFKC, trimmed, spaces collapsed, lower case), English plural and singular alike; several between | (up to ${MAX_ALTERNATIVES}) find those holding any: ${example} asks in both languages. facets/${collection}/${filter}.json lists every tag with its count. ${QUERY_FORM_ONLY}`,
  };
}
