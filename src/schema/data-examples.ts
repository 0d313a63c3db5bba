/**
 * The values the OpenAPI document and llms.txt show as examples: taken from the data by the
 * build (documents/parameter-examples.ts), so that each finds something.
 */
import { filterKinds, type FilterParameter, type FilterValues, type Kind } from '../query/semantics/index.js';

/** Query values that find something in the data, and entities to name in example paths. */
export interface DataExamples {
  /** The most common value of each filter (kinds.ts) among each kind's entities: the first of its facet. */
  filters?: Partial<Record<Kind, FilterValues>>;
  /** A date window holding a few exhibitions: the start dates of the middle one and of one a few later. */
  from?: string;
  to?: string;
  /** A window of opening days: the same start dates as {@link from} and {@link to}. */
  start_from?: string;
  start_to?: string;
  /** An order by date. */
  sort?: string;
  /** An exhibition that has exhibitors, for the relation filter `exhibition`. */
  exhibition?: string;
  /** An exhibitor that lists exhibitions, for the relation filter `exhibitor`. */
  exhibitor?: string;
  /** Fields of an exhibitor to keep, for `fields`. */
  fields?: string;
  q?: string;
  /** A product tag of an exhibitor, for `text`. */
  text?: string;
  cjk?: string;
  /** The place and month of the first upcoming exhibition: a window of `from` and `to` (its month, first and last day) that finds it. */
  upcoming?: { country: string; from: string; to: string };
  /** The first entity of each kind in the default order: its id, and for an exhibition its place (relation paths). */
  entities?: Partial<Record<Kind, { id: string; country?: unknown; city?: unknown }>>;
}

/** An example value of `filter` held by entities of `kind`; when the filter does not apply to it, one of the first kind it applies to. */
export function filterExample(examples: DataExamples, filter: FilterParameter, kind: Kind): string | undefined {
  const [first] = filterKinds(filter);
  return examples.filters?.[kind]?.[filter] ?? (first === undefined ? undefined : examples.filters?.[first]?.[filter]);
}
