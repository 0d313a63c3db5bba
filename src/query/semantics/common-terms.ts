/**
 * Common query terms listed ahead (docs/api.md#common-terms): a query term whose name terms
 * hold many postings (`co`, `公司`, `in`) is answered from a list the build made for it, not
 * from the shards of its terms. The list names each entity it matches with a class: the
 * lengths of its names and which name terms it holds how often, all its score depends on.
 * A query then reads the entities' ranks and classes (a character each), scores each class
 * once, and never reads the names' lengths or the entities' ids of tens of thousands of
 * matches. Scores are exact: a class scores as term-scores.ts scores each of its entities.
 */
import { reachedRange, type IndexedTerms, type QueryTerm } from './search.js';
import { bm25, prefixWeight, type ScoringStatistics, type TermScores } from './term-scores.js';

/**
 * Postings a query term must reach to be common. A term reaching fewer reads them from the
 * shards of terms (a few shards of about 16 kB); one reaching more reads its list, a few
 * bytes an entity. Every name term holding this many is left out of the shards: only
 * common query terms reach it.
 */
export const COMMON_REACH = 1_000;

/**
 * The postings a query term must reach to be common among `count` entities: {@link COMMON_REACH},
 * or an eighth of the entities on a smaller site, so that every site, the sample included,
 * answers its commonest terms from lists, through every host.
 */
export function commonReach(count: number): number {
  return Math.max(1, Math.min(COMMON_REACH, Math.ceil(count / 8)));
}

/** The list of a common query term. */
export interface CommonList {
  term: string;
  /** The name terms it reaches, in code-unit order, with the entities holding each in `cn` and in `en`. */
  reached: [term: string, cn: number, en: number][];
  /**
   * Each class: the lengths of the `cn` and `en` names (0 for a field none of its terms are
   * in), then (index in {@link reached}, field, term frequency) for each name term and field
   * it holds, in the order scores are added.
   */
  classes: number[][];
  /** The entities matched, ranks ascending, */
  ranks: Int32Array;
  /** and the class of each. */
  classOf: Uint16Array;
}

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
  const entities = indexed.lengths.length;
  const nameLengths = new Int32Array(2 * entities);
  indexed.lengths.forEach(([cn, en], rank) => {
    nameLengths[2 * rank] = cn;
    nameLengths[2 * rank + 1] = en;
  });
  const scratch: Scratch = {
    count: new Int32Array(entities),
    fields: new Uint8Array(entities),
    start: new Int32Array(entities),
    nameLengths,
  };
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
    lists: leaders.map((term) => commonList(indexed, sorted, term, canBePrefix(term), scratch)),
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

// Per-entity counters of commonLists, sized to the kind once and left zeroed after each term.
interface Scratch {
  /** Numbers (3 a posting) an entity holds, then where its next triple goes. */
  count: Int32Array;
  /** The fields an entity is matched in (bit 0: `cn`, bit 1: `en`). */
  fields: Uint8Array;
  /** Where an entity's triples start. */
  start: Int32Array;
  /** The lengths of each entity's `cn` and `en` names, flat by rank: read in rank order, they stay in cache. */
  nameLengths: Int32Array;
}

function commonList(
  indexed: IndexedTerms,
  sorted: readonly string[],
  term: string,
  prefix: boolean,
  scratch: Scratch,
): CommonList {
  const [first, end] = reachedRange(sorted, term, prefix);
  const reached = sorted.slice(first, end).map((name): CommonList['reached'][number] => {
    const [cn, en] = indexed.terms.get(name)!;
    return [name, cn.length / 2, en.length / 2];
  });
  // Per entity, what it holds: (reached index, field, tf) in the order scores are added, laid out flat by rank
  // (a count pass, then a fill pass in the same order), and the fields it is matched in. The work is in
  // proportion to the postings reached, not to the kind: only the entities touched are ordered and reset.
  const { count, fields, start, nameLengths } = scratch;
  const postingsOf = reached.map(([name]) => indexed.terms.get(name)!);
  const touched: number[] = [];
  for (const [cn, en] of postingsOf) {
    for (let i = 0; i < cn.length; i += 2) touch(cn[i]!, 1);
    for (let i = 0; i < en.length; i += 2) touch(en[i]!, 2);
  }
  function touch(rank: number, field: number): void {
    if (fields[rank] === 0) touched.push(rank);
    count[rank]! += 3;
    fields[rank]! |= field;
  }
  const ranks = Int32Array.from(touched).sort();
  let size = 0;
  for (const rank of ranks) {
    start[rank] = size;
    size += count[rank]!;
    count[rank] = start[rank]!;
  }
  const triples = new Int32Array(size);
  for (let index = 0; index < postingsOf.length; index++) {
    for (let field = 0; field < 2; field++) {
      const postings = postingsOf[index]![field]!;
      for (let i = 0; i < postings.length; i += 2) {
        const rank = postings[i]!;
        const at = count[rank]!;
        triples[at] = index;
        triples[at + 1] = field;
        triples[at + 2] = postings[i + 1]!;
        count[rank] = at + 3;
      }
    }
  }
  const classOf = new Uint16Array(ranks.length);
  const classes: number[][] = [];
  // Classes by a hash of what they hold (FNV-1a over the numbers), each compared in full: no key is made per entity.
  const classesByHash = new Map<number, number[]>();
  for (let i = 0; i < ranks.length; i++) {
    const rank = ranks[i]!;
    const cn = fields[rank]! & 1 ? nameLengths[2 * rank]! : 0;
    const en = fields[rank]! & 2 ? nameLengths[2 * rank + 1]! : 0;
    const from = start[rank]!;
    const to = count[rank]!; // where its triples end, after the fill pass
    let hash = Math.imul(Math.imul(0x811c9dc5 ^ cn, 0x01000193) ^ en, 0x01000193);
    for (let j = from; j < to; j++) hash = Math.imul(hash ^ triples[j]!, 0x01000193);
    const candidates = classesByHash.get(hash);
    let index =
      candidates === undefined ? undefined : sameClass(classes, candidates, cn, en, triples.subarray(from, to));
    if (index === undefined) {
      index = classes.length;
      const entry = [cn, en];
      for (let j = from; j < to; j++) entry.push(triples[j]!);
      classes.push(entry);
      if (candidates === undefined) classesByHash.set(hash, [index]);
      else candidates.push(index);
    }
    classOf[i] = index;
  }
  for (const rank of ranks) {
    count[rank] = 0;
    fields[rank] = 0;
  }
  return { term, reached, classes, ranks, classOf };
}

// The class among `candidates` holding exactly these name lengths and triples, if any.
function sameClass(
  classes: readonly number[][],
  candidates: readonly number[],
  cn: number,
  en: number,
  held: Int32Array,
): number | undefined {
  for (const index of candidates) {
    const entry = classes[index]!;
    if (entry[0] !== cn || entry[1] !== en || entry.length !== held.length + 2) continue;
    let j = 0;
    while (j < held.length && entry[j + 2] === held[j]) j++;
    if (j === held.length) return index;
  }
  return undefined;
}

/**
 * Scores a common query term from its list, for the entities matching every term before
 * it (`kept`; undefined for the first term), adding their earlier scores: what scoreTerm in
 * term-scores.ts gives over the shards of its name terms, to the bit. A term that is not a
 * `prefix` term (a word of `text` before its last) matches only the entities holding the
 * term itself, the list's first reached term when it is that term, and scores only it.
 */
export function scoreCommon(
  statistics: ScoringStatistics,
  list: CommonList,
  query: QueryTerm,
  kept: TermScores | undefined,
): TermScores {
  // The reached terms a query term scores: all of them, or the term itself (first in code-unit order) or none. The list
  // may be another query term's reaching the same terms: weights are the query term's own.
  const scored = query.prefix ? list.reached.length : list.reached[0]?.[0] === query.term ? 1 : 0;
  // NaN for a class holding none of them: such an entity does not match.
  const classScores = list.classes.map((entry) => {
    let score = Number.NaN;
    for (let j = 2; j < entry.length; j += 3) {
      if (entry[j]! >= scored) continue;
      const [name, cn, en] = list.reached[entry[j]!]!;
      const field = entry[j + 1]! as 0 | 1;
      const weight = prefixWeight(query.term, name) * statistics.weights[field];
      score =
        (Number.isNaN(score) ? 0 : score) +
        weight *
          bm25(entry[j + 2]!, field === 0 ? cn : en, statistics.count, entry[field]!, statistics.averageLengths[field]);
    }
    return score;
  });
  const { ranks, classOf } = query.prefix ? list : exactly(list, classScores);
  if (kept === undefined) {
    const scores = new Float64Array(ranks.length);
    for (let i = 0; i < ranks.length; i++) scores[i] = classScores[classOf[i]!]!;
    return { ranks, scores };
  }
  // Both ascending: the entities in both, in one pass.
  const most = Math.min(ranks.length, kept.ranks.length);
  const matched = new Int32Array(most);
  const scores = new Float64Array(most);
  let count = 0;
  // No destructuring in this loop: a cold process runs it unoptimized, where each would allocate.
  for (let i = 0, j = 0; i < ranks.length && j < kept.ranks.length;) {
    const rank = ranks[i]!;
    const other = kept.ranks[j]!;
    if (rank < other) i++;
    else if (rank > other) j++;
    else {
      matched[count] = rank;
      scores[count++] = kept.scores[j]! + classScores[classOf[i]!]!;
      i++;
      j++;
    }
  }
  return { ranks: matched.subarray(0, count), scores: scores.subarray(0, count) };
}

// The entities of a list whose class scores a number: those holding the exact term.
function exactly(list: CommonList, classScores: readonly number[]): Pick<CommonList, 'ranks' | 'classOf'> {
  const ranks = new Int32Array(list.ranks.length);
  const classOf = new Uint16Array(list.ranks.length);
  let count = 0;
  for (let i = 0; i < list.ranks.length; i++) {
    if (Number.isNaN(classScores[list.classOf[i]!]!)) continue;
    ranks[count] = list.ranks[i]!;
    classOf[count++] = list.classOf[i]!;
  }
  return { ranks: ranks.subarray(0, count), classOf: classOf.subarray(0, count) };
}
