/**
 * The entities as the client gets them, typed from the zod schemas of the served
 * documents (src/schema/entities.ts), so that a misspelt field does not compile. Types
 * only: no schema code reaches the client.
 */
import type { z } from 'zod';
import type { DatasetMeta } from '../query/responses/dataset-response.js';
import type { OUTPUT_SCHEMAS } from '../schema/entities.js';

/** An exhibition as served. */
export type Exhibition = z.output<(typeof OUTPUT_SCHEMAS)['exhibition']>;
/** An exhibitor as served. */
export type Exhibitor = z.output<(typeof OUTPUT_SCHEMAS)['exhibitor']>;
/** A service provider as served. */
export type ServiceProvider = z.output<(typeof OUTPUT_SCHEMAS)['service_provider']>;

/** A dataset answer with typed entities: the arrays of the kinds asked for, then `_meta`. */
export interface TypedDatasetResponse {
  exhibitions?: Exhibition[];
  exhibitors?: Exhibitor[];
  service_providers?: ServiceProvider[];
  _meta: DatasetMeta;
}
