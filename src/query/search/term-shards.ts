/**
 * The search index of a kind, read by the piece (docs/api.md#search-index), so that a `q`
 * query reads only what its terms reach. Common query terms (common-terms.ts) have lists of
 * their own; every other name term is in the shards of terms: runs of terms in code-unit
 * order with their postings, and for every entity they reach its id and the lengths of its
 * names. The global statistics (entity count, average name lengths) and the common terms
 * are in the entry that lists the shards. A common query term matches from its list and
 * scores nothing; any other is scored from the shards it reaches with those statistics as
 * MiniSearch scores it over the whole index (term-scores.ts): one scoring, for the
 * reference, the build, the router and the SDK.
 */
import { type Entity, type Kind, FIELD_WEIGHTS, type Search } from '../semantics/index.js';
import { canBePrefix, type FieldPostings, type IndexedTerms, type QueryTerm } from './search.js';
import { indexTerms } from './forward-index.js';
import { searchShard, type SearchShard } from './search-shard.js';
import { scoreTerm, type TermScores } from './term-scores.js';
import type { ScoredRanks } from './relevance-window.js';
import { contentCuts, runHolding } from './content-cuts.js';
import { commonLists, commonReach, LIST_IDS_SHARE, matchCommon, type CommonList } from './common-terms.js';

/** One term and the entities holding it in each name field (see {@link FieldPostings}). */
export type TermPostings = [term: string, cn: FieldPostings, en: FieldPostings];

/** A run of terms of a kind's search index. */
export interface TermShard {
  /** Its first term; `""` for the first shard, which also holds every term before the second. */
  start: string;
  /** The ranks (ascending) of the entities its terms reach, */
  ranks: number[];
  /** their ids, */
  ids: string[];
  /** and the lengths in terms of their `cn` and `en` names, two numbers an entity. */
  lengths: number[];
  /** Its terms in code-unit order. */
  terms: TermPostings[];
}

/** What a query needs before any shard: the global statistics, where each shard starts, and the common terms. */
export interface TermIndex {
  /** Entities of the kind. */
  count: number;
  /** Average length in terms of the `cn` and `en` fields, as MiniSearch computed it over all entities. */
  averageLengths: [cn: number, en: number];
  /** The weight of each field in a score (searches.ts). */
  weights: readonly [cn: number, en: number];
  /** Start of each shard ({@link TermShard.start}), ascending; empty for a kind without entities. */
  starts: string[];
  /** The common query terms, which have lists (common-terms.ts), ascending. */
  common: string[];
  /** The term whose list each of {@link common} reads (several may share one), in the same order. */
  listTerms: string[];
}

/** A kind's search index: shards of terms, lists of common terms, and the id of every entity by rank. */
export interface ShardedIndex extends TermIndex {
  shards: TermShard[];
  /** The lists of {@link TermIndex.listTerms}, each once, in code-unit order of their terms. */
  lists: CommonList[];
  /** For each of {@link lists}, what its longest query term adds to its term (common-terms.ts). */
  tails: string[];
  ids: string[];
}

/** Aimed bytes of a shard's postings: small enough for a cold query, large enough to keep the files few. */
export const TARGET_SHARD_COST = 16_000;
// Bytes a posting adds to a shard: its own few, and the id and name lengths of the entity it reaches, mostly one not yet listed.
const POSTING_COST = 18;

/** How {@link shardIndex} cuts an index, when not as the build does. */
export interface ShardOptions {
  /** Aimed bytes of a shard's postings. */
  targetCost?: number;
  /** Postings that make a term common. */
  reach?: number;
}

/**
 * Cuts the index of a search over entities listed in the default order: the lists of its common
 * terms (those reaching `reach` postings), and shards of about `targetCost` bytes of postings;
 * `indexed`, the entities' terms, when made already.
 */
export function shardIndex(
  search: Search,
  kind: Kind,
  entities: readonly Entity[],
  { targetCost = TARGET_SHARD_COST, reach = commonReach(entities.length) }: ShardOptions = {},
  indexed: IndexedTerms = indexTerms(search, kind, entities),
): ShardedIndex {
  const common = commonLists(indexed, reach, (term) => canBePrefix(search, term));
  const listed = new Set(common.terms);
  // Sorted without a comparator (code-unit order, as `<` compares) in about half the time of one.
  const terms = [...indexed.terms.keys()]
    .filter((term) => !listed.has(term))
    .sort()
    .map((term): TermPostings => [term, ...indexed.terms.get(term)!]);
  const runs = contentCuts(terms, ([term]) => term, postingsCost, targetCost);
  // Which shard last reached each rank: the entities of a shard are listed once each without a set per shard.
  const reachedBy = new Int32Array(entities.length).fill(-1);
  const shards = runs.map((run, i): TermShard => {
    const ranks: number[] = [];
    for (const [, cn, en] of run) {
      for (const postings of [cn, en]) {
        for (let j = 0; j < postings.length; j += 2) {
          const rank = postings[j]!;
          if (reachedBy[rank] === i) continue;
          reachedBy[rank] = i;
          ranks.push(rank);
        }
      }
    }
    const sorted = Array.from(Int32Array.from(ranks).sort());
    const lengths: number[] = [];
    for (const rank of sorted) lengths.push(...indexed.lengths[rank]!);
    return {
      start: i === 0 ? '' : run[0]![0],
      ranks: sorted,
      ids: sorted.map((rank) => entities[rank]!.id),
      lengths,
      terms: run,
    };
  });
  return {
    count: entities.length,
    averageLengths: indexed.averageLengths,
    weights: FIELD_WEIGHTS[search],
    starts: shards.map((shard) => shard.start),
    common: common.terms,
    listTerms: common.listTerms,
    shards,
    lists: common.lists.map((list) =>
      list.ranks.length * LIST_IDS_SHARE > entities.length
        ? list
        : { ...list, ids: Array.from(list.ranks, (rank) => entities[rank]!.id) },
    ),
    tails: common.tails,
    ids: entities.map((entity) => entity.id),
  };
}

// What a term's postings add to a shard, in bytes about.
function postingsCost([term, cn, en]: TermPostings): number {
  return term.length + (POSTING_COST * (cn.length + en.length)) / 2;
}

/** Starts of the shards holding the terms a query term reaches: the one that would hold it and, for a prefix term, those after it that begin with it. */
export function shardsReached(starts: readonly string[], { term, prefix }: QueryTerm): string[] {
  const first = runHolding(starts, term);
  if (first < 0) return [];
  const reached = [starts[first]!];
  if (prefix) for (let i = first + 1; i < starts.length && starts[i]!.startsWith(term); i++) reached.push(starts[i]!);
  return reached;
}

/** What a search asks for next: the shards starting so, or the list of a common term. */
export type SearchNeed = { shards: string[] } | { common: string };

/** Ranks (ascending), and the id and body version of each: a shard's entities, or a sparse common list's (its bytes counted with the list). */
export type NamedRanks = Pick<SearchShard, 'ranks' | 'ids' | 'bodies' | 'bytes'>;

/**
 * The entities of a kind matching a search: their ranks (ascending), the final score of each, and the shards or list
 * naming every one's id and body, when one of its terms read them (none when all its terms are common and no list names ids).
 */
export interface SearchMatches extends ScoredRanks {
  namedBy: readonly NamedRanks[] | undefined;
}

/**
 * Searches the terms of a query ({@link queryTerms} in search.ts) one by one (see
 * {@link scoreTerm}, {@link matchCommon}: a common term matches, the others score), yielding what each term needs and taking it back
 * (the shards asked for, in order, or the common term's list), so that the reference (the
 * index in memory) and the router (documents read) run this one search. An entity matching
 * all `m` distinct terms scores `m` times the sum of its term scores.
 */
export function* searchShards(
  index: TermIndex,
  terms: readonly QueryTerm[],
): Generator<SearchNeed, SearchMatches, readonly SearchShard[] | CommonList> {
  let scores: TermScores | undefined;
  let namedBy: readonly NamedRanks[] | undefined;
  for (const term of terms) {
    const listTerm = commonListTerm(index, term.term);
    if (listTerm !== undefined) {
      const list = (yield { common: listTerm }) as CommonList;
      // Every entity matching all terms is in this list: when it names ids and bodies, they are theirs.
      if (list.ids !== undefined && list.bodies !== undefined)
        namedBy ??= [{ ranks: list.ranks, ids: list.ids, bodies: list.bodies, bytes: 0 }];
      scores = matchCommon(list, term, scores);
    } else {
      // Every entity matching all terms is reached by this one: its shards name them.
      const shards = (yield { shards: shardsReached(index.starts, term) }) as readonly SearchShard[];
      namedBy ??= shards;
      scores = scoreTerm(index, shards, term, scores);
    }
    if (scores.ranks.length === 0) break;
  }
  if (scores === undefined) return { ranks: new Int32Array(0), scores: new Float64Array(0), namedBy: [] };
  for (let i = 0; i < scores.scores.length; i++) scores.scores[i]! *= terms.length;
  return { ...scores, namedBy };
}

/** The term whose list a common query term reads, or undefined when `term` is not one of the index's common terms. */
export function commonListTerm(index: TermIndex, term: string): string | undefined {
  const common = index.common;
  const at = runHolding(common, term);
  return at >= 0 && common[at] === term ? index.listTerms[at] : undefined;
}

// The shard a query reads, from a shard the build cut (its postings name entities by rank).
function fromTermShard(shard: TermShard): SearchShard {
  const position = new Map<number, number>();
  shard.ranks.forEach((rank, i) => position.set(rank, i));
  const local = (postings: ArrayLike<number>) => {
    const positions = new Int32Array(postings.length);
    for (let i = 0; i < postings.length; i += 2) {
      positions[i] = position.get(postings[i]!)!;
      positions[i + 1] = postings[i + 1]!;
    }
    return positions;
  };
  return searchShard(
    shard.start,
    Int32Array.from(shard.ranks),
    shard.ids,
    '' /* the build's index names no bodies: the reference names matches by rank */,
    Int32Array.from(shard.lengths),
    shard.terms.map(([term]) => term),
    shard.terms.map(([, cn, en]) => [local(cn), local(en)] as const),
  );
}

// The shards of the build as a query reads them, converted once each.
const converted = new WeakMap<TermShard, SearchShard>();

/** Runs {@link searchShards} over the index in memory; the ids of the matches are `index.ids`. */
export function searchShardsNow(index: ShardedIndex, terms: readonly QueryTerm[]): SearchMatches {
  const byStart = new Map(index.shards.map((shard) => [shard.start, shard]));
  const lists = new Map(index.lists.map((list) => [list.term, list]));
  const readable = (shard: TermShard) => converted.get(shard) ?? converted.set(shard, fromTermShard(shard)).get(shard)!;
  const search = searchShards(index, terms);
  for (let step = search.next([]); ;) {
    if (step.done) return step.value;
    const need = step.value;
    step = search.next(
      'common' in need ? lists.get(need.common)! : need.shards.map((start) => readable(byStart.get(start)!)),
    );
  }
}
