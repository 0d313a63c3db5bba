/**
 * Keyword search for `q` (docs/api.md#search, docs/api.md#relevance): one tokenizer and
 * one MiniSearch configuration, used both to build the index files and to query them.
 * MiniSearch must load an index with the very options it was built with, so they live
 * only here.
 */
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { NAME_FIELDS, type Kind } from './kinds.js';

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK_RUN = new RegExp(`^[${CJK}]+$`, 'u');
// A run of CJK characters, or a run of other letters/marks/digits (the `v` flag subtracts CJK).
const TOKEN = new RegExp(`[${CJK}]+|[[\\p{L}\\p{M}\\p{N}]--[${CJK}]]+`, 'gv');

/** A document as indexed: its rank in the default order and its two name fields. */
export interface SearchDocument {
  id: number;
  cn: string;
  en: string;
}

/**
 * Splits text into search terms. Latin and other alphabetic text becomes lower-cased
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
      terms.push(token);
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

const searchOptions: SearchOptions = {
  combineWith: 'AND',
  prefix: isPrefixTerm,
  fuzzy: false,
  tokenize,
  processTerm: (term) => term,
};

/** The MiniSearch options of every index, for building and for loading alike. */
export const SEARCH_OPTIONS: Options<SearchDocument> = {
  fields: ['cn', 'en'],
  storeFields: [],
  tokenize,
  processTerm: (term) => term,
  searchOptions,
};

// The document to index for an entity of a kind at a rank of the default order.
function searchDocument(kind: Kind, entity: Record<string, unknown>, rank: number): SearchDocument {
  const [cnField, enField] = NAME_FIELDS[kind];
  return { id: rank, cn: textOf(entity[cnField]), en: textOf(entity[enField]) };
}

/**
 * The Chinese and English name of every entity, by rank, `""` when absent: what a search
 * index file stores for `q` (docs/api.md#search-index). Names compress far better than a
 * serialized index, and indexing them on load uses the very options of every index.
 */
export type SearchNames = [cn: string, en: string][];

/** The names to store for entities listed in the default order. */
export function searchNames(kind: Kind, entities: readonly Record<string, unknown>[]): SearchNames {
  return entities.map((entity, rank) => {
    const { cn, en } = searchDocument(kind, entity, rank);
    return [cn, en];
  });
}

/** Builds an index over entities listed in the default order. */
export function buildSearchIndex(kind: Kind, entities: readonly Record<string, unknown>[]): MiniSearch<SearchDocument> {
  return indexNames(searchNames(kind, entities));
}

/** Indexes names listed by rank ({@link SearchNames}), as stored in a search index file. */
export function indexNames(names: SearchNames): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  index.addAll(names.map(([cn, en], id) => ({ id, cn, en })));
  return index;
}

/**
 * Ranks (positions in the default order) of the entities matching `q`, in relevance
 * order, ties in the default order (docs/api.md#relevance).
 *
 * The terms are combined with AND as MiniSearch would (each term's score summed in term
 * order, times the number of terms), but a term given twice counts once, and the terms
 * are searched one at a time: a later term scores only the entities every earlier term
 * matched, and the search stops at the first term that leaves none. So `co co co …`
 * costs what `co` costs, and `a b c … z` stops after a few letters.
 */
export function searchRanks(index: MiniSearch<SearchDocument>, q: string): number[] {
  const terms = [...new Set(tokenize(q))];
  let scores: Map<number, number> | undefined;
  for (const term of terms) {
    const kept = scores;
    // A zero boost makes MiniSearch skip an entity before scoring it; a boost of 1 leaves the score as it is.
    const options: SearchOptions = kept === undefined ? {} : { boostDocument: (id) => (kept.has(id as number) ? 1 : 0) };
    const next = new Map<number, number>();
    for (const result of index.search(term, options)) {
      const id = result.id as number;
      next.set(id, kept === undefined ? result.score : kept.get(id)! + result.score);
    }
    scores = next;
    if (scores.size === 0) break;
  }
  return [...(scores ?? [])]
    .map(([id, score]) => ({ id, score: score * terms.length }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .map((result) => result.id);
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
