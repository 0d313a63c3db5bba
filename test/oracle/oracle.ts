/**
 * A deliberately naive, independent oracle for the query semantics of
 * `/api/public/dataset` (docs/api.md#parameters to docs/api.md#pagination): plain arrays, filter, sort, search and
 * paginate written as simply as possible, the way minisearch checks its radix tree against
 * a plain Map. It shares no code with src/ and uses no library: when the two disagree, one
 * of them has a bug.
 */

/** The three kinds of entities. */
export type OracleKind = 'exhibition' | 'exhibitor' | 'service_provider';

/** An entity as the site serves it: an id and any other fields. */
export interface OracleEntity {
  id: string;
  [field: string]: unknown;
}

/** What the oracle needs besides the entities. */
export interface OracleOptions {
  baseUrl: string;
  dictionary: Record<OracleKind, unknown>;
}

/** A 200 answer's body without `generated_at`, or the parameter a 400 names. */
export type OracleAnswer = { status: 200; body: Record<string, unknown> } | { status: 400; parameter: string };

/** The oracle's questions: a query, a static listing page, the listings, the default order. */
export interface Oracle {
  /** Answer to the query string of /api/public/dataset (without the leading `?`). */
  answer(queryString: string): OracleAnswer;
  /** A static listing page, or undefined when the site has no such page. */
  listingPage(
    type: string,
    filters: Partial<Record<'industry' | 'country' | 'city', string>>,
    page: number,
    urlOfPage: (page: number) => string,
  ): Record<string, unknown> | undefined;
  /** The combinations of filter values that have a listing for a type: `JSON.stringify([industry, country, city])`, null for none. */
  combinations(type: string): Set<string>;
  /** The entities of a kind in the default order. */
  ranked(kind: OracleKind): readonly OracleEntity[];
}

type Filter = 'industry' | 'country' | 'city';
type Filters = Partial<Record<Filter, string>>;
/** The matches of each kind of a type, in answer order. */
type Matches = readonly (readonly [OracleKind, OracleEntity[]])[];

const KINDS: readonly OracleKind[] = ['exhibition', 'exhibitor', 'service_provider'];
const COLLECTIONS: Record<OracleKind, string> = { exhibition: 'exhibitions', exhibitor: 'exhibitors', service_provider: 'service_providers' };
const FILTERS: readonly Filter[] = ['industry', 'country', 'city'];
const FILTER_FIELDS: Record<OracleKind, Record<Filter, readonly string[]>> = {
  exhibition: { industry: ['industry_tags_en', 'industry_tags_cn'], country: ['country'], city: ['city'] },
  exhibitor: { industry: ['industry_tags'], country: ['country'], city: ['city'] },
  service_provider: { industry: ['good_at_industry'], country: ['cover_regions'], city: ['cover_regions'] },
};
/** The two name fields of each kind, `cn` then `en`. */
const NAME_FIELDS: Record<OracleKind, readonly [string, string]> = {
  exhibition: ['name_cn', 'name_en'],
  exhibitor: ['company_cn', 'company_en'],
  service_provider: ['name_cn', 'name_en'],
};
const PARAMETERS = ['type', 'q', 'industry', 'country', 'city', 'limit', 'offset'];
const PAGE_SIZE = 100;
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const TOKEN = new RegExp(`[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{M}\\p{N}])+`, 'gu');
const CJK_ONLY = new RegExp(`^[${CJK}]+$`, 'u');

/** An entity of a kind with what queries read from it, computed once. */
interface Document {
  entity: OracleEntity;
  /** Normalized non-blank values of each filter's fields. */
  values: Record<Filter, Set<string>>;
  /** Occurrences of each token, in field `cn` then field `en`. */
  counts: readonly [Map<string, number>, Map<string, number>];
  /** The distinct tokens of both fields, in code-unit order. */
  tokens: string[];
}

/** The documents of one kind in rank order, with the statistics BM25+ reads. */
interface Index {
  documents: Document[];
  /** Per field: how many documents hold each token. */
  holders: readonly [Map<string, number>, Map<string, number>];
  /** Per field: MiniSearch's running average of the number of distinct tokens. */
  averages: [number, number];
}

/** NFKC, trim, collapse white space, lower case. */
function normalize(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** Compares two strings by Unicode code point, a shorter prefix first. */
function compareCodePoints(a: string, b: string): number {
  // Equal prefixes have equal UTF-16 lengths, so one index walks both strings.
  for (let i = 0; i < a.length && i < b.length;) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

/** The search tokens of a text: accent-folded words, and CJK runs as bigrams. */
function tokenize(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .normalize('NFKC')
    .toLowerCase();
  return [...folded.matchAll(TOKEN)].flatMap(([run]) => {
    const chars = [...run];
    if (!CJK_ONLY.test(run) || chars.length === 1) return [run];
    return chars.slice(1).map((char, i) => chars[i] + char);
  });
}

/** A query term that matches only itself: two or more CJK characters (a bigram); any other term also matches as a prefix. */
function isExactTerm(term: string): boolean {
  return CJK_ONLY.test(term) && [...term].length > 1;
}

/** MiniSearch 7's BM25+ with k = 1.2, b = 0.7, d = 0.5, in its operation order (scores must tie exactly). */
function computeBm25(tf: number, n: number, total: number, length: number, average: number): number {
  return Math.log(1 + (total - n + 0.5) / (n + 0.5)) * (0.5 + (tf * (1.2 + 1)) / (tf + 1.2 * (1 - 0.7 + (0.7 * length) / average)));
}

/** The entities of a kind in the default order, ties by id. */
function rankEntities(kind: OracleKind, entities: readonly OracleEntity[]): OracleEntity[] {
  const compare = (a: OracleEntity, b: OracleEntity): number => {
    if (kind === 'exhibition') return compareCodePoints(String(a.start_date ?? ''), String(b.start_date ?? ''));
    if (kind === 'exhibitor') return Number(b.weight ?? 0) - Number(a.weight ?? 0);
    return Number(b.is_verified === true) - Number(a.is_verified === true);
  };
  return [...entities].sort((a, b) => compare(a, b) || compareCodePoints(a.id, b.id));
}

/** Occurrences of each token of a name (a missing name has none). */
function countTokens(name: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokenize(typeof name === 'string' ? name : '')) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/** Indexes the entities of a kind: filter values, name tokens and the BM25+ statistics. */
function indexKind(kind: OracleKind, entities: readonly OracleEntity[]): Index {
  const documents = rankEntities(kind, entities).map((entity): Document => {
    const values = Object.fromEntries(
      FILTERS.map((filter) => {
        const raw = FILTER_FIELDS[kind][filter].flatMap((field) => [entity[field]].flat());
        return [
          filter,
          new Set(
            raw
              .filter((v): v is string => typeof v === 'string')
              .map(normalize)
              .filter((v) => v !== ''),
          ),
        ];
      }),
    ) as Record<Filter, Set<string>>;
    const [cn, en] = NAME_FIELDS[kind];
    const counts = [countTokens(entity[cn]), countTokens(entity[en])] as const;
    return { entity, values, counts, tokens: [...new Set([...counts[0].keys(), ...counts[1].keys()])].sort() };
  });
  const index: Index = { documents, holders: [new Map(), new Map()], averages: [0, 0] };
  documents.forEach((document, i) => {
    for (const f of [0, 1] as const) {
      index.averages[f] = (index.averages[f] * i + document.counts[f].size) / (i + 1);
      for (const token of document.counts[f].keys()) index.holders[f].set(token, (index.holders[f].get(token) ?? 0) + 1);
    }
  });
  return index;
}

/** termScore of a document for one query term, or undefined when no token of the document matches it. */
function scoreTerm(index: Index, document: Document, term: string): number | undefined {
  const exact = isExactTerm(term);
  // Code-unit order puts the term itself first, then the longer terms, as the sum needs.
  const reached = document.tokens.filter((token) => (exact ? token === term : token.startsWith(term)));
  if (reached.length === 0) return undefined;
  let score = 0;
  for (const token of reached) {
    const weight = token === term ? 1 : (0.375 * token.length) / (token.length + 0.3 * (token.length - term.length));
    for (const f of [0, 1] as const) {
      const tf = document.counts[f].get(token);
      if (tf !== undefined) score += weight * computeBm25(tf, index.holders[f].get(token)!, index.documents.length, document.counts[f].size, index.averages[f]);
    }
  }
  return score;
}

/** The entities of an index passing the filters and the query terms (none: no search), in answer order. */
function findMatches(index: Index, filters: Filters, terms: string[] | undefined): OracleEntity[] {
  const wanted = FILTERS.flatMap((filter) => (filters[filter] === undefined ? [] : [[filter, normalize(filters[filter])] as const]));
  const candidates = index.documents.filter((document) => wanted.every(([filter, value]) => document.values[filter].has(value)));
  if (terms === undefined) return candidates.map((document) => document.entity);
  // A term given twice counts once.
  const distinct = [...new Set(terms)];
  const scored: { entity: OracleEntity; score: number }[] = [];
  for (const document of distinct.length === 0 ? [] : candidates) {
    const termScores = distinct.map((term) => scoreTerm(index, document, term));
    if (termScores.includes(undefined)) continue;
    scored.push({ entity: document.entity, score: termScores.reduce<number>((sum, termScore) => sum + termScore!, 0) * distinct.length });
  }
  // A stable sort keeps equal scores in rank order.
  return scored.sort((a, b) => b.score - a.score).map(({ entity }) => entity);
}

/** The kinds of a type, or undefined for an unknown type. */
function listKinds(type: string): readonly OracleKind[] | undefined {
  if (type === 'all') return KINDS;
  return KINDS.includes(type as OracleKind) ? [type as OracleKind] : undefined;
}

/** The trimmed non-blank filter values among those `read` returns. */
function pickFilters(read: (filter: Filter) => string | undefined): Filters {
  return Object.fromEntries(
    FILTERS.flatMap((filter) => {
      const value = read(filter)?.trim();
      return value ? [[filter, value]] : [];
    }),
  );
}

/** The parameters of a query string, or the parameter that refuses it. */
function parseQuery(queryString: string): { type: string; q?: string; filters: Filters; limit: number; offset: number } | { parameter: string } {
  const raw = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(queryString)) {
    if (!PARAMETERS.includes(name)) continue;
    if (raw.has(name)) return { parameter: name };
    raw.set(name, value);
  }
  const type = raw.get('type')?.trim() || 'all';
  if (listKinds(type) === undefined) return { parameter: 'type' };
  const q = raw.get('q')?.trim() || undefined;
  if (q !== undefined && [...q].length > 200) return { parameter: 'q' };
  const filters = pickFilters((filter) => raw.get(filter));
  const limit = raw.get('limit')?.trim() ?? '100';
  if (!/^\d+$/.test(limit) || Number(limit) < 1) return { parameter: 'limit' };
  const offset = raw.get('offset')?.trim() ?? '0';
  if (!/^\d+$/.test(offset) || Number(offset) > Number.MAX_SAFE_INTEGER) return { parameter: 'offset' };
  return { type, q, filters, limit: Math.min(Number(limit), 500), offset: Number(offset) };
}

/** The body of an answer or a page: the window of each kind's matches and `_meta`; `urlAt(offset)` names an adjacent window. */
function composeBody(
  type: string,
  matches: Matches,
  { limit, offset }: { limit: number; offset: number },
  urlAt: (offset: number) => string,
  site: OracleOptions,
) {
  const body: Record<string, unknown> = {};
  const totals: Record<string, number> = {};
  let count = 0;
  let total = 0;
  for (const [kind, entities] of matches) {
    const shown = entities.slice(offset, offset + limit);
    body[COLLECTIONS[kind]] = shown;
    totals[COLLECTIONS[kind]] = entities.length;
    count += shown.length;
    total += entities.length;
  }
  const next = matches.some(([, entities]) => entities.length > offset + limit) ? urlAt(offset + limit) : null;
  const prev = offset > 0 ? urlAt(Math.max(0, offset - limit)) : null;
  const entities = Object.fromEntries(matches.map(([kind]) => [kind, site.dictionary[kind]]));
  body._meta = { type, schema_version: '1.0', count, total, totals, limit, offset, next, prev, base_url: site.baseUrl, entities };
  return body;
}

/** `entities`: every entity of each kind, in any order. */
export function createOracle(entities: Record<OracleKind, readonly OracleEntity[]>, options: OracleOptions): Oracle {
  const indexes = Object.fromEntries(KINDS.map((kind) => [kind, indexKind(kind, entities[kind])])) as Record<OracleKind, Index>;
  const ranked = Object.fromEntries(KINDS.map((kind) => [kind, indexes[kind].documents.map((d) => d.entity)])) as Record<OracleKind, OracleEntity[]>;
  const site = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
  const matchKinds = (kinds: readonly OracleKind[], filters: Filters, q: string | undefined): Matches =>
    kinds.map((kind) => [kind, findMatches(indexes[kind], filters, q === undefined ? undefined : tokenize(q))] as const);

  return {
    answer(queryString) {
      const query = parseQuery(queryString);
      if ('parameter' in query) return { status: 400, parameter: query.parameter };
      const { type, q, filters, limit } = query;
      const given = [['q', q] as const, ...FILTERS.map((filter) => [filter, filters[filter]] as const)].filter(([, value]) => value !== undefined);
      const urlAt = (offset: number) =>
        `${site.baseUrl}/api/public/dataset?type=${type}${given.map(([name, value]) => `&${name}=${encodeURIComponent(value!)}`).join('')}&limit=${limit}&offset=${offset}`;
      const matches = matchKinds(listKinds(type)!, filters, q);
      return { status: 200, body: composeBody(type, matches, query, urlAt, site) };
    },

    listingPage(type, rawFilters, page, urlOfPage) {
      const kinds = listKinds(type);
      if (kinds === undefined || !Number.isInteger(page) || page < 1) return undefined;
      const filters = pickFilters((filter) => rawFilters[filter]);
      const matches = matchKinds(kinds, filters, undefined);
      const hasListing = Object.keys(filters).length === 0 || matches.some(([, found]) => found.length > 0);
      const pages = Math.max(1, ...matches.map(([, found]) => Math.ceil(found.length / PAGE_SIZE)));
      if (!hasListing || page > pages) return undefined;
      const window = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
      return composeBody(type, matches, window, (offset) => urlOfPage(offset / PAGE_SIZE + 1), site);
    },

    combinations(type) {
      const kinds = listKinds(type);
      if (kinds === undefined) return new Set();
      const keys = new Set([JSON.stringify([null, null, null])]);
      for (const kind of kinds) {
        for (const { values } of indexes[kind].documents) {
          for (const industry of [null, ...values.industry])
            for (const country of [null, ...values.country]) for (const city of [null, ...values.city]) keys.add(JSON.stringify([industry, country, city]));
        }
      }
      return keys;
    },

    ranked(kind) {
      return ranked[kind];
    },
  };
}
