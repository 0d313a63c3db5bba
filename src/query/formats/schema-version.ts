/** Version of the data schema, `_meta.schema_version` of every answer and document (docs/api.md#meta). */
export const SCHEMA_VERSION = '1.0';
