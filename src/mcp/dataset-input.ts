/**
 * The input of the `search_dataset` tool: the dataset parameters, made from their one
 * definition, and `fields`; any other argument refused as the API refuses it.
 */
import { z } from 'zod';
import {
  DATASET_PARAMETERS,
  DATASET_PARAMETER_SCHEMAS,
  DEFAULT_FACET_SIZE,
  type DatasetParameter,
  type DatasetQuery,
  type ParameterSchema,
  unknownParameter,
} from '../query/semantics/index.js';
import { strictInput } from './strict-input.js';

/**
 * The dataset parameters a tool takes: all but `format`, since a tool's answer is JSON for the
 * model (structured content); a file is the query form's (`format=csv`), which the tool's description names.
 */
type ToolParameter = Exclude<DatasetParameter, 'format'>;
const TOOL_PARAMETERS = DATASET_PARAMETERS.filter((name): name is ToolParameter => name !== 'format');

/** One optional zod field per tool parameter: a number for `limit` and `offset`, a string otherwise. */
export type DatasetInput = {
  [P in ToolParameter]: z.ZodOptional<NonNullable<DatasetQuery[P]> extends number ? z.ZodNumber : z.ZodString>;
};

/**
 * Entities per array search_dataset answers when no `limit` is given: 10 (the API's 100
 * made a call with no arguments 225,000 characters on the sample, too much for a model's context).
 */
export const SEARCH_DEFAULT_LIMIT = 10;

/**
 * The dataset parameters (docs/api.md#parameters) as the zod input shape of a tool. Each
 * field carries its JSON Schema from {@link DATASET_PARAMETER_SCHEMAS} (description, enum,
 * default, bounds) as metadata, so `tools/list` advertises what the schema document says,
 * but for the default `limit` ({@link SEARCH_DEFAULT_LIMIT}).
 * zod checks only the JSON type: the values are checked by the router, so a refused query
 * gets the API's own message, and a `limit` above the maximum is served as the maximum, as
 * everywhere else.
 */
const DATASET_INPUT = Object.fromEntries(
  TOOL_PARAMETERS.map((name) => [
    name,
    inputField(name === 'limit' ? toolLimit(DATASET_PARAMETER_SCHEMAS.limit) : DATASET_PARAMETER_SCHEMAS[name]),
  ]),
) as DatasetInput;

/**
 * The input of search_dataset: {@link DATASET_INPUT}, `fields` and `facets` as lists. Another argument is
 * refused with the API's message for an unknown parameter (its hint for a name agents
 * guess: `page` → offset).
 */
export const SEARCH_INPUT = strictInput(
  'search_dataset',
  {
    ...DATASET_INPUT,
    fields: z
      .array(z.string())
      .optional()
      .describe(
        'Keep only these fields of each entity (its id and _links.self always come back), to save context: for example ["name_en", "start_date", "city"]. The API\'s fields parameter as a list; describe_schema lists the fields; _links and _rag_text may be named too.',
      ),
    facets: z
      .array(z.string())
      .optional()
      .describe(
        `Count the values of these filters of the one type asked over every match, in _meta.facets (most held first, facet_size of each, default ${DEFAULT_FACET_SIZE}): for example ["city"] for the cities most matches are in; limit 0 to count alone. The API's facets parameter as a list.`,
      ),
  },
  (name) => unknownParameter(name, TOOL_PARAMETERS),
);

function toolLimit(schema: ParameterSchema): ParameterSchema {
  return {
    ...schema,
    default: SEARCH_DEFAULT_LIMIT,
    description: `${schema.description} Here ${SEARCH_DEFAULT_LIMIT} when not given.`,
  };
}

function inputField(schema: ParameterSchema) {
  return (schema.type === 'integer' ? z.number() : z.string()).optional().meta({ ...schema });
}
