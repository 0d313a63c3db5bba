/**
 * The entity kinds, the `type` values of the dataset endpoint, and which fields each
 * filter and `q` read: plain data, the single source of truth for the query semantics,
 * the data dictionary's `filterable`/`searchable` flags and the static paths
 * (docs/api.md#matching, docs/api.md#search).
 */

/** The three entity kinds, in the order their arrays appear in a response. */
export const KINDS = ['exhibition', 'exhibitor', 'service_provider'] as const;
export type Kind = (typeof KINDS)[number];

/** Accepted values of the `type` parameter. */
export const DATASET_TYPES = ['all', ...KINDS] as const;
export type DatasetType = (typeof DATASET_TYPES)[number];

/** Name of the response array holding each kind. */
export const COLLECTIONS = {
  exhibition: 'exhibitions',
  exhibitor: 'exhibitors',
  service_provider: 'service_providers',
} as const satisfies Record<Kind, string>;
export type Collection = (typeof COLLECTIONS)[Kind];

/** The kind whose response array is named `collection`; `undefined` for any other name. */
export function kindOfCollection(collection: string): Kind | undefined {
  return KINDS.find((kind) => COLLECTIONS[kind] === collection);
}

/** The listing filters, which have precomputed listing pages: in the order they appear in paths and URLs. */
export const FILTERS = ['industry', 'country', 'city', 'status'] as const;
export type Filter = (typeof FILTERS)[number];

/**
 * The query filters (docs/api.md#query-filters): exact values as the listing filters', answered by the query form
 * alone, from the search index's value shards. They have no listing pages: a listing for every tag, organizer and
 * venue, combined with every other filter, would multiply the pages a site holds for values few ask for.
 */
export const QUERY_FILTERS = ['product', 'service', 'organizer', 'venue', 'verified'] as const;
export type QueryFilter = (typeof QUERY_FILTERS)[number];

/** The query filters matching tags (tag-values.ts): plural and singular alike, several between `|`. */
export const TAG_FILTERS = ['product', 'service'] as const satisfies readonly QueryFilter[];

/** Every filter parameter, listing filters then query filters: the order they appear in URLs. */
export const FILTER_PARAMETERS = [...FILTERS, ...QUERY_FILTERS] as const;
export type FilterParameter = Filter | QueryFilter;

/** Whether a parameter's name is a listing filter's. */
export function isFilter(name: string): name is Filter {
  return (FILTERS as readonly string[]).includes(name);
}

/** Whether a parameter's name is a filter's, a listing or a query filter's. */
export function isFilterParameter(name: string): name is FilterParameter {
  return (FILTER_PARAMETERS as readonly string[]).includes(name);
}

/** Whether a parameter's name is a query filter's (no listing pages). */
export function isQueryFilter(name: string): name is QueryFilter {
  return (QUERY_FILTERS as readonly string[]).includes(name);
}

/** Statuses an exhibition can have; the first three are derived from the dates. */
export const EXHIBITION_STATUSES = ['upcoming', 'ongoing', 'ended', 'cancelled', 'postponed'] as const;
export type ExhibitionStatus = (typeof EXHIBITION_STATUSES)[number];

/**
 * Fields whose values a filter compares against (docs/api.md#matching). A filter with no
 * fields for a kind does not apply to it: `status` is the exhibitions' alone.
 */
export const FILTER_FIELDS: Record<Kind, Record<FilterParameter, readonly string[]>> = {
  exhibition: {
    industry: ['industry_tags_en', 'industry_tags_cn'],
    country: ['country'],
    city: ['city'],
    status: ['status'],
    product: [],
    service: [],
    organizer: ['organizer'],
    venue: ['venue'],
    verified: [],
  },
  exhibitor: {
    industry: ['industry_tags'],
    country: ['country'],
    city: ['city'],
    status: [],
    product: ['product_tags'],
    service: [],
    organizer: [],
    venue: [],
    verified: [],
  },
  service_provider: {
    industry: ['good_at_industry'],
    country: ['cover_regions'],
    city: ['cover_regions'],
    status: [],
    product: [],
    service: ['service_types'],
    organizer: [],
    venue: [],
    verified: ['is_verified'],
  },
};

/**
 * The values of a filter that takes a closed set of them: any other is refused (400), and the
 * OpenAPI document lists them. The other filters take any value an entity holds.
 */
export const FILTER_VALUE_SETS: Partial<Record<FilterParameter, readonly string[]>> = {
  status: EXHIBITION_STATUSES,
  verified: ['true', 'false'],
};

/** The kinds a filter applies to: those of whose fields it reads at least one. */
export function filterKinds(filter: FilterParameter): readonly Kind[] {
  return KINDS.filter((kind) => FILTER_FIELDS[kind][filter].length > 0);
}

/** Every filter that applies to a kind, listing filters then query filters: those reading at least one of its fields. */
export function kindFilterParameters(kind: Kind): readonly FilterParameter[] {
  return FILTER_PARAMETERS.filter((filter) => FILTER_FIELDS[kind][filter].length > 0);
}

/** Whether a filter applies to every kind of a type (`status` to `exhibition` alone, `product` to `exhibitor`…). */
export function typeHasFilter(type: DatasetType, filter: FilterParameter): boolean {
  return kindsOf(type).every((kind) => FILTER_FIELDS[kind][filter].length > 0);
}

/** The filters that apply to a kind: those reading at least one of its fields. */
export function kindFilters(kind: Kind): readonly Filter[] {
  return FILTERS.filter((filter) => FILTER_FIELDS[kind][filter].length > 0);
}

/** The filters that apply to every kind of a type: `status` only to `exhibition`. */
export function typeFilters(type: DatasetType): readonly Filter[] {
  return FILTERS.filter((filter) => kindsOf(type).every((kind) => FILTER_FIELDS[kind][filter].length > 0));
}

/**
 * The two name fields of each kind, the Chinese one first: at least one is required
 * (docs/api.md#entities), and they are what `q` searches (docs/api.md#search).
 */
export const NAME_FIELDS: Record<Kind, readonly [string, string]> = {
  exhibition: ['name_cn', 'name_en'],
  exhibitor: ['company_cn', 'company_en'],
  service_provider: ['name_cn', 'name_en'],
};

/**
 * The relation filters (docs/api.md#relations): a parameter naming an entity of another
 * kind by its id, and the kind it filters. `exhibition=ID` keeps the exhibitors that list
 * the exhibition in their `exhibition_ids`; `exhibitor=ID` keeps the exhibitions the
 * exhibitor lists in its own.
 */
export const RELATIONS = { exhibition: 'exhibitor', exhibitor: 'exhibition' } as const satisfies Record<string, Kind>;
export type Relation = keyof typeof RELATIONS;
/** The relation parameters, in the order they appear in URLs. */
export const RELATION_PARAMETERS = Object.keys(RELATIONS) as Relation[];
/** Most ids a relation filter takes between `|` (the entities related to any of them). */
export const MAX_RELATED_IDS = 20;

/** A parameter whose values the search index keeps postings of: a filter, or a relation (by the related entity's id). */
export type ValueParameter = FilterParameter | Relation;

/** The relation that filters `kind`, if any. */
export function kindRelation(kind: Kind): Relation | undefined {
  return RELATION_PARAMETERS.find((relation) => RELATIONS[relation] === kind);
}

/** The kinds a response of this type holds. */
export function kindsOf(type: DatasetType): readonly Kind[] {
  return type === 'all' ? KINDS : [type];
}
