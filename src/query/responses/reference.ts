/**
 * The reference semantics: the answer to any dataset query, static listing page or
 * relation page, computed from an in-memory {@link Dataset}. Everything that serves
 * answers (build, router, verify) must agree with these functions.
 */
import { type Dataset } from '../dataset/index.js';
import {
  type Entity,
  type FilterValues,
  kindsOf,
  type DatasetType,
  type Kind,
  filtersOf,
  scheduleOf,
  searchesOf,
  relationOf,
  type DatasetQuery,
  heldValues,
  countFacet,
  DEFAULT_FACET_SIZE,
  labelFacet,
  matchedRanks,
  type FacetCounts,
} from '../semantics/index.js';
import { listingPath, relationPath, type Relation } from '../formats/index.js';
import {
  datasetResponse,
  queryResponse,
  type DatasetResponse,
  type KindSlice,
  type ResponseContext,
} from './dataset-response.js';
import { type HeldPages, staticPageWindow, type Totals } from './window.js';
import { answerEntity, reshapesEntities } from './fields.js';
import { unmatchedFilters } from './unmatched.js';

/** Matching ranks of each kind of a response, in answer order. */
export type Matches = Partial<Record<Kind, readonly number[]>>;

/**
 * The answer to a query-form request, whose relation filter names entities the dataset has
 * (related.ts); `next`/`prev` are query-form URLs; with no match, the filter values no entity
 * holds (`_meta.unmatched`).
 */
export function answerDataset(dataset: Dataset, query: DatasetQuery, context: ResponseContext): DatasetResponse {
  const filters = filtersOf(query);
  const slices: Partial<Record<Kind, KindSlice>> = {};
  let total = 0;
  for (const kind of kindsOf(query.type)) {
    const ranks = dataset.match(kind, filters, searchesOf(query), scheduleOf(query), relationOf(query)?.ids);
    const entities = dataset.pick(kind, ranks.slice(query.offset, query.offset + query.limit));
    slices[kind] = {
      entities: reshapesEntities(query) ? entities.map((entity) => answerEntity(entity, query)) : entities,
      total: ranks.length,
      ...(query.facets === undefined ? {} : { facets: referenceFacets(dataset, kind, query, ranks) }),
    };
    total += ranks.length;
  }
  const unmatched =
    total === 0
      ? unmatchedFilters(
          query.type,
          filters,
          (kind, filter) => heldValues(dataset, kind, filter),
          context.baseUrl,
          dataset.industryNames(),
        )
      : [];
  return queryResponse(query, slices, context, unmatched);
}

// The facets a query asks of a kind's matches (`ranks`), counted over the dataset's postings and named by the facet
// documents' labels.
function referenceFacets(dataset: Dataset, kind: Kind, query: DatasetQuery, ranks: readonly number[]): FacetCounts {
  const matched = matchedRanks(ranks, dataset.entities[kind].length);
  const facets: FacetCounts = {};
  for (const filter of query.facets ?? []) {
    const labels = new Map(heldValues(dataset, kind, filter).map(({ value, label }) => [value, label]));
    const counts = countFacet(dataset.postings(kind, filter), matched, query.facet_size ?? DEFAULT_FACET_SIZE);
    facets[filter] = labelFacet(counts, (value) => labels.get(value));
  }
  return facets;
}

/**
 * The static listing page `page` (1-based) of a type and filters; links are static URLs, but
 * for the `next` of the last page a site built with a `pageDepth` holds.
 */
export function answerListingPage(
  dataset: Dataset,
  type: DatasetType,
  filters: FilterValues,
  page: number,
  context: ResponseContext,
  pageDepth?: number,
): DatasetResponse {
  const matches: Matches = {};
  for (const kind of kindsOf(type)) matches[kind] = dataset.match(kind, filters);
  return staticPage(
    type,
    matches,
    page,
    context,
    (n) => listingPath(type, filters, n),
    (kind, ranks) => dataset.pick(kind, ranks),
    pageDepth === undefined ? undefined : { depth: pageDepth, type, filters },
  );
}

/** The static page `page` (1-based) of an exhibition's exhibitors or providers. */
export function answerRelationPage(
  dataset: Dataset,
  exhibition: Entity,
  relation: Relation,
  page: number,
  context: ResponseContext,
): DatasetResponse {
  const kind = relationKind(relation);
  const ranks =
    relation === 'exhibitors' ? dataset.linkedExhibitors(exhibition.id) : dataset.coveringProviders(exhibition);
  return staticPage(
    kind,
    { [kind]: ranks },
    page,
    context,
    (n) => relationPath(exhibition, relation, n),
    (kind, ranks) => dataset.pick(kind, ranks),
  );
}

/** The kind listed by a relation of an exhibition. */
export function relationKind(relation: Relation): Kind {
  return relation === 'exhibitors' ? 'exhibitor' : 'service_provider';
}

/** Total matches per kind. */
export function totalsOf(matches: Matches): Totals {
  const totals: Totals = {};
  for (const [kind, ranks] of Object.entries(matches) as [Kind, readonly number[]][]) totals[kind] = ranks.length;
  return totals;
}

/**
 * Page `page` (1-based) of a static listing whose matches are known, page n at `pathOf(n)`;
 * `pick` gives the entities at some ranks of a kind.
 */
export function staticPage(
  type: DatasetType,
  matches: Matches,
  page: number,
  context: ResponseContext,
  pathOf: (page: number) => string,
  pick: (kind: Kind, ranks: readonly number[]) => Entity[],
  held?: HeldPages,
): DatasetResponse {
  const window = staticPageWindow(totalsOf(matches), page, context.baseUrl, pathOf, held);
  const slices: Partial<Record<Kind, KindSlice>> = {};
  for (const kind of kindsOf(type)) {
    const ranks = matches[kind] ?? [];
    slices[kind] = {
      entities: pick(kind, ranks.slice(window.offset, window.offset + window.limit)),
      total: ranks.length,
    };
  }
  return datasetResponse(type, slices, window, context);
}
