/**
 * The data dictionary of schema.json (docs/api.md#schema-document), generated from the zod schemas:
 * for each kind, every served field with its type, whether the source must give it,
 * a description, its format or allowed values, and whether it is filterable or searchable.
 */
import { z } from 'zod';
import {
  FILTER_FIELDS,
  FILTER_PARAMETERS,
  KINDS,
  NAME_FIELDS,
  type FilterParameter,
  type Kind,
} from '../query/semantics/index.js';
import { OUTPUT_SCHEMAS, SOURCE_SCHEMAS } from './entities.js';

/** What the dictionary says of one field. */
export interface FieldDescription {
  type: string;
  items?: string;
  nullable: boolean;
  required: boolean;
  description: string;
  format?: string;
  enum?: readonly unknown[];
  filterable: FilterParameter[];
  searchable: boolean;
  derived: boolean;
}

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  description?: string;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** The dictionary of every kind, keyed by kind, fields in served order. */
export function buildDictionary(): Record<Kind, Record<string, FieldDescription>> {
  return Object.fromEntries(KINDS.map((kind) => [kind, describeKind(kind)])) as Record<
    Kind,
    Record<string, FieldDescription>
  >;
}

function describeKind(kind: Kind): Record<string, FieldDescription> {
  const output = z.toJSONSchema(OUTPUT_SCHEMAS[kind], { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const sourceShape: Record<string, z.ZodType> = SOURCE_SCHEMAS[kind].shape;
  const fields: Record<string, FieldDescription> = {};
  for (const [name, property] of Object.entries(output.properties ?? {})) {
    const variants = property.anyOf ?? [property];
    const schema = variants.find((variant) => variant.type !== 'null') ?? property;
    const types = variants.flatMap((variant) => ([] as string[]).concat(variant.type ?? 'object'));
    const field: FieldDescription = {
      type: types.find((type) => type !== 'null') ?? 'null',
      nullable: types.includes('null'),
      // A field is required when its source schema refuses a missing value.
      required: sourceShape[name]?.safeParse(undefined).success === false,
      description: property.description ?? schema.description ?? '',
      filterable: FILTER_PARAMETERS.filter((filter) => FILTER_FIELDS[kind][filter].includes(name)),
      searchable: NAME_FIELDS[kind].includes(name),
      derived: !(name in sourceShape) || name === 'status',
    };
    if (schema.items?.type) field.items = String(schema.items.type);
    const format = schema.format ?? schema.items?.format;
    if (format) field.format = format;
    if (schema.enum) field.enum = schema.enum.filter((value) => value !== null);
    fields[name] = field;
  }
  return fields;
}
