/**
 * The search index of a kind cut into shards of terms (docs/api.md#search-index), so that
 * a `q` query reads only the shards its terms reach. A shard is a run of terms in
 * code-unit order with their postings, and for every entity they reach its id and the
 * lengths of its names; the global statistics (entity count, average name lengths) are
 * in the entry that lists the shards. A query term is scored over the shards it reaches
 * with those statistics as MiniSearch scores it over the whole index (term-scores.ts): one
 * scoring, for the reference, the build, the router and the SDK.
 *
 * A term whose postings alone outweigh a few shards (`公司`, `ltd`: tens of thousands of
 * entities) is cut into pieces of postings where its entities' ids say (content-defined),
 * each piece placed as if it were a term `{term}\u0000{id of its first entity}`, right
 * after the term itself: a change to one entity rewrites the piece holding it, not the
 * megabyte of the whole term. A query of the term reads every piece and merges them.
 */
import type { Entity } from './entity.js';
import type { Kind } from './kinds.js';
import { indexTerms, queryTerms, reachesPrefixes, type FieldPostings } from './search.js';
import { fromTermShard, idInShards, type SearchShard } from './search-shard.js';
import { scoreTerm, type TermScores } from './term-scores.js';
import type { ScoredRanks } from './relevance-window.js';
import { contentCuts, runHolding } from './content-cuts.js';
import { hash53 } from './hash.js';

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

/** What a query needs before any shard: the global statistics, and where each shard starts. */
export interface TermIndex {
  /** Entities of the kind. */
  count: number;
  /** Average length in terms of the `cn` and `en` names, as MiniSearch computed it over all entities. */
  averageLengths: [cn: number, en: number];
  /** Start of each shard ({@link TermShard.start}), ascending; empty for a kind without entities. */
  starts: string[];
}

/** A kind's search index cut into shards. */
export interface ShardedIndex extends TermIndex {
  shards: TermShard[];
}

/** Aimed bytes of a shard's postings: small enough for a cold query, large enough to keep the files few. */
export const TARGET_SHARD_COST = 16_000;
// Bytes a posting adds to a shard: its own few, and the id and name lengths of the entity it reaches, mostly one not yet listed.
const POSTING_COST = 18;

/** Cuts the search index of entities listed in the default order into shards of about `targetCost` bytes of postings. */
export function shardIndex(kind: Kind, entities: readonly Entity[], targetCost = TARGET_SHARD_COST): ShardedIndex {
  const indexed = indexTerms(kind, entities);
  const cutter = pieceCutter(entities, targetCost);
  const byKey = new Map<string, TermPostings>();
  for (const [term, [cn, en]] of indexed.terms) for (const [key, postings] of cutter([term, cn, en])) byKey.set(key, postings);
  // Keys are unique: sorted without a comparator (code-unit order, as `<` compares) in about half the time of one.
  const pieces = [...byKey.keys()].sort().map((key): [string, TermPostings] => [key, byKey.get(key)!]);
  const cuts = contentCuts(
    pieces,
    ([key]) => key,
    ([, postings]) => postingsCost(postings),
    targetCost,
  );
  const runs = cuts.map((run) => run.map(([, postings]) => postings));
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
    return { start: i === 0 ? '' : cuts[i]![0]![0], ranks: sorted, ids: sorted.map((rank) => entities[rank]!.id), lengths, terms: run };
  });
  return { count: entities.length, averageLengths: indexed.averageLengths, starts: shards.map((shard) => shard.start), shards };
}

// What a term's postings add to a shard, in bytes about.
function postingsCost([term, cn, en]: TermPostings): number {
  return term.length + (POSTING_COST * (cn.length + en.length)) / 2;
}

// Marks the key of a term's later pieces: below every character a term holds, so they sort right after it.
const PIECE = '\u0000';

/**
 * Cuts a term's postings into pieces keyed for sorting: the term whole under its own key
 * when it costs at most two shards; otherwise cut after each entity whose id hashes to a
 * multiple of a power of two chosen for pieces of about `targetCost`, the first piece
 * under the term's key, each other under `{term}\u0000{id of its first entity}`. Each
 * entity's id is hashed once, on the first term that needs it.
 */
function pieceCutter(entities: readonly Entity[], targetCost: number): (postings: TermPostings) => [key: string, postings: TermPostings][] {
  const hashes = new Float64Array(entities.length).fill(-1);
  const hashOf = (rank: number) => (hashes[rank]! >= 0 ? hashes[rank]! : (hashes[rank] = hash53(entities[rank]!.id)));
  return (postings) => {
    const [term, cn, en] = postings;
    const cost = postingsCost(postings);
    if (cost <= 2 * targetCost) return [[term, postings]];
    const ranks = mergedRanks(cn, en);
    const cutEvery = 2 ** Math.max(0, Math.round(Math.log2((ranks.length * targetCost) / cost)));
    // The last rank of each piece, and the first.
    const [firsts, lasts] = [[ranks[0]!], [] as number[]];
    for (let i = 0; i < ranks.length - 1; i++) {
      if (hashOf(ranks[i]!) % cutEvery !== 0) continue;
      lasts.push(ranks[i]!);
      firsts.push(ranks[i + 1]!);
    }
    lasts.push(ranks[ranks.length - 1]!);
    const [cnPieces, enPieces] = [splitPostings(cn, lasts), splitPostings(en, lasts)];
    return firsts.map((first, i) => [i === 0 ? term : `${term}${PIECE}${entities[first]!.id}`, [term, cnPieces[i]!, enPieces[i]!]]);
  };
}

// The ranks of two flat postings lists (rank, count, …, ascending by rank), merged without repeats.
function mergedRanks(a: FieldPostings, b: FieldPostings): number[] {
  const ranks: number[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i]! : b[j]!;
    if (ranks[ranks.length - 1] !== next) ranks.push(next);
    if (i < a.length && a[i] === next) i += 2;
    if (j < b.length && b[j] === next) j += 2;
  }
  return ranks;
}

// Flat postings (ascending by rank) cut after each of `lasts` (ascending): one piece per last.
function splitPostings(postings: FieldPostings, lasts: readonly number[]): FieldPostings[] {
  const pieces: FieldPostings[] = lasts.map(() => []);
  let piece = 0;
  for (let i = 0; i < postings.length; i += 2) {
    while (postings[i]! > lasts[piece]!) piece++;
    pieces[piece]!.push(postings[i]!, postings[i + 1]!);
  }
  return pieces;
}

/** Starts of the shards holding the terms `term` reaches: the one that would hold it, those after it holding its later pieces, and for a prefix term those after it that begin with it. */
export function shardsReached(starts: readonly string[], term: string): string[] {
  const first = runHolding(starts, term);
  if (first < 0) return [];
  const reached = [starts[first]!];
  // The shards after it holding the term's later pieces ({@link pieceCutter}), or for a prefix any term it begins.
  const after = reachesPrefixes(term) ? term : `${term}${PIECE}`;
  for (let i = first + 1; i < starts.length && starts[i]!.startsWith(after); i++) reached.push(starts[i]!);
  return reached;
}

/** The entities of a kind matching `q`: their ranks, their final scores by rank, and the id of each. */
export interface SearchMatches extends ScoredRanks {
  idOf(rank: number): string;
}

/**
 * Searches `q` term by term (see {@link scoreTerm}), yielding the starts of the shards
 * each term needs and taking those shards back, so that the reference (shards in memory)
 * and the router (shards read as documents) run this one search. An entity matching all
 * `m` distinct terms scores `m` times the sum of its term scores.
 */
export function* searchShards(index: TermIndex, q: string): Generator<string[], SearchMatches, readonly SearchShard[]> {
  const terms = queryTerms(q);
  let firstShards: readonly SearchShard[] = [];
  let scores: TermScores | undefined;
  for (const term of terms) {
    const shards = yield shardsReached(index.starts, term);
    if (scores === undefined) firstShards = shards;
    scores = scoreTerm(index, shards, term, scores);
    if (scores.ranks.length === 0) break;
  }
  if (scores === undefined) return { ranks: new Int32Array(0), scores: new Float64Array(0), idOf: () => '' };
  for (const rank of scores.ranks) scores.scores[rank]! *= terms.length;
  // Every match is reached by the first term, so one of its shards lists the match's id.
  return { ...scores, idOf: (rank) => idInShards(firstShards, rank)! };
}

// The shards of the build as a query reads them, converted once each.
const converted = new WeakMap<TermShard, SearchShard>();

/** Runs {@link searchShards} over shards at hand. */
export function searchShardsNow(index: ShardedIndex, q: string): SearchMatches {
  const byStart = new Map(index.shards.map((shard) => [shard.start, shard]));
  const readable = (shard: TermShard) => converted.get(shard) ?? converted.set(shard, fromTermShard(shard)).get(shard)!;
  const search = searchShards(index, q);
  for (let step = search.next([]); ;) {
    if (step.done) return step.value;
    step = search.next(step.value.map((start) => readable(byStart.get(start)!)));
  }
}
