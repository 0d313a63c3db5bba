/**
 * Common query terms listed ahead (docs/api.md#common-terms): a query term whose name terms
 * hold many postings (`co`, `公司`, `in`, `products`) matches but is not scored, as Lucene's
 * `CommonTermsQuery` and Elasticsearch's `cutoff_frequency` treat terms above a frequency
 * cutoff: its idf is low, and its scores would cost reading tens of thousands of postings
 * with their lengths. Its list is the set of entities it matches and nothing else, a bit an
 * entity at most, so a query of common terms reads a few kilobytes for exact totals and
 * answers in the default order, and one with a rarer term is scored by that term alone.
 */
import { reachedRange, type IndexedTerms, type QueryTerm } from './search.js';
import type { TermScores } from './term-scores.js';
import { intersectRanks } from './relevance-window.js';

/**
 * Postings a query term must reach to be common: matched, not scored. A term reaching fewer is
 * scored from the shards of terms (a few shards of about 16 kB); one reaching more reads its
 * list, a bit an entity at most. Every name term holding this many is left out of the shards:
 * only common query terms reach it.
 */
export const COMMON_REACH = 1_000;

/**
 * The fewest postings that make a query term common on a small site: on a site of a handful of
 * entities, a term one or two of them hold says what an agent looks for, and is scored.
 */
export const COMMON_REACH_LEAST = 8;

/**
 * The postings a query term must reach to be common among `count` entities: {@link COMMON_REACH},
 * or an eighth of the entities on a smaller site, but at least {@link COMMON_REACH_LEAST}: a
 * term that common has a low idf (BM25's, at an eighth of the entities, about 2) on any site,
 * and the sample's commonest terms (`co`, `公司`) are common too, so that every host answers
 * them from lists.
 */
export function commonReach(count: number): number {
  return Math.min(COMMON_REACH, Math.max(COMMON_REACH_LEAST, Math.ceil(count / 8)));
}

/** The list of a common query term: the entities it matches. */
export interface CommonList {
  term: string;
  /** The first name term it reaches in code-unit order (`""` when none): the one a word matched only as itself can be. */
  first: string;
  /** The entities holding any name term it reaches, ranks ascending. */
  ranks: Int32Array;
  /** The entities holding {@link first} itself, ranks ascending: what a word of `text` before its last matches. */
  own: Int32Array;
  /** The ids of {@link ranks}, in the same order, when the list is sparse ({@link LIST_IDS_SHARE}). */
  ids?: readonly string[];
  /** With {@link ids}, as a list read from a site holds them: the digest of each one's body in its snapshot, back to back (body-version.ts). */
  bodies?: string;
}

/**
 * A list held by at most this share of its kind's entities (1 in 32) also names their ids, a
 * few bytes each gzipped: a window of its matches, spread over the ranks (and sparser still
 * when another term narrows them), would otherwise read a chunk or block of ids for every match
 * or two, each a request. A denser list's window is named from a few blocks.
 */
export const LIST_IDS_SHARE = 32;

/**
 * The common query terms of an index and their lists. Query terms reaching the same index
 * terms share one list, kept under the first of them (code-unit order): `pro`, `prod`, …,
 * `product` when every term beginning with `pro` begins with `product`, a lone CJK character
 * and the only bigram it begins. Such terms are a run of prefixes of the longest, so the list's
 * term and that run's {@link CommonTerms.tails} name them all.
 */
export interface CommonTerms {
  /** Every common query term, ascending. */
  terms: string[];
  /** The term whose list each of {@link terms} reads, in the same order. */
  listTerms: string[];
  /** The lists, in code-unit order of their terms. */
  lists: CommonList[];
  /** For each list, what its longest query term adds to the list's term: the query terms reading it are the list's term and each of its prefixes up to there. */
  tails: string[];
}

/**
 * The common query terms of an index (reaching `reach` postings) and their lists, in code-unit
 * order; a term that `canBePrefix` lists every term it begins, another itself.
 */
export function commonLists(indexed: IndexedTerms, reach: number, canBePrefix: (term: string) => boolean): CommonTerms {
  const sorted = [...indexed.terms.keys()].sort();
  const seen = new Uint8Array(indexed.lengths.length);
  const terms = commonTerms(indexed, sorted, reach, canBePrefix);
  // The first query term reaching each range of index terms keeps the list; the others read it.
  const byRange = new Map<string, number>();
  const [listTerms, leaders, longest] = [[] as string[], [] as string[], [] as string[]];
  for (const term of terms) {
    const range = reachedRange(sorted, term, canBePrefix(term)).join(' ');
    let at = byRange.get(range);
    if (at === undefined) byRange.set(range, (at = leaders.push(term) - 1));
    else if (!term.startsWith(longest[at]!))
      throw new Error(`the common term ${term} shares a list with ${leaders[at]} but does not extend ${longest[at]}`);
    longest[at] = term;
    listTerms.push(leaders[at]!);
  }
  return {
    terms,
    listTerms,
    lists: leaders.map((term) => commonList(indexed, sorted, term, canBePrefix(term), seen)),
    tails: leaders.map((term, at) => longest[at]!.slice(term.length)),
  };
}

/** The query terms reading the list of `term` whose tail is `tail`: the term, then each longer prefix of the term and its tail. */
export function sharingTerms(term: string, tail: string): string[] {
  const terms = [term];
  let query = term;
  for (const char of tail) terms.push((query += char));
  return terms;
}

// Every common query term, in code-unit order: the terms tokenized queries can hold that reach `reach` postings.
function commonTerms(
  indexed: IndexedTerms,
  sorted: readonly string[],
  reach: number,
  canBePrefix: (term: string) => boolean,
): string[] {
  const postings = sorted.map((term) => {
    const [cn, en] = indexed.terms.get(term)!;
    return (cn.length + en.length) / 2;
  });
  // Postings of the terms before each: the reach of a run of sorted terms is a difference.
  const before = [0];
  for (const count of postings) before.push(before[before.length - 1]! + count);
  // Whether each query term looked at is common.
  const seen = new Map<string, boolean>();
  for (const term of sorted) {
    const chars = [...term];
    let query = '';
    for (let length = 1; length <= chars.length; length++) {
      query += chars[length - 1];
      // A shorter part of a term is a query term only when it can be a prefix (a lone CJK character, not half a bigram's run).
      const prefix = canBePrefix(query);
      if (length < chars.length && !prefix) continue;
      let isCommon = seen.get(query);
      if (isCommon === undefined) {
        const [first, end] = reachedRange(sorted, query, prefix);
        seen.set(query, (isCommon = before[end]! - before[first]! >= reach));
      }
      // A longer prefix reaches no more than this one: none is common after one that is not (and a word of
      // 100,000 letters is not walked through at every length).
      if (prefix && !isCommon) break;
    }
  }
  return [...seen]
    .filter(([, isCommon]) => isCommon)
    .map(([query]) => query)
    .sort();
}

// The list of `term`: the entities holding the name terms it reaches (`seen` a zeroed mark per entity, left zeroed).
function commonList(
  indexed: IndexedTerms,
  sorted: readonly string[],
  term: string,
  prefix: boolean,
  seen: Uint8Array,
): CommonList {
  const [first, end] = reachedRange(sorted, term, prefix);
  const reached = sorted.slice(first, end);
  const ranks = holding(indexed, reached, seen);
  return {
    term,
    first: reached[0] ?? '',
    ranks,
    own: reached.length <= 1 ? ranks : holding(indexed, reached.slice(0, 1), seen),
  };
}

// The entities holding any of the name `terms` in either field, ranks ascending (`seen` as for commonList): marked,
// then read off the marks in rank order, which costs less than sorting them.
function holding(indexed: IndexedTerms, terms: readonly string[], seen: Uint8Array): Int32Array {
  let count = 0;
  for (const name of terms)
    for (const postings of indexed.terms.get(name)!)
      for (let i = 0; i < postings.length; i += 2) {
        const rank = postings[i]!;
        if (seen[rank] === 1) continue;
        seen[rank] = 1;
        count++;
      }
  const ranks = new Int32Array(count);
  for (let rank = 0, at = 0; at < count; rank++) {
    if (seen[rank] === 0) continue;
    seen[rank] = 0;
    ranks[at++] = rank;
  }
  return ranks;
}

/**
 * Matches a common query term from its list, for the entities matching every term before it
 * (`kept`; undefined for the first term), keeping their earlier scores: a common term adds
 * nothing to a score. A term that is not a `prefix` term (a word of `text` before its last)
 * matches only the entities holding the term itself: the list's {@link CommonList.own} when
 * its first name term is that term, else none.
 */
export function matchCommon(list: CommonList, query: QueryTerm, kept: TermScores | undefined): TermScores {
  const ranks = query.prefix ? list.ranks : list.first === query.term ? list.own : new Int32Array(0);
  if (kept === undefined) return { ranks, scores: new Float64Array(ranks.length) };
  return intersectRanks(ranks, kept.ranks, (_, j) => kept.scores[j]!);
}
