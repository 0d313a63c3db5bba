/**
 * A kind's entities as the terms each holds (a forward index), and the index of terms turned
 * from it ({@link invertForward}): how the build indexes a search. Terms are numbered; each
 * entity keeps its distinct terms' numbers with their frequencies, so that a rebuild can take
 * the numbers of the entities whose records did not change from the previous build's (its term
 * cache, pipeline/cache/term-cache.ts) and tokenize only the others.
 */
import { type Entity, type Kind, indexTerm, searchedTexts, type Search } from '../semantics/index.js';
import { tokenize, type FieldPostings, type IndexedTerms } from './search.js';

/** The terms of each entity of a kind for a search, entities in the default order. */
export interface ForwardIndex {
  /** Terms by number. A numbering kept from a previous build may hold terms no entity holds any longer. */
  terms: string[];
  /** Each entity's distinct terms as (number, frequency) pairs, rank after rank, its `cn` field's then its `en` field's. */
  pairs: Int32Array;
  /** Where in {@link pairs} each field of each rank begins: rank r's `cn` at `starts[2r]`, its `en` at `starts[2r + 1]`, up to `starts[2r + 2]`. */
  starts: Int32Array;
}

/** The pairs of entities known from a previous index, numbered by its terms. */
export interface KnownTerms {
  /** The numbering of the known pairs: terms by number. */
  terms: readonly string[];
  /** Pairs the known entities hold in all, about: room made at once. */
  pairCount: number;
  /**
   * Appends the pairs of the entity of `rank`, its `cn` field's then its `en` field's, when they
   * are known, and gives where in `pairs` its `en` field's begin; -1, appending nothing, when not.
   */
  append(rank: number, pairs: GrowingInts): number;
}

/**
 * The forward index of a search over entities listed in the default order: the entities
 * `known` knows keep their pairs and its numbering, and the others are tokenized, a new term
 * numbered after the known ones.
 */
export function forwardIndex(
  search: Search,
  kind: Kind,
  entities: readonly Entity[],
  known?: KnownTerms,
): ForwardIndex {
  const numbering = new TermNumbering(search, known?.terms ?? []);
  const pairs = new GrowingInts(known === undefined ? 1 << 16 : 2 * known.pairCount + (1 << 16));
  const starts = new Int32Array(2 * entities.length + 1);
  let frequency: Int32Array = new Int32Array(1024);
  const counted: number[] = [];
  for (let rank = 0; rank < entities.length; rank++) {
    starts[2 * rank] = pairs.length;
    const en = known === undefined ? -1 : known.append(rank, pairs);
    if (en !== -1) {
      starts[2 * rank + 1] = en;
      continue;
    }
    const texts = searchedTexts(search, kind, entities[rank]!);
    for (const field of [0, 1] as const) {
      starts[2 * rank + field] = pairs.length;
      counted.length = 0;
      for (const text of texts[field]) {
        const numbers = numbering.numbersOf(text);
        for (let i = 0; i < numbers.length; i++) {
          const number = numbers[i]!;
          if (number >= frequency.length) frequency = grown(frequency, number + 1);
          if (frequency[number]!++ === 0) counted.push(number);
        }
      }
      for (const number of counted) {
        pairs.push(number, frequency[number]!);
        frequency[number] = 0;
      }
    }
  }
  starts[2 * entities.length] = pairs.length;
  return { terms: numbering.terms, pairs: pairs.values.subarray(0, pairs.length), starts };
}

/**
 * The index of terms of a forward index: each term some entity holds with its postings in each
 * field, the entities' field lengths (their counts of distinct terms) and their averages as
 * MiniSearch computes them, running means in rank order, equal to the bit.
 */
export function invertForward({ terms: numbered, pairs, starts }: ForwardIndex): IndexedTerms {
  const count = (starts.length - 1) / 2;
  const lengths: [number, number][] = new Array(count);
  const averageLengths: [number, number] = [0, 0];
  for (let rank = 0; rank < count; rank++) {
    const length: [number, number] = [0, 0];
    for (const field of [0, 1] as const) {
      length[field] = (starts[2 * rank + field + 1]! - starts[2 * rank + field]!) / 2;
      averageLengths[field] = (averageLengths[field] * rank + length[field]) / (rank + 1);
    }
    lengths[rank] = length;
  }
  const postings = ([0, 1] as const).map((field) => layOut(pairs, starts, field, numbered.length));
  const terms = new Map<string, [FieldPostings, FieldPostings]>();
  numbered.forEach((term, number) => {
    const [cn, en] = [postings[0]!(number), postings[1]!(number)];
    if (cn.length + en.length > 0) terms.set(term, [cn, en]);
  });
  return { terms, lengths, averageLengths };
}

/**
 * Renumbers a forward index's terms to those some entity holds, in their order, when the
 * others are more than as many again (and a block of terms): a numbering kept from build to
 * build only grows. Whether it renumbered.
 */
export function compactNumbering(forward: ForwardIndex): boolean {
  const held = new Uint8Array(forward.terms.length);
  for (let i = 0; i < forward.pairs.length; i += 2) held[forward.pairs[i]!] = 1;
  const live = held.reduce((sum, mark) => sum + mark, 0);
  if (forward.terms.length <= 2 * live + SPARE_TERMS) return false;
  const renumbered = new Int32Array(forward.terms.length).fill(-1);
  const terms: string[] = [];
  forward.terms.forEach((term, number) => {
    if (held[number]) renumbered[number] = terms.push(term) - 1;
  });
  for (let i = 0; i < forward.pairs.length; i += 2) forward.pairs[i] = renumbered[forward.pairs[i]!]!;
  forward.terms = terms;
  return true;
}

// Terms no entity holds a numbering keeps beyond as many as the held ones.
const SPARE_TERMS = 4_096;

// Short texts repeat across entities (tags, places, names of fairs): the index terms of each are made once, up to a bound.
const KNOWN_TEXT_LENGTH = 100;
const KNOWN_TEXTS = 200_000;

// The terms met so far and their numbers, and the numbers of the terms of short texts already cut.
class TermNumbering {
  readonly terms: string[];
  // Made on the first text cut: a rebuild that tokenizes nothing never makes it.
  private numbers: Map<string, number> | undefined;
  private readonly known = new Map<string, Int32Array>();

  constructor(
    private readonly search: Search,
    terms: readonly string[],
  ) {
    this.terms = [...terms];
  }

  // The numbers of the index terms of a text, from `known` when made already.
  numbersOf(text: string): Int32Array {
    const short = text.length <= KNOWN_TEXT_LENGTH;
    let numbers = short ? this.known.get(text) : undefined;
    if (numbers !== undefined) return numbers;
    const byTerm = (this.numbers ??= new Map(this.terms.map((term, number) => [term, number])));
    const tokens = tokenize(text);
    numbers = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const term = this.search === 'q' ? tokens[i]! : indexTerm(this.search, tokens[i]!);
      let number = byTerm.get(term);
      if (number === undefined) byTerm.set(term, (number = this.terms.push(term) - 1));
      numbers[i] = number;
    }
    if (short && this.known.size < KNOWN_TEXTS) this.known.set(text, numbers);
    return numbers;
  }
}

// A field's postings of every term, laid out in one array (rank, frequency pairs, ranks ascending), a view of it a term.
function layOut(
  pairs: Int32Array,
  starts: Int32Array,
  field: 0 | 1,
  termCount: number,
): (number: number) => FieldPostings {
  const count = (starts.length - 1) / 2;
  const at = new Int32Array(termCount + 1);
  for (let rank = 0; rank < count; rank++)
    for (let i = starts[2 * rank + field]!; i < starts[2 * rank + field + 1]!; i += 2) at[pairs[i]! + 1]! += 2;
  for (let number = 0; number < termCount; number++) at[number + 1]! += at[number]!;
  const postings = new Int32Array(at[termCount]!);
  const next = at.slice(0, termCount);
  for (let rank = 0; rank < count; rank++) {
    for (let i = starts[2 * rank + field]!; i < starts[2 * rank + field + 1]!; i += 2) {
      const number = pairs[i]!;
      postings[next[number]!] = rank;
      postings[next[number]! + 1] = pairs[i + 1]!;
      next[number]! += 2;
    }
  }
  return (number) => postings.subarray(at[number]!, at[number + 1]!);
}

/** An array of integers that grows as pairs are pushed to it. */
export class GrowingInts {
  values: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.values = new Int32Array(capacity);
  }

  /** Appends `a` and `b`. */
  push(a: number, b: number): void {
    if (this.length + 2 > this.values.length) this.values = grown(this.values, this.length + 2);
    this.values[this.length++] = a;
    this.values[this.length++] = b;
  }
}

// `values` in an array of at least `least` (twice as long, or more).
function grown(values: Int32Array, least: number): Int32Array {
  const larger = new Int32Array(Math.max(least, 2 * values.length));
  larger.set(values);
  return larger;
}

/**
 * Indexes entities listed in the default order exactly as MiniSearch would with the options of
 * search.ts (each entity's id its rank): the whole index of a kind, from which the build cuts
 * the shards of its search index (term-shards.ts), made without MiniSearch's tree, which costs
 * two to three times as much (test/query/search holds it to MiniSearch's own index).
 */
export function indexTerms(search: Search, kind: Kind, entities: readonly Entity[]): IndexedTerms {
  return invertForward(forwardIndex(search, kind, entities));
}
