/**
 * The reference data: every entity of each kind in the default order, with the lookups
 * the semantics needs (filter values, search, relations). Positions in the default order
 * ("ranks") identify entities in the query layer's answers; the search index's documents name
 * them by slot, which an entity keeps from build to build (query/search/slot-order.ts).
 */
import {
  type EntitiesByKind,
  type Entity,
  filterRanks,
  filterValues,
  type FilterValues,
  type Postings,
  type FilterParameter,
  type Kind,
  industryGroups,
  namesOfGroups,
  type IndustryNames,
  sortDefault,
  alternativesOf,
  givenSearches,
  dayNumber,
  dayWindow,
  isScheduled,
  orderByStart,
  startWindow,
  withinSchedule,
  type Schedule,
  type Search,
  type SearchTexts,
} from '../semantics/index.js';
import {
  relevanceOrder,
  allMatches,
  anyMatches,
  queryTerms,
  searchShardsNow,
  shardIndex,
  type ShardedIndex,
} from '../search/index.js';

/** In-memory dataset answering the reference semantics. */
export class Dataset {
  /** Entities of each kind in the default order. */
  readonly entities: Record<Kind, readonly Entity[]>;
  private readonly postingsCache = new Map<string, Postings>();
  private readonly indexCache = new Map<string, ShardedIndex>();
  private groups: string[][] | undefined;
  private names: IndustryNames | undefined;

  /** Takes entities in any order and sorts each kind into its default order. */
  constructor(entities: EntitiesByKind) {
    this.entities = {
      exhibition: sortDefault('exhibition', entities.exhibition),
      exhibitor: sortDefault('exhibitor', entities.exhibitor),
      service_provider: sortDefault('service_provider', entities.service_provider),
    };
  }

  /** The industries the exhibitions name in both languages, each's names (industry-names.ts), made on first use. */
  industryGroups(): string[][] {
    return (this.groups ??= industryGroups(this.entities.exhibition));
  }

  /** {@link industryGroups}, each name to the name its industry goes by. */
  industryNames(): IndustryNames {
    return (this.names ??= namesOfGroups(this.industryGroups()));
  }

  /** Postings of one filter for one kind, built on first use: by the values entities match it by (filters.ts, filterValues). */
  postings(kind: Kind, filter: FilterParameter): Postings {
    const key = `${kind}/${filter}`;
    let postings = this.postingsCache.get(key);
    if (!postings) {
      postings = new Map();
      const names = this.industryNames();
      this.entities[kind].forEach((entity, rank) => {
        for (const value of filterValues(kind, filter, entity, names)) {
          const ranks = postings!.get(value);
          if (ranks) ranks.push(rank);
          else postings!.set(value, [rank]);
        }
      });
      this.postingsCache.set(key, postings);
    }
    return postings;
  }

  /** The index of a search over a kind in shards, built on first use: the build writes these very shards. */
  searchIndex(kind: Kind, search: Search = 'q'): ShardedIndex {
    const key = `${kind}/${search}`;
    let index = this.indexCache.get(key);
    if (!index) {
      index = shardIndex(search, kind, this.entities[kind]);
      this.indexCache.set(key, index);
    }
    return index;
  }

  /**
   * Ranks of the entities of a kind matching the filters, the searches (`q`, `text`), the
   * date windows of `schedule` and the relation to any of the entities `related` names (their ids), in answer order: by start date when `schedule` sorts, else
   * relevance when a search is given, else the default order.
   */
  match(
    kind: Kind,
    filters: FilterValues,
    searches: SearchTexts = {},
    schedule: Schedule = {},
    related?: readonly string[],
  ): number[] {
    const given = givenSearches(searches);
    const ranks =
      given.length === 0
        ? this.entities[kind].map((_, rank) => rank)
        : relevanceOrder(
            allMatches(
              given.map(([search, value]) =>
                anyMatches(
                  alternativesOf(search, value).map((alternative) =>
                    searchShardsNow(this.searchIndex(kind, search), queryTerms(search, alternative)),
                  ),
                ),
              ),
            ),
          );
    const relatedTo = related === undefined ? undefined : new Set(related.flatMap((id) => this.relatedRanks(kind, id)));
    const filtered = filterRanks(
      relatedTo === undefined ? ranks : ranks.filter((rank) => relatedTo.has(rank)),
      filters,
      (filter, key) => this.postings(kind, filter).get(key),
      this.industryNames(),
    );
    if (!isScheduled(schedule)) return filtered;
    const day = (rank: number, field: string) => dayNumber(String(this.entities[kind][rank]![field]))!;
    const [days, opening] = [dayWindow(schedule), startWindow(schedule)];
    const within = filtered.filter((rank) =>
      withinSchedule(day(rank, 'start_date'), day(rank, 'end_date'), days, opening),
    );
    return schedule.sort === undefined
      ? within
      : orderByStart(within, schedule.sort, (rank) => day(rank, 'start_date'));
  }

  /** The entities of a kind at the given ranks. */
  pick(kind: Kind, ranks: readonly number[]): Entity[] {
    return ranks.map((rank) => this.entities[kind][rank]!);
  }

  /**
   * Ranks of the entities of `kind` related to the entity named `id` by `kind`'s relation
   * filter (kinds.ts, RELATIONS), in the default order: an exhibition's exhibitors, an
   * exhibitor's exhibitions. An id no entity has relates to none.
   */
  relatedRanks(kind: Kind, id: string): number[] {
    return this.relationPostings(kind).get(id) ?? [];
  }

  /** For `kind`'s relation filter, the ids of the related entities → the ranks of `kind` they relate to; empty when `kind` has none. */
  relationPostings(kind: Kind): Postings {
    const key = `${kind}/relation`;
    let postings = this.postingsCache.get(key);
    if (postings) return postings;
    postings = new Map();
    const listed = (exhibitor: Entity) =>
      Array.isArray(exhibitor.exhibition_ids) ? [...new Set(exhibitor.exhibition_ids.map(String))] : [];
    if (kind === 'exhibitor') {
      const exhibitions = new Set(this.entities.exhibition.map((exhibition) => exhibition.id));
      this.entities.exhibitor.forEach((exhibitor, rank) => {
        for (const id of listed(exhibitor).filter((id) => exhibitions.has(id))) {
          const ranks = postings!.get(id);
          if (ranks) ranks.push(rank);
          else postings!.set(id, [rank]);
        }
      });
    } else if (kind === 'exhibition') {
      const rankOf = new Map(this.entities.exhibition.map((exhibition, rank) => [exhibition.id, rank]));
      for (const exhibitor of this.entities.exhibitor) {
        const ranks = listed(exhibitor).flatMap((id) => (rankOf.has(id) ? [rankOf.get(id)!] : []));
        if (ranks.length > 0)
          postings.set(
            exhibitor.id,
            ranks.sort((a, b) => a - b),
          );
      }
    }
    this.postingsCache.set(key, postings);
    return postings;
  }

  /** Ranks of the exhibitors linked to an exhibition, in the default order. */
  linkedExhibitors(exhibitionId: string): number[] {
    return this.relatedRanks('exhibitor', exhibitionId);
  }

  /** Ranks of the providers covering an exhibition's country or city, in the default order. */
  coveringProviders(exhibition: Entity): number[] {
    const byRegion = this.postings('service_provider', 'city');
    const places = [
      ...filterValues('exhibition', 'country', exhibition),
      ...filterValues('exhibition', 'city', exhibition),
    ];
    const ranks = new Set(places.flatMap((place) => byRegion.get(place) ?? []));
    return [...ranks].sort((a, b) => a - b);
  }
}
