/**
 * Keyword search for `q` and `text` (docs/api.md#search, docs/api.md#text, docs/api.md#relevance):
 * one tokenizer, and which index terms a query term reaches, used both to build the index
 * files and to query them. The index of `q` and its scores are MiniSearch 7's with fields
 * `cn` and `en`, this tokenizer, prefix search for {@link reachesPrefixes} terms and no fuzzy
 * match (test/search holds the index to MiniSearch's own to the bit, the scores within 1e-13);
 * the index of `text` is made alike from its own two fields and terms (searches.ts).
 */
import type { Entity } from './entity.js';
import type { Kind } from './kinds.js';
import { indexTerm, searchedTexts, type Search } from './searches.js';

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK_RUN = new RegExp(`^[${CJK}]+$`, 'u');
// A run of CJK characters, or a run of other letters/marks/digits (the `v` flag subtracts CJK).
const TOKEN = new RegExp(`[${CJK}]+|[[\\p{L}\\p{M}\\p{N}]--[${CJK}]]+`, 'gv');

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
export type FieldPostings = number[];

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
 * operations, so they are equal to the bit (test/search holds this to MiniSearch's own index).
 */
export function indexTerms(search: Search, kind: Kind, entities: readonly Entity[]): IndexedTerms {
  const terms = new Map<string, [FieldPostings, FieldPostings]>();
  const lengths: [number, number][] = new Array(entities.length);
  const averageLengths: [number, number] = [0, 0];
  const counts = new Map<string, number>();
  const known = new Map<string, readonly string[]>();
  for (let rank = 0; rank < entities.length; rank++) {
    const length: [number, number] = [0, 0];
    const texts = searchedTexts(search, kind, entities[rank]!);
    for (const field of [0, 1] as const) {
      counts.clear();
      for (const text of texts[field]) for (const term of indexTermsOf(search, text, known)) counts.set(term, (counts.get(term) ?? 0) + 1);
      length[field] = counts.size;
      averageLengths[field] = (averageLengths[field] * rank + counts.size) / (rank + 1);
      for (const [term, tf] of counts) {
        let postings = terms.get(term);
        if (postings === undefined) terms.set(term, (postings = [[], []]));
        postings[field].push(rank, tf);
      }
    }
    lengths[rank] = length;
  }
  return { terms, lengths, averageLengths };
}

// Short texts repeat across entities (tags, places, names of fairs): the index terms of each are made once, up to a bound.
const KNOWN_TEXT_LENGTH = 100;
const KNOWN_TEXTS = 200_000;

// The index terms of a text for a search, from `known` when made already.
function indexTermsOf(search: Search, text: string, known: Map<string, readonly string[]>): readonly string[] {
  const short = text.length <= KNOWN_TEXT_LENGTH;
  let terms = short ? known.get(text) : undefined;
  if (terms === undefined) {
    terms = search === 'q' ? tokenize(text) : tokenize(text).map((token) => indexTerm(search, token));
    if (short && known.size < KNOWN_TEXTS) known.set(text, terms);
  }
  return terms;
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
