/**
 * How a static document is described in OpenAPI (docs/api.md#openapi): its path template is
 * the path the build writes it at, made by the build's own path function called with a
 * placeholder for each parameter ({@link slot}, {@link numberSlot}, {@link templateOf}), and
 * each parameter's example is read off the path the same function gives for the data
 * ({@link documentPath}).
 */
import { COMMON_PART_SLOTS, ID_BLOCK_SLOTS, ID_CHUNK_SLOTS } from '../query/search/index.js';
import { DUMP_PART_KEY } from '../query/formats/index.js';
import { COLLECTIONS, DATASET_TYPES, FILTER_PARAMETERS, KINDS, RELATION_PARAMETERS } from '../query/semantics/index.js';

/** A JSON Schema, as OpenAPI 3.1 takes it. */
export type JsonSchema = Record<string, unknown>;

/** One kind of static document: where it is, what names it, what it holds. */
export interface DocumentPath {
  /** The OpenAPI path template (`/api/public/exhibitions/{id}.json`). */
  template: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Each path parameter, in the order of the template, with its schema, description and an example from the data. */
  parameters: { name: string; description: string; schema: JsonSchema; example?: string | number }[];
  /** What a 200 holds, by content type (schemas, or `$ref`s to components). */
  content: Record<string, JsonSchema>;
}

/** The content type of JSON documents. */
export const JSON_TYPE = 'application/json';

/** A JSON document of the component schema `name`. */
export function jsonOf(name: string): Record<string, JsonSchema> {
  return { [JSON_TYPE]: { $ref: `#/components/schemas/${name}` } };
}

/** The placeholder of the path parameter `name`: only letters, so that no path function escapes, normalizes or lower-cases it into something else. */
export function slot(name: string): string {
  return `zq${name}qz`;
}

// Numbers standing for the numbered parameters in a path: a page, a part of a common term's list, a chunk and a block of ids.
const NUMBER_SLOTS = { page: 987_654_321, part: 987_654_322, chunk: 987_654_323, block: 987_654_324 };

/** A parameter that is a number in a path, as the file's name. */
export type NumberedParameter = keyof typeof NUMBER_SLOTS;

/** The placeholder of the numbered path parameter `name`, for path functions that take a number. */
export function numberSlot(name: NumberedParameter): number {
  return NUMBER_SLOTS[name];
}

/** The template of `path` (made with placeholders), `{name}` for each placeholder; with `collection`, the exhibitions' segment is `{collection}`. */
export function templateOf(path: string, collection = false): string {
  let template = `/${path}`.replace(/zq(\w+?)qz/g, '{$1}');
  for (const [name, number] of Object.entries(NUMBER_SLOTS))
    template = template.replace(`/${number}.json`, `/{${name}}.json`);
  if (collection) template = template.replace(new RegExp(`/${COLLECTIONS.exhibition}(?=[/.])`), '/{collection}');
  return template;
}

// The value of each parameter of `template` in `path`, a path of the data made by the same function.
function examplesIn(template: string, path: string | undefined): Record<string, string | number> {
  if (path === undefined) return {};
  const names: string[] = [];
  const pattern = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'));
  const match = new RegExp(`^${pattern}$`).exec(`/${path}`);
  if (match === null) throw new Error(`the example path /${path} does not match ${template}`);
  return Object.fromEntries(
    names.map((name, i) => [name, name in NUMBER_SLOTS ? Number(match[i + 1]) : match[i + 1]!]),
  );
}

// What each path parameter is, unless a document says otherwise.
const PARAMETER_SCHEMAS: Record<string, { description: string; schema: JsonSchema }> = {
  page: {
    description: 'The page, from 1; `_meta.next` and `_meta.prev` link the pages of a listing.',
    schema: { type: 'integer', minimum: 1 },
  },
  type: { description: 'Which kinds the listing holds.', schema: { type: 'string', enum: DATASET_TYPES } },
  collection: {
    description: 'The collection.',
    schema: { type: 'string', enum: KINDS.map((kind) => COLLECTIONS[kind]) },
  },
  kind: { description: 'The kind of entity.', schema: { type: 'string', enum: KINDS } },
  filter: {
    description: 'The filter, a listing or a query filter.',
    schema: { type: 'string', enum: FILTER_PARAMETERS },
  },
  parameter: {
    description:
      "A filter (a listing or a query filter), or the kind's relation filter (exhibition for exhibitors, exhibitor for exhibitions).",
    schema: { type: 'string', enum: [...FILTER_PARAMETERS, ...RELATION_PARAMETERS] },
  },
  build: {
    description: "The id of a build: its UTC time to the millisecond, digits only. The feed's index lists them.",
    schema: { type: 'string', pattern: '^\\d{8}T\\d{9}Z$' },
  },
  key: {
    description: "The key of a part, as the dump's index lists it.",
    schema: { type: 'string', pattern: `^${DUMP_PART_KEY}$` },
  },
  start: {
    description: 'The first term (or value) of the shard, escaped as a path segment; the index entry lists them.',
    schema: { type: 'string', minLength: 1 },
  },
  term: {
    description: 'A common query term, escaped as a path segment; the index entry lists them (`common`).',
    schema: { type: 'string', minLength: 1 },
  },
  part: {
    description: `The part of a common term's list: its entities have slots from part × ${COMMON_PART_SLOTS}; every list has a part for each such range of the kind's slots (docs/api.md#slots).`,
    schema: { type: 'integer', minimum: 0 },
  },
  chunk: {
    description: `The chunk of ids: the ids of the entities of slots from chunk × ${ID_CHUNK_SLOTS}, in slot order (an empty id for a hole).`,
    schema: { type: 'integer', minimum: 0 },
  },
  block: {
    description: `The block of ids: the ids of the entities of slots from block × ${ID_BLOCK_SLOTS}, in slot order (an empty id for a hole).`,
    schema: { type: 'integer', minimum: 0 },
  },
  id: {
    description:
      "The entity's id. Two forms name the same document: the id escaped as in every `_links` URL (docs/api.md#static-paths: `EXH 1` is `EXH~201`), " +
      'which every host serves, static hosts included; and the raw id, percent-encoded as generated clients send it (`EXH%201`), which the hosts running the ' +
      'router for these paths answer too (dataset-site serve, the Worker over R2, the client SDK), not static hosts (Cloudflare Pages, nginx, Netlify, object storage). ' +
      'A raw id that is itself the escaped form of another id names that other entity.',
    schema: { type: 'string', minLength: 1 },
  },
};

/**
 * The description of a document at `template` (`examplePath`: where the data puts one), its
 * parameters described as `own` says, else as every document's are.
 */
export function documentPath(
  template: string,
  examplePath: string | undefined,
  operation: Omit<DocumentPath, 'template' | 'parameters'>,
  own: Record<string, { description: string; schema: JsonSchema }> = {},
): DocumentPath {
  const examples = examplesIn(template, examplePath);
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const parameters = names.map((name) => ({
    name,
    ...(own[name] ?? PARAMETER_SCHEMAS[name]!),
    ...(examples[name] === undefined ? {} : { example: examples[name] }),
  }));
  return { template, parameters, ...operation };
}
