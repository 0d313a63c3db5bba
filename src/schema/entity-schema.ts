/**
 * The JSON Schema (2020-12) of each kind's entities as served, from the zod definitions
 * of entities.ts: written by the build as `api/public/schemas/{collection}.json`, and the
 * entity components of the OpenAPI document.
 */
import { z } from 'zod';
import { COLLECTIONS, type Kind } from '../query/semantics/index.js';
import { OUTPUT_SCHEMAS } from './entities.js';

type JsonSchema = Record<string, unknown>;

/** The JSON Schema (2020-12) of an entity as served, without its `$schema` (a component of the OpenAPI document). */
export function entitySchema(kind: Kind): JsonSchema {
  const { $schema: _, ...schema } = entitySchemaDocument(kind);
  return schema;
}

/** Static path of the JSON Schema document of a kind's entities. */
export function entitySchemaPath(kind: Kind): string {
  return `api/public/schemas/${COLLECTIONS[kind]}.json`;
}

/** The JSON Schema (2020-12) document of a kind's entities as served. */
export function entitySchemaDocument(kind: Kind): JsonSchema {
  return z.toJSONSchema(OUTPUT_SCHEMAS[kind], {
    io: 'output',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
}
