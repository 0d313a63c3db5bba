/**
 * The entities as the client gets them, typed from the zod schemas of the served
 * documents (src/schema/entities.ts), so that a misspelt field does not compile. Types
 * only: no schema code reaches the client.
 */
import type { z } from 'zod';
import type { DatasetMeta } from '../query/responses/index.js';
import type { DatasetType } from '../query/semantics/index.js';
import type { OUTPUT_SCHEMAS } from '../schema/index.js';

/** An exhibition as served. */
export type Exhibition = z.output<(typeof OUTPUT_SCHEMAS)['exhibition']>;
/** An exhibitor as served. */
export type Exhibitor = z.output<(typeof OUTPUT_SCHEMAS)['exhibitor']>;
/** A service provider as served. */
export type ServiceProvider = z.output<(typeof OUTPUT_SCHEMAS)['service_provider']>;

/** The array each kind of entity is answered in. */
interface KindArrays {
  exhibition: { exhibitions: Exhibition[] };
  exhibitor: { exhibitors: Exhibitor[] };
  service_provider: { service_providers: ServiceProvider[] };
}

/**
 * A dataset answer with typed entities, by the `type` asked for: the array of that kind (all
 * three for `all`), no other, then `_meta`. Asked with a `type` known only at run time (a
 * {@link DatasetType}), it is one of the four shapes.
 */
export type TypedDatasetResponse<T extends DatasetType = DatasetType> = (T extends 'all'
  ? KindArrays['exhibition'] & KindArrays['exhibitor'] & KindArrays['service_provider']
  : T extends keyof KindArrays
    ? KindArrays[T]
    : never) & { _meta: DatasetMeta };
