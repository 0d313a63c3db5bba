/**
 * Keyword search for `q` and `text` (docs/api.md#search, docs/api.md#text, docs/api.md#relevance):
 * one tokenizer, and which index terms a query term reaches, used both to build the index
 * files and to query them. The index of `q` and its scores are MiniSearch 7's with fields
 * `cn` and `en`, this tokenizer, prefix search for {@link reachesPrefixes} terms and no fuzzy
 * match (test/query/semantics holds the index to MiniSearch's own to the bit, the scores within 1e-13);
 * the index of `text` is made alike from its own two fields and terms (searches.ts).
 */
import { type Entity, type Kind, indexTerm, searchedTexts, type Search } from '../semantics/index.js';

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK_RUN = new RegExp(`^[${CJK}]+$`, 'u');
// A run of CJK characters, or a run of other letters/marks/digits (the `v` flag subtracts CJK).
const TOKEN = new RegExp(`[${CJK}]+|[[\\p{L}\\p{M}\\p{N}]--[${CJK}]]+`, 'gv');
const ASCII = /^[\u0000-\u007f]*$/;
const ASCII_WORD = /[a-z0-9]+/g;

/**
 * The most characters a word keeps as a term: a longer one (a text of 100,000 letters, which
 * sources allow) is cut, so that the prefixes the index lists of it stay few.
 */
export const MAX_TERM_LENGTH = 64;

/**
 * Splits text into search terms (a word of more than {@link MAX_TERM_LENGTH} characters cut to them). Latin and other alphabetic text becomes lower-cased
 * words with accents removed (`Köln` → `koln`); a run of CJK characters becomes its
 * overlapping bigrams (`汽车展` → `汽车`, `车展`), or the character itself when alone,
 * so any run of two or more characters of a name finds it.
 */
export function tokenize(text: string): string[] {
  // ASCII text is its own NFKD and NFKC form, has no accents, and its letters and digits are [a-z0-9] once lower-cased:
  // most of the texts indexed (English names, intros, tags) are cut here without normalizing them twice.
  if (ASCII.test(text)) {
    const words = text.replace(/'/g, '').toLowerCase().match(ASCII_WORD) ?? [];
    return words.map((word) => (word.length > MAX_TERM_LENGTH ? word.slice(0, MAX_TERM_LENGTH) : word));
  }
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '') // Xi'an → xian
    .normalize('NFKC')
    .toLowerCase();
  const terms: string[] = [];
  for (const [token] of folded.matchAll(TOKEN)) {
    if (!CJK_RUN.test(token)) {
      terms.push(token.length > MAX_TERM_LENGTH ? [...token].slice(0, MAX_TERM_LENGTH).join('') : token);
      continue;
    }
    const chars = [...token];
    if (chars.length === 1) terms.push(token);
    for (let i = 0; i + 1 < chars.length; i++) terms.push(`${chars[i]}${chars[i + 1]}`);
  }
  return terms;
}

/** Latin words and lone CJK characters match as prefixes; CJK bigrams match exactly. */
function isPrefixTerm(term: string): boolean {
  return !(CJK_RUN.test(term) && [...term].length >= 2);
}

/** A term's postings in one name field, flat: rank, term frequency, rank, term frequency, …, ranks ascending. */
export type FieldPostings = Int32Array;

/**
 * A kind's entities indexed for a search: what MiniSearch's index of them holds. The two
 * fields are called `cn` and `en` after the names `q` searches; for `text` they are the
 * keywords and the description (searches.ts).
 */
export interface IndexedTerms {
  /** Each term with its postings in the `cn` and `en` fields, terms in no particular order. */
  terms: Map<string, [cn: FieldPostings, en: FieldPostings]>;
  /** Per rank, the distinct terms of its `cn` and `en` fields. */
  lengths: [cn: number, en: number][];
  /** The averages of {@link lengths}, as MiniSearch computes them. */
  averageLengths: [cn: number, en: number];
}

/**
 * Indexes entities listed in the default order exactly as MiniSearch would with the
 * options above (each entity's id its rank): the whole index of a kind,
 * from which the build cuts the shards of its search index (term-shards.ts), made without
 * MiniSearch's tree, which costs two to three times as much. A field's length is its count of
 * distinct terms and the averages are MiniSearch's running means in its order of
 * operations, so they are equal to the bit (test/query/semantics holds this to MiniSearch's own index).
 *
 * Terms are numbered as first met, and each entity's distinct terms are counted by number and
 * kept as (number, frequency) in one growing array a field; the postings of every term are
 * then laid out in one array a field, views of which the map holds. A word costs one lookup,
 * not three, and there is no array a term to grow: at L the `text` index of the exhibitors
 * holds tens of millions of postings.
 */
export function indexTerms(search: Search, kind: Kind, entities: readonly Entity[]): IndexedTerms {
  const numbering: TermNumbering = { numbers: new Map(), terms: [], known: new Map() };
  const lengths: [number, number][] = new Array(entities.length);
  const averageLengths: [number, number] = [0, 0];
  const held = [new GrowingInts(), new GrowingInts()] as const;
  let frequency: Int32Array = new Int32Array(1024);
  const counted: number[] = [];
  for (let rank = 0; rank < entities.length; rank++) {
    const length: [number, number] = [0, 0];
    const texts = searchedTexts(search, kind, entities[rank]!);
    for (const field of [0, 1] as const) {
      counted.length = 0;
      for (const text of texts[field]) {
        const numbers = termNumbersOf(search, text, numbering);
        for (let i = 0; i < numbers.length; i++) {
          const number = numbers[i]!;
          if (number >= frequency.length) frequency = grown(frequency, number + 1);
          if (frequency[number]!++ === 0) counted.push(number);
        }
      }
      length[field] = counted.length;
      averageLengths[field] = (averageLengths[field] * rank + counted.length) / (rank + 1);
      for (const number of counted) {
        held[field].push(number, frequency[number]!, rank);
        frequency[number] = 0;
      }
    }
    lengths[rank] = length;
  }
  const postings = held.map((field) => layOut(field, numbering.terms.length));
  const terms = new Map<string, [FieldPostings, FieldPostings]>();
  numbering.terms.forEach((term, number) => terms.set(term, [postings[0]!(number), postings[1]!(number)]));
  return { terms, lengths, averageLengths };
}

// The terms met so far and their numbers, and the numbers of the terms of short texts already cut.
interface TermNumbering {
  numbers: Map<string, number>;
  terms: string[];
  known: Map<string, Int32Array>;
}

// Short texts repeat across entities (tags, places, names of fairs): the index terms of each are made once, up to a bound.
const KNOWN_TEXT_LENGTH = 100;
const KNOWN_TEXTS = 200_000;

// The numbers of the index terms of a text for a search, from `known` when made already.
function termNumbersOf(search: Search, text: string, numbering: TermNumbering): Int32Array {
  const short = text.length <= KNOWN_TEXT_LENGTH;
  let numbers = short ? numbering.known.get(text) : undefined;
  if (numbers === undefined) {
    const tokens = tokenize(text);
    numbers = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const term = search === 'q' ? tokens[i]! : indexTerm(search, tokens[i]!);
      let number = numbering.numbers.get(term);
      if (number === undefined) numbering.numbers.set(term, (number = numbering.terms.push(term) - 1));
      numbers[i] = number;
    }
    if (short && numbering.known.size < KNOWN_TEXTS) numbering.known.set(text, numbers);
  }
  return numbers;
}

// A field's (term number, frequency, rank) triples, ranks ascending, as each term's postings: one array, a view of it a term.
function layOut(held: GrowingInts, termCount: number): (number: number) => FieldPostings {
  const triples = held.values;
  const starts = new Int32Array(termCount + 1);
  for (let i = 0; i < held.length; i += 3) starts[triples[i]! + 1]! += 2;
  for (let number = 0; number < termCount; number++) starts[number + 1]! += starts[number]!;
  const postings = new Int32Array(starts[termCount]!);
  const next = starts.slice(0, termCount);
  for (let i = 0; i < held.length; i += 3) {
    const at = next[triples[i]!]!;
    postings[at] = triples[i + 2]!;
    postings[at + 1] = triples[i + 1]!;
    next[triples[i]!] = at + 2;
  }
  return (number) => postings.subarray(starts[number]!, starts[number + 1]!);
}

// An array of integers that grows as it is pushed to.
class GrowingInts {
  values: Int32Array = new Int32Array(1 << 16);
  length = 0;

  push(a: number, b: number, c: number): void {
    if (this.length + 3 > this.values.length) this.values = grown(this.values, this.length + 3);
    this.values[this.length++] = a;
    this.values[this.length++] = b;
    this.values[this.length++] = c;
  }
}

// `values` in an array of at least `least` (twice as long, or more).
function grown(values: Int32Array, least: number): Int32Array {
  const larger = new Int32Array(Math.max(least, 2 * values.length));
  larger.set(values);
  return larger;
}

/**
 * The terms of an index a query term reaches: itself and every longer term it begins
 * (a prefix term), or only itself (a CJK bigram).
 */
export function reachesPrefixes(term: string): boolean {
  return isPrefixTerm(term);
}

/** The range [first, end) of sorted index terms a query term reaches: those it begins (a `prefix` term), or itself. */
export function reachedRange(sorted: readonly string[], term: string, prefix: boolean): [first: number, end: number] {
  const first = firstAtOrAfter(sorted, term);
  let end = first;
  if (prefix) while (end < sorted.length && sorted[end]!.startsWith(term)) end++;
  else if (sorted[first] === term) end++;
  return [first, end];
}

// The index of the first of sorted `terms` not before `term` (code-unit order).
function firstAtOrAfter(terms: readonly string[], term: string): number {
  let [low, high] = [0, terms.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (terms[middle]! < term) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A term of a query: what it must equal, or begin when it is a `prefix` term. */
export interface QueryTerm {
  term: string;
  prefix: boolean;
}

/**
 * The shortest word the last word of a `text` is a prefix of others from: a prefix of one or
 * two letters says little of what an agent looks for, and would reach most of the index.
 */
export const TEXT_PREFIX_LENGTH = 3;

/**
 * Whether a term of a search can be a prefix term: every term of `q` but a CJK bigram; of
 * `text`, a lone CJK character and a word of {@link TEXT_PREFIX_LENGTH} code units or more.
 */
export function canBePrefix(search: Search, term: string): boolean {
  if (search === 'q' || CJK_RUN.test(term)) return reachesPrefixes(term);
  return term.length >= TEXT_PREFIX_LENGTH;
}

/**
 * The distinct terms of a search's value, in the order they are searched; a term given twice
 * counts once (docs/api.md#relevance). Every term of `q` but a CJK bigram is a prefix term; of
 * `text`, a lone CJK character, and the last term when it is a word of three or more code
 * units not given before (docs/api.md#text).
 */
export function queryTerms(search: Search, value: string): QueryTerm[] {
  const tokens = tokenize(value).map((token) => indexTerm(search, token));
  const distinct = [...new Set(tokens)];
  if (search === 'q') return distinct.map((term) => ({ term, prefix: reachesPrefixes(term) }));
  const last = tokens.length - 1;
  return distinct.map((term) => {
    const prefix = canBePrefix(search, term) && (CJK_RUN.test(term) || tokens.indexOf(term) === last);
    return { term, prefix };
  });
}
