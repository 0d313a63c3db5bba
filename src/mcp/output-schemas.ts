/**
 * What each tool answers, as the zod shape the SDK advertises as its `outputSchema` and
 * checks its `structuredContent` against (and a client checks again). Objects are open
 * (`looseObject`: a member added later does not break a validating client), and entities
 * name only `id`: their fields are the data dictionary's, which describe_schema gives once.
 */
import { z } from 'zod';
import { COLLECTIONS, DATASET_TYPES, FILTER_PARAMETERS, KINDS, type Collection } from '../query/semantics/index.js';

/** An entity as the API lists it, or cut to the fields asked for (its `id` always). */
export const ENTITY_OUTPUT = z.looseObject({
  id: z.string().describe("The entity's id, unique within its kind: get_entity reads it by this."),
  _links: z
    .looseObject({ self: z.string() })
    .optional()
    .describe(
      "Absolute URLs: self (its JSON document); an exhibition's exhibitors and providers (relation pages of 100, _meta.next to go on); an exhibitor's exhibitions (an array).",
    ),
  _rag_text: z.string().optional().describe('Every field as one text, ready for embedding.'),
});

const ENTITIES = z.array(ENTITY_OUTPUT);

/** `_meta` of a search answer: the API's, without the data dictionary. */
const SEARCH_META = z.looseObject({
  type: z.enum(DATASET_TYPES),
  schema_version: z.string(),
  count: z.int().describe('Entities in this answer, all arrays together.'),
  total: z.int().describe('Entities matching, all kinds together.'),
  totals: z
    .looseObject(Object.fromEntries(KINDS.map((kind) => [COLLECTIONS[kind], z.int().optional()])))
    .describe('Entities matching, per array.'),
  limit: z.int().describe('Entities per array in this answer (the effective limit).'),
  offset: z.int(),
  next: z
    .string()
    .nullable()
    .describe('URL of the next window over HTTP; to go on here, call again with offset + limit. null at the end.'),
  prev: z.string().nullable(),
  generated_at: z.string().describe('When the data was built (ISO 8601).'),
  base_url: z.string(),
  unmatched: z
    .array(
      z.object({
        parameter: z.enum(FILTER_PARAMETERS),
        value: z.string(),
        facets: z
          .record(z.string(), z.string())
          .describe('The facet document of each kind asked: every value there is.'),
        closest: z.array(z.string()).describe('The closest values there are, closest first (maybe none).'),
      }),
    )
    .optional()
    .describe(
      'Only when nothing matches: each filter value no entity of the kinds asked holds (see docs/api.md#unmatched).',
    ),
  facets: z
    .record(z.string(), z.array(z.object({ value: z.string(), count: z.int() })))
    .optional()
    .describe('Only with facets: per field, its values among every match, most held first, with their counts.'),
});

/** The answer of search_dataset: an array per kind of the type asked, then `_meta`. */
export const SEARCH_OUTPUT = z.looseObject({
  ...(Object.fromEntries(KINDS.map((kind) => [COLLECTIONS[kind], ENTITIES.optional()])) as Record<
    Collection,
    z.ZodOptional<typeof ENTITIES>
  >),
  _meta: SEARCH_META,
});

/** The answer of list_facet_values. */
export const FACET_OUTPUT = z.looseObject({
  kind: z.enum(KINDS),
  filter: z.enum(FILTER_PARAMETERS),
  values: z.array(
    z.looseObject({
      value: z.string().describe('The value as the filter matches it (normalized).'),
      label: z.string().describe('The spelling most entities use.'),
      count: z.int().describe('Entities holding it: the total of a search with it.'),
    }),
  ),
});

/** The answer of describe_schema: the schema document (docs/api.md#schema-document). */
export const SCHEMA_OUTPUT = z.looseObject({
  parameters: z
    .record(z.string(), z.looseObject({}))
    .describe('The parameters of search_dataset, each as a JSON Schema.'),
  _links: z
    .looseObject({})
    .describe('URLs of the facets, the changes feed, the dumps, the OpenAPI document and the MCP endpoint.'),
  _meta: z.looseObject({
    entities: z
      .record(z.string(), z.record(z.string(), z.looseObject({})))
      .describe('The data dictionary: for each kind, every field with its type and meaning.'),
  }),
});
