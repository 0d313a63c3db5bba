/** The input of the `search_dataset` tool: the dataset parameters, made from their one definition. */
import { z } from 'zod';
import { DATASET_PARAMETERS, DATASET_PARAMETER_SCHEMAS, type DatasetParameter, type DatasetQuery, type ParameterSchema } from '../query/semantics/params.js';

/** One optional zod field per dataset parameter: a number for `limit` and `offset`, a string otherwise. */
export type DatasetInput = { [P in DatasetParameter]: z.ZodOptional<NonNullable<DatasetQuery[P]> extends number ? z.ZodNumber : z.ZodString> };

/**
 * The dataset parameters (docs/api.md#parameters) as the zod input shape of a tool. Each
 * field carries its JSON Schema from {@link DATASET_PARAMETER_SCHEMAS} (description, enum,
 * default, bounds) as metadata, so `tools/list` advertises what the schema document says.
 * zod checks only the JSON type: the values are checked by the router, so a refused query
 * gets the API's own message, and a `limit` above the maximum is served as the maximum, as
 * everywhere else.
 */
export const DATASET_INPUT = Object.fromEntries(DATASET_PARAMETERS.map((name) => [name, inputField(DATASET_PARAMETER_SCHEMAS[name])])) as DatasetInput;

function inputField(schema: ParameterSchema) {
  return (schema.type === 'integer' ? z.number() : z.string()).optional().meta({ ...schema });
}
