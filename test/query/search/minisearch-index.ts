/**
 * MiniSearch 7 configured as our search is defined (docs/api.md#relevance): fields `cn` and
 * `en`, our tokenizer, prefix search for the terms that reach prefixes, no fuzzy match. The
 * yardstick our index and our scores are held to, to the bit.
 */
import MiniSearch, { type Options } from 'minisearch';
import { NAME_FIELDS, type Kind } from '../../../src/query/semantics/index.js';
import { reachesPrefixes, tokenize } from '../../../src/query/search/search.js';

/** A document as MiniSearch indexes it: its rank and its two names. */
export interface SearchDocument {
  id: number;
  cn: string;
  en: string;
}

/** The options of the yardstick index. */
export const SEARCH_OPTIONS: Options<SearchDocument> = {
  fields: ['cn', 'en'],
  storeFields: [],
  tokenize,
  processTerm: (term) => term,
  searchOptions: { combineWith: 'AND', prefix: reachesPrefixes, fuzzy: false, tokenize, processTerm: (term) => term },
};

/** MiniSearch's index of entities listed in the default order, each by its rank. */
export function miniSearchOf(kind: Kind, entities: readonly Record<string, unknown>[]): MiniSearch<SearchDocument> {
  const [cnField, enField] = NAME_FIELDS[kind];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const index = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  index.addAll(entities.map((entity, rank) => ({ id: rank, cn: text(entity[cnField]), en: text(entity[enField]) })));
  return index;
}
