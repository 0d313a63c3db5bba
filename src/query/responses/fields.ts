/**
 * `fields` (docs/api.md#fields): the fields of each entity an answer keeps. `id` and
 * `_links.self` always come back; a name no kind asked for has is refused; the data
 * dictionary of the answer describes the fields it holds and no others.
 */
import {
  kindsOf,
  parseDatasetQuery,
  type DatasetQuery,
  type Entity,
  type Kind,
  type ParameterError,
  type ParseResult,
} from '../semantics/index.js';

/** The data dictionary (dataset-response.ts's Dictionary, named apart so that neither module imports the other). */
type Dictionary = Record<Kind, unknown>;

/** Members every entity keeps whatever `fields` says: its id, and its links (cut to `self` unless named). */
const ALWAYS = ['id', '_links'];

/**
 * Parses query-string pairs as {@link parseDatasetQuery} does, for a site whose data
 * dictionary is `dictionary`: `fields` may name only fields of the kinds the query asks for.
 */
export function parseSiteQuery(pairs: Iterable<readonly [string, string]>, dictionary: Dictionary): ParseResult {
  const parsed = parseDatasetQuery(pairs);
  const refused = parsed.ok ? unknownFields(parsed.query, dictionary) : undefined;
  return refused === undefined ? parsed : { ok: false, error: refused };
}

// Why the query's `fields` is refused (a name that no kind of its type has), or undefined.
function unknownFields(query: DatasetQuery, dictionary: Dictionary): ParameterError | undefined {
  if (query.fields === undefined) return undefined;
  const known = new Set(kindsOf(query.type).flatMap((kind) => Object.keys(dictionary[kind] as object)));
  const unknown = query.fields.filter((field) => !known.has(field));
  if (unknown.length === 0) return undefined;
  const kind = query.type === 'all' ? 'any kind' : `${/^[aeiou]/.test(query.type) ? 'an' : 'a'} ${query.type}`;
  return {
    parameter: 'fields',
    message: `fields: ${quotedNames(unknown)} ${unknown.length === 1 ? 'is no field' : 'are no fields'} of ${kind}; the fields are ${[...known].join(', ')}`,
  };
}

// Names a refusal quotes; past them it counts the rest (1,000 names made a message of 8,100 characters).
const QUOTED_NAMES = 5;

// `"a", "b"`, or the first few and how many others.
function quotedNames(names: readonly string[]): string {
  const quoted = names.slice(0, QUOTED_NAMES).map((name) => JSON.stringify(name));
  const rest = names.length - quoted.length;
  return rest === 0 ? quoted.join(', ') : `${quoted.join(', ')} and ${rest} other ${rest === 1 ? 'name' : 'names'}`;
}

/** The entity with the fields `fields` names (and {@link ALWAYS}) alone, in the served order; its `_links` cut to `self` unless named. */
export function pickFields(entity: Entity, fields: readonly string[]): Entity {
  const picked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(entity)) {
    if (name === '_links' && !fields.includes('_links')) picked._links = { self: (value as { self?: unknown }).self };
    else if (ALWAYS.includes(name) || fields.includes(name)) picked[name] = value;
  }
  return picked as Entity;
}

/**
 * The entity as a JSON answer to `query` gives it: cut to its `fields` ({@link pickFields}), and
 * with `meta=counts` without `_links` unless `fields` names them (docs/api.md#compact).
 */
export function answerEntity(entity: Entity, { fields, meta }: Pick<DatasetQuery, 'fields' | 'meta'>): Entity {
  const picked = fields === undefined ? entity : pickFields(entity, fields);
  if (meta !== 'counts' || fields?.includes('_links')) return picked;
  const { _links, ...rest } = picked;
  return rest as Entity;
}

/** Whether a JSON answer to `query` gives its entities otherwise than as their documents hold them ({@link answerEntity}). */
export function reshapesEntities({ fields, meta }: Pick<DatasetQuery, 'fields' | 'meta'>): boolean {
  return fields !== undefined || meta === 'counts';
}

/** The dictionary of `kind` narrowed to the fields an answer with `fields` holds. */
export function fieldsDictionary(dictionary: Dictionary, kind: Kind, fields: readonly string[] | undefined): unknown {
  const described = dictionary[kind] as Record<string, unknown>;
  if (fields === undefined) return described;
  return Object.fromEntries(
    Object.entries(described).filter(([name]) => ALWAYS.includes(name) || fields.includes(name)),
  );
}
