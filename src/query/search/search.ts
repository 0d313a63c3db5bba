/**
 * Keyword search for `q` and `text` (docs/api.md#search, docs/api.md#text, docs/api.md#relevance):
 * one tokenizer, and which index terms a query term reaches, used both to build the index
 * files and to query them. The index of `q` and its scores are MiniSearch 7's with fields
 * `cn` and `en`, this tokenizer, prefix search for {@link reachesPrefixes} terms and no fuzzy
 * match (test/query/semantics holds the index to MiniSearch's own to the bit, the scores within 1e-13);
 * the index of `text` is made alike from its own two fields and terms (searches.ts).
 */
import { indexTerm, type Search } from '../semantics/index.js';

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK_RUN = new RegExp(`^[${CJK}]+$`, 'u');
// A run of CJK characters, or a run of other letters/marks/digits (the `v` flag subtracts CJK).
const TOKEN = new RegExp(`[${CJK}]+|[[\\p{L}\\p{M}\\p{N}]--[${CJK}]]+`, 'gv');
const ASCII = /^[\u0000-\u007f]*$/;
const ASCII_WORD = /[a-z0-9]+/g;
// ASCII, the CJK Unified Ideographs (Han, none of them changed by NFKD, NFKC or lower-casing) and the
// punctuation Chinese text uses most (no letter, digit or apostrophe before or after NFKC): text of
// these alone is cut as the normalizing path cuts it (semantics.test.ts holds it), without normalizing.
const ASCII_AND_HAN =
  /^[\u0000-\u007f\u4e00-\u9fff\u3001\u3002\uff01\uff08\uff09\uff0c\uff1a\uff1b\uff1f\u201c\u201d]*$/;
const HAN_RUN_OR_ASCII_WORD = /[\u4e00-\u9fff]+|[a-z0-9]+/g;

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
    return words.map(cutAsciiWord);
  }
  // Most Chinese text (names, intros) is ASCII and Han alone: its characters are one UTF-16 unit each.
  if (ASCII_AND_HAN.test(text)) {
    const terms: string[] = [];
    for (const [token] of text.replace(/'/g, '').toLowerCase().matchAll(HAN_RUN_OR_ASCII_WORD)) {
      if (token.charCodeAt(0) < 0x80) terms.push(cutAsciiWord(token));
      else if (token.length === 1) terms.push(token);
      else for (let i = 0; i + 1 < token.length; i++) terms.push(token.slice(i, i + 2));
    }
    return terms;
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

// An ASCII word cut to MAX_TERM_LENGTH characters (one UTF-16 unit each).
function cutAsciiWord(word: string): string {
  return word.length > MAX_TERM_LENGTH ? word.slice(0, MAX_TERM_LENGTH) : word;
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
