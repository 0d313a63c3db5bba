/**
 * The two searches of the dataset endpoint (docs/api.md#search, docs/api.md#text): `q` over the
 * names, `text` over every descriptive field. Each reads two index fields per entity, made of
 * the entity's fields below, and has its own terms and weights; both are indexed, cut into
 * documents, read and scored by the same code (search.ts, term-shards.ts, common-terms.ts).
 */
import type { Entity } from './entity.js';
import { NAME_FIELDS, type Kind } from './kinds.js';
import { singular } from './singular.js';
import { splitAlternatives } from './alternatives.js';

/** The searching parameters, in canonical URL order. */
export const SEARCHES = ['q', 'text'] as const;
export type Search = (typeof SEARCHES)[number];

/** The text of each search, by parameter: one or both may be given. */
export type SearchTexts = Partial<Record<Search, string>>;

/**
 * The fields of a kind each index field of a search is made of. `q`: the two names, each a
 * field of its own. `text`: the fields `_rag_text` is made of, as the keywords (names and tags)
 * and the description (introduction, history, places, organizer).
 */
export const SEARCH_FIELDS: Readonly<
  Record<Search, Readonly<Record<Kind, readonly [readonly string[], readonly string[]]>>>
> = {
  q: {
    exhibition: [[NAME_FIELDS.exhibition[0]], [NAME_FIELDS.exhibition[1]]],
    exhibitor: [[NAME_FIELDS.exhibitor[0]], [NAME_FIELDS.exhibitor[1]]],
    service_provider: [[NAME_FIELDS.service_provider[0]], [NAME_FIELDS.service_provider[1]]],
  },
  text: {
    exhibition: [
      ['name_cn', 'name_en', 'industry_tags_en', 'industry_tags_cn'],
      ['organizer', 'venue', 'city', 'country'],
    ],
    exhibitor: [
      ['company_cn', 'company_en', 'product_tags', 'industry_tags', 'tags'],
      ['intro', 'exhibit_history'],
    ],
    service_provider: [
      ['name_cn', 'name_en', 'service_types', 'good_at_industry'],
      ['intro', 'cover_regions'],
    ],
  },
};

/** The weight of each index field in a score: `q` weighs both names alike, `text` its keywords twice its description. */
export const FIELD_WEIGHTS: Readonly<Record<Search, readonly [number, number]>> = { q: [1, 1], text: [2, 1] };

/** The two index fields of an entity for a search: the texts of each, its fields' strings and the strings of their arrays, in order (empty ones left out). */
export function searchedTexts(search: Search, kind: Kind, entity: Entity): [string[], string[]] {
  const [first, second] = SEARCH_FIELDS[search][kind];
  return [textsOf(entity, first), textsOf(entity, second)];
}

function textsOf(entity: Entity, fields: readonly string[]): string[] {
  const texts: string[] = [];
  for (const field of fields) {
    const value = entity[field];
    if (typeof value === 'string') {
      if (value !== '') texts.push(value);
    } else if (Array.isArray(value))
      for (const item of value) if (typeof item === 'string' && item !== '') texts.push(item);
  }
  return texts;
}

/** How a search turns a term of the tokenizer into an index term: `text` folds English plurals to the singular. */
export function indexTerm(search: Search, term: string): string {
  return search === 'text' ? singular(term) : term;
}

/** The searches a query gives, in the order their scores are added: each with its value. */
export function givenSearches(searches: SearchTexts): [Search, string][] {
  return SEARCHES.flatMap((search): [Search, string][] =>
    searches[search] === undefined ? [] : [[search, searches[search]!]],
  );
}

/** Most alternatives a `text` takes. */
export const MAX_ALTERNATIVES = 8;

/** The alternatives of a search's value: `text`'s as {@link splitAlternatives} gives them; `q`'s value whole. */
export function alternativesOf(search: Search, value: string): string[] {
  return search === 'text' ? splitAlternatives(value) : [value];
}
