/**
 * A deliberately naive, independent oracle for the query semantics of
 * `/api/public/dataset` (docs/api.md#parameters to docs/api.md#pagination): plain arrays, filter, sort, search and
 * paginate written as simply as possible, the way minisearch checks its radix tree against
 * a plain Map. It shares no code with src/ and uses no library but `pluralize`, the word list
 * `text` and the tag filters fold English plurals with (docs/api.md#text, docs/api.md#query-filters): when the two
 * disagree, one of them has a bug.
 */
import pluralize from 'pluralize';

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

/**
 * A 200 answer's body without `generated_at` (as JSON; with `format=csv` also the CSV text served, `csv`) and its
 * `Link` header (absent when there is no adjacent window), the parameter a 400 names, or a 404 for a relation
 * filter's unknown id.
 */
export type OracleAnswer =
  | { status: 200; body: Record<string, unknown>; csv?: string; link?: string }
  | { status: 400; parameter: string }
  | { status: 404 };

/** The oracle's questions: a query, a static listing page, the listings, the default order. */
export interface Oracle {
  /** Answer to the query string of /api/public/dataset (without the leading `?`). */
  answer(queryString: string): OracleAnswer;
  /** A static listing page, or undefined when the site has no such page. */
  listingPage(
    type: string,
    filters: Partial<Record<'industry' | 'country' | 'city' | 'status', string>>,
    page: number,
    urlOfPage: (page: number) => string,
  ): Record<string, unknown> | undefined;
  /** The combinations of filter values that have a listing for a type: `JSON.stringify([industry, country, city, status])`, null for none. */
  combinations(type: string): Set<string>;
  /** The entities of a kind in the default order. */
  ranked(kind: OracleKind): readonly OracleEntity[];
}

/** The listing filters, which have static pages. */
type ListingFilter = 'industry' | 'country' | 'city' | 'status';
/** Every filter: the listing filters and those of the query form alone. */
type Filter = ListingFilter | 'product' | 'service' | 'organizer' | 'venue' | 'verified';
type Search = 'q' | 'text';
type Filters = Partial<Record<Filter, string>>;
/** The matches of each kind of a type, in answer order. */
type Matches = readonly (readonly [OracleKind, OracleEntity[]])[];

const KINDS: readonly OracleKind[] = ['exhibition', 'exhibitor', 'service_provider'];
const COLLECTIONS: Record<OracleKind, string> = {
  exhibition: 'exhibitions',
  exhibitor: 'exhibitors',
  service_provider: 'service_providers',
};
const LISTING_FILTERS: readonly ListingFilter[] = ['industry', 'country', 'city', 'status'];
const FILTERS: readonly Filter[] = [...LISTING_FILTERS, 'product', 'service', 'organizer', 'venue', 'verified'];
const NONE = { product: [], service: [], organizer: [], venue: [], verified: [] };
const FILTER_FIELDS: Record<OracleKind, Record<Filter, readonly string[]>> = {
  exhibition: {
    industry: ['industry_tags_en', 'industry_tags_cn'],
    country: ['country'],
    city: ['city'],
    status: ['status'],
    ...NONE,
    organizer: ['organizer'],
    venue: ['venue'],
  },
  exhibitor: {
    industry: ['industry_tags'],
    country: ['country'],
    city: ['city'],
    status: [],
    ...NONE,
    product: ['product_tags'],
  },
  service_provider: {
    industry: ['good_at_industry'],
    country: ['cover_regions'],
    city: ['cover_regions'],
    status: [],
    ...NONE,
    service: ['service_types'],
    verified: ['is_verified'],
  },
};
/** The filters of tags: a tag whole, its words of four or more Latin letters in the singular; any of up to 8 between `|`. */
const TAGS: readonly Filter[] = ['product', 'service'];
/** The values a filter takes, when a closed set: any other is refused. */
const VALUE_SETS: Partial<Record<Filter, readonly string[]>> = {
  status: ['upcoming', 'ongoing', 'ended', 'cancelled', 'postponed'],
  verified: ['true', 'false'],
};
/** Date parameters and the order, only exhibitions have: with another type, each is refused. */
const DATES = ['from', 'to', 'start_from', 'start_to', 'sort'] as const;
/** What each search reads: `q` the two names, `text` the keywords (names, tags) and the description of each kind. */
const SEARCH_FIELDS: Record<Search, Record<OracleKind, readonly [readonly string[], readonly string[]]>> = {
  q: {
    exhibition: [['name_cn'], ['name_en']],
    exhibitor: [['company_cn'], ['company_en']],
    service_provider: [['name_cn'], ['name_en']],
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
/** `text` weighs its keywords twice its description. */
const FIELD_WEIGHTS: Record<Search, readonly [number, number]> = { q: [1, 1], text: [2, 1] };
const SEARCHES: readonly Search[] = ['q', 'text'];
const PARAMETERS = [
  'type',
  'q',
  'text',
  'industry',
  'country',
  'city',
  'status',
  'product',
  'service',
  'organizer',
  'venue',
  'verified',
  'exhibition',
  'exhibitor',
  'from',
  'to',
  'start_from',
  'start_to',
  'sort',
  'fields',
  'format',
  'meta',
  'facets',
  'facet_size',
  'limit',
  'offset',
];
const PAGE_SIZE = 100;
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const TOKEN = new RegExp(`[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{M}\\p{N}])+`, 'gu');
const CJK_ONLY = new RegExp(`^[${CJK}]+$`, 'u');

/** What one search reads of an entity. */
interface Searched {
  /** Occurrences of each token, in its first field then its second. */
  counts: readonly [Map<string, number>, Map<string, number>];
  /** The distinct tokens of both fields, in code-unit order. */
  tokens: string[];
}

/** An entity of a kind with what queries read from it, computed once. */
interface Document {
  entity: OracleEntity;
  /** Normalized non-blank values of each filter's fields. */
  values: Record<Filter, Set<string>>;
  searched: Record<Search, Searched>;
}

/** The statistics BM25+ reads for one search. */
interface Statistics {
  /** Per field: how many documents hold each token. */
  holders: readonly [Map<string, number>, Map<string, number>];
  /** Per field: MiniSearch's running average of the number of distinct tokens. */
  averages: [number, number];
}

/** The documents of one kind in rank order, with the statistics of each search. */
interface Index {
  documents: Document[];
  statistics: Record<Search, Statistics>;
  /** Whether each query term (`search term`) asked so far is common. */
  common: Map<string, boolean>;
  industryOf: IndustryOf;
}

/** A term of a query: whether it matches as a prefix too. */
interface Term {
  term: string;
  prefix: boolean;
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
    if (!CJK_ONLY.test(run)) return [chars.slice(0, 64).join('')];
    if (chars.length === 1) return [run];
    return chars.slice(1).map((char, i) => chars[i] + char);
  });
}

/** `text`'s folding of a token: a word of four or more Latin letters to its singular. */
function textToken(token: string): string {
  return /^[a-z]{4,}$/.test(token) ? pluralize.singular(token) : token;
}

/** The tokens of a text for a search. */
function searchTokens(search: Search, text: string): string[] {
  const tokens = tokenize(text);
  return search === 'q' ? tokens : tokens.map(textToken);
}

/**
 * The distinct terms of a query. `q`: every term matches as a prefix too but two or more CJK
 * characters (a bigram). `text`: a lone CJK character, and the last token when it is a word of
 * three or more characters given once.
 */
function queryTerms(search: Search, value: string): Term[] {
  const tokens = searchTokens(search, value);
  const bigram = (term: string) => CJK_ONLY.test(term) && [...term].length > 1;
  return [...new Set(tokens)].map((term) => {
    if (search === 'q' || CJK_ONLY.test(term)) return { term, prefix: !bigram(term) };
    return { term, prefix: term.length >= 3 && tokens.indexOf(term) === tokens.length - 1 };
  });
}

/** MiniSearch 7's BM25+ with k = 1.2, b = 0.7, d = 0.5, in its operation order (scores must tie exactly). */
function computeBm25(tf: number, n: number, total: number, length: number, average: number): number {
  return (
    Math.log(1 + (total - n + 0.5) / (n + 0.5)) *
    (0.5 + (tf * (1.2 + 1)) / (tf + 1.2 * (1 - 0.7 + (0.7 * length) / average)))
  );
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

/** Occurrences of each token of a search in some fields of an entity (strings, and the strings of arrays). */
function countTokens(search: Search, entity: OracleEntity, fields: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const field of fields) {
    for (const value of [entity[field]].flat()) {
      if (typeof value !== 'string') continue;
      for (const token of searchTokens(search, value)) counts.set(token, (counts.get(token) ?? 0) + 1);
    }
  }
  return counts;
}

/** A tag's normalized spelling with each word of four or more Latin letters in the singular; another filter's as it is. */
function tagKey(filter: Filter, value: string): string {
  if (!TAGS.includes(filter)) return value;
  return value.replace(/\p{L}+/gu, (word) => (/^[a-z]{4,}$/.test(word) ? pluralize.singular(word) : word));
}

/** The value a filter compares for a normalized spelling: a tag's in the singular, an industry by the name it goes by. */
function keyOf(filter: Filter, value: string, industryOf: IndustryOf): string {
  return filter === 'industry' ? industryOf(value) : tagKey(filter, value);
}

/** The values a filter's parameter asks for, trimmed: a tag filter's parts between `|`, each once (none: the value whole). */
function partsOf(filter: Filter, value: string): string[] {
  if (!TAGS.includes(filter)) return [value];
  const parts = [...new Set(value.split('|').map((part) => part.trim()))].filter((part) => part !== '');
  return parts.length === 0 ? [value] : parts;
}

/** Indexes the entities of a kind: filter values (an industry by the name it goes by, `industryOf`), name tokens and the BM25+ statistics. */
function indexKind(kind: OracleKind, entities: readonly OracleEntity[], industryOf: IndustryOf): Index {
  const documents = rankEntities(kind, entities).map((entity): Document => {
    const values = Object.fromEntries(
      FILTERS.map((filter) => {
        const raw = FILTER_FIELDS[kind][filter].flatMap((field) => [entity[field]].flat());
        return [
          filter,
          new Set(
            raw
              .map((v) => (typeof v === 'boolean' ? String(v) : v))
              .filter((v): v is string => typeof v === 'string')
              .map(normalize)
              .filter((v) => v !== '')
              .map((v) => keyOf(filter, v, industryOf)),
          ),
        ];
      }),
    ) as Record<Filter, Set<string>>;
    const searched = Object.fromEntries(
      SEARCHES.map((search) => {
        const [first, second] = SEARCH_FIELDS[search][kind];
        const counts = [countTokens(search, entity, first), countTokens(search, entity, second)] as const;
        return [search, { counts, tokens: [...new Set([...counts[0].keys(), ...counts[1].keys()])].sort() }];
      }),
    ) as Record<Search, Searched>;
    return { entity, values, searched };
  });
  const statistics = Object.fromEntries(
    SEARCHES.map((search): [Search, Statistics] => [search, { holders: [new Map(), new Map()], averages: [0, 0] }]),
  ) as Record<Search, Statistics>;
  documents.forEach((document, i) => {
    for (const search of SEARCHES) {
      const { holders, averages } = statistics[search];
      for (const f of [0, 1] as const) {
        const counts = document.searched[search].counts[f];
        averages[f] = (averages[f] * i + counts.size) / (i + 1);
        for (const token of counts.keys()) holders[f].set(token, (holders[f].get(token) ?? 0) + 1);
      }
    }
  });
  return { documents, statistics, common: new Map(), industryOf };
}

/** The name an industry goes by, for each of its names (normalized); any other value is itself. */
type IndustryOf = (name: string) => string;

/**
 * The names of each industry: an exhibition with as many English as Chinese industry tags
 * pairs them in order, and names linked by pairs, however many, are one industry, which goes
 * by its first name in code-point order.
 */
function industriesOf(exhibitions: readonly OracleEntity[]): IndustryOf {
  const linked = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (!linked.has(a)) linked.set(a, new Set());
    linked.get(a)!.add(b);
  };
  for (const exhibition of exhibitions) {
    const en = exhibition.industry_tags_en;
    const cn = exhibition.industry_tags_cn;
    if (!Array.isArray(en) || !Array.isArray(cn) || en.length !== cn.length) continue;
    for (let i = 0; i < en.length; i++) {
      const a = typeof en[i] === 'string' ? normalize(en[i]) : '';
      const b = typeof cn[i] === 'string' ? normalize(cn[i]) : '';
      if (a === '' || b === '' || a === b) continue;
      link(a, b);
      link(b, a);
    }
  }
  const goesBy = new Map<string, string>();
  for (const start of linked.keys()) {
    if (goesBy.has(start)) continue;
    const group = new Set([start]);
    const queue = [start];
    while (queue.length > 0)
      for (const next of linked.get(queue.pop()!)!) if (!group.has(next)) (group.add(next), queue.push(next));
    const first = [...group].sort(compareCodePoints)[0]!;
    for (const name of group) goesBy.set(name, first);
  }
  return (name) => goesBy.get(name) ?? name;
}

/** termScore of a document for one query term of a search, or undefined when no token of the document matches it. */
function scoreTerm(index: Index, search: Search, document: Document, { term, prefix }: Term): number | undefined {
  const { counts, tokens } = document.searched[search];
  const { holders, averages } = index.statistics[search];
  // Code-unit order puts the term itself first, then the longer terms, as the sum needs.
  const reached = tokens.filter((token) => (prefix ? token.startsWith(term) : token === term));
  if (reached.length === 0) return undefined;
  if (isCommon(index, search, term)) return 0;
  let score = 0;
  for (const token of reached) {
    const weight = token === term ? 1 : (0.375 * token.length) / (token.length + 0.3 * (token.length - term.length));
    for (const f of [0, 1] as const) {
      const tf = counts[f].get(token);
      if (tf !== undefined)
        score +=
          weight *
          FIELD_WEIGHTS[search][f] *
          computeBm25(tf, holders[f].get(token)!, index.documents.length, counts[f].size, averages[f]);
    }
  }
  return score;
}

/**
 * Whether a query term is common, matched but not scored (docs/api.md#common-terms): the
 * tokens it reaches as a prefix, when it can be one in its search (`q`: all but a CJK
 * bigram; `text`: a lone CJK character or a word of three or more code units), else itself,
 * are held by at least 1,000 entities counted once a field, or an eighth of the kind's entities on a smaller site,
 * but at least 8.
 */
function isCommon(index: Index, search: Search, term: string): boolean {
  const key = `${search} ${term}`;
  let common = index.common.get(key);
  if (common === undefined) {
    const cjk = CJK_ONLY.test(term);
    const prefix = cjk ? [...term].length === 1 : search === 'q' || term.length >= 3;
    const { holders } = index.statistics[search];
    let reach = 0;
    for (const f of [0, 1] as const)
      for (const [token, count] of holders[f]) if (prefix ? token.startsWith(term) : token === term) reach += count;
    common = reach >= Math.min(1000, Math.max(8, Math.ceil(index.documents.length / 8)));
    index.common.set(key, common);
  }
  return common;
}

/** A document's score for a search's terms: the sum of its term scores times their number; undefined when a term does not match it. */
function scoreSearch(index: Index, search: Search, document: Document, terms: readonly Term[]): number | undefined {
  if (terms.length === 0) return undefined;
  let sum = 0;
  for (const term of terms) {
    const score = scoreTerm(index, search, document, term);
    if (score === undefined) return undefined;
    sum += score;
  }
  return sum * terms.length;
}

/** A date window and an order by start date: what `from`, `to` and `sort` ask. */
interface Dates {
  from?: string;
  to?: string;
  start_from?: string;
  start_to?: string;
  sort?: string;
}

/**
 * The exhibitions among `entities` whose days overlap the window of `from` and `to` and that open within `start_from`
 * and `start_to`, in the order `sort` asks (start date, then id), else as they are.
 */
function applyDates(entities: OracleEntity[], { from, to, start_from, start_to, sort }: Dates): OracleEntity[] {
  // ISO dates compare as strings.
  const kept = entities.filter((entity) => {
    const [start, end] = [String(entity.start_date), String(entity.end_date)];
    return (
      (to === undefined || start <= to) &&
      (from === undefined || end >= from) &&
      (start_from === undefined || start >= start_from) &&
      (start_to === undefined || start <= start_to)
    );
  });
  if (sort === undefined) return kept;
  const sign = sort === 'start_date' ? 1 : -1;
  return kept.sort(
    (a, b) => sign * compareCodePoints(String(a.start_date), String(b.start_date)) || compareCodePoints(a.id, b.id),
  );
}

/** Whether `text` is a calendar date written YYYY-MM-DD. */
function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A filter value no entity of the kinds asked holds, as `_meta.unmatched` names it. */
interface Unmatched {
  parameter: Filter;
  value: string;
  facets: Record<string, string>;
  closest: string[];
}

/** Spellings folded for comparing: accents (NFKD marks), case, and all but letters and digits dropped. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Levenshtein distance of two strings, in code points: the whole table, plainly. */
function levenshtein(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const table = x.map(() => y.map(() => 0));
  const at = (i: number, j: number): number => (i < 0 ? j + 1 : j < 0 ? i + 1 : table[i]![j]!);
  for (let i = 0; i < x.length; i++)
    for (let j = 0; j < y.length; j++)
      table[i]![j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (x[i] === y[j] ? 0 : 1));
  return at(x.length - 1, y.length - 1);
}

/**
 * Each value a filter matches among the documents of a kind (an industry by the name it goes by):
 * how many hold it, and the spelling of that value most of them use (the value itself when
 * they all spell another name of its industry).
 */
function heldByKind(kind: OracleKind, index: Index, filter: Filter): Map<string, { label: string; count: number }> {
  const spellings = new Map<string, Map<string, number>>();
  for (const { entity } of index.documents) {
    const own = new Set<string>();
    for (const field of FILTER_FIELDS[kind][filter])
      for (const raw of [entity[field]].flat())
        if ((typeof raw === 'string' || typeof raw === 'boolean') && String(raw).trim() !== '')
          own.add(String(raw).trim().replace(/\s+/gu, ' '));
    for (const spelling of own) {
      const value = tagKey(filter, normalize(spelling));
      const counts = spellings.get(value) ?? new Map<string, number>();
      counts.set(spelling, (counts.get(spelling) ?? 0) + 1);
      spellings.set(value, counts);
    }
  }
  const held = new Map<string, { label: string; count: number }>();
  for (const value of new Set(index.documents.flatMap((document) => [...document.values[filter]]))) {
    const counts = spellings.get(value);
    const label = counts ? [...counts].sort(([a, m], [b, n]) => n - m || compareCodePoints(a, b))[0]![0] : value;
    const count = index.documents.filter((document) => document.values[filter].has(value)).length;
    held.set(value, { label, count });
  }
  return held;
}

/**
 * `_meta.facets`: for each field, the values the matches hold (an industry by the name it goes by), by how many of them
 * hold each, most first, ties by value (as filters compare it), the first `size`, each named by the label of the facet
 * documents (heldByKind).
 */
function countFacets(
  kind: OracleKind,
  index: Index,
  matches: readonly OracleEntity[],
  fields: readonly Filter[],
  size: number,
): Record<string, { value: string; count: number }[]> {
  const matched = new Set(matches);
  const facets: Record<string, { value: string; count: number }[]> = {};
  for (const field of fields) {
    const counts = new Map<string, number>();
    for (const document of index.documents)
      if (matched.has(document.entity))
        for (const value of document.values[field]) counts.set(value, (counts.get(value) ?? 0) + 1);
    const labels = heldByKind(kind, index, field);
    facets[field] = [...counts]
      .sort(([a, m], [b, n]) => n - m || compareCodePoints(a, b))
      .slice(0, size)
      .map(([value, count]) => ({ value: labels.get(value)!.label, count }));
  }
  return facets;
}

/**
 * The filters whose value no entity of the kinds holds, in parameter order, each with the facet
 * documents of those kinds and at most five closest labels: equal once folded or a few edits
 * away (none up to 3 folded characters, 1 up to 7, 2 beyond), fewest edits first, then most
 * entities (of all the kinds), then value; the label is the first kind's that holds it. A tag filter is one when none of
 * its parts is held, its closest labels those of each part in turn, each once, at most five.
 */
function findUnmatched(
  kinds: readonly OracleKind[],
  indexes: Record<OracleKind, Index>,
  filters: Filters,
  baseUrl: string,
): Unmatched[] {
  const unmatched: Unmatched[] = [];
  for (const filter of FILTERS) {
    const given = filters[filter];
    if (given === undefined) continue;
    const reading = kinds.filter((kind) => FILTER_FIELDS[kind][filter].length > 0);
    const parts = partsOf(filter, given);
    const keys = parts.map((part) => keyOf(filter, normalize(part), indexes.exhibition.industryOf));
    if (
      reading.some((kind) => indexes[kind].documents.some(({ values }) => keys.some((key) => values[filter].has(key))))
    )
      continue;
    const closestOf = (part: string): string[] => {
      const candidates: { value: string; label: string; count: number; edits: number }[] = [];
      const folded = fold(part);
      const allowed = Math.min(2, Math.floor([...folded].length / 4));
      for (const kind of reading) {
        for (const [value, { label, count }] of heldByKind(kind, indexes[kind], filter)) {
          const known = candidates.find((candidate) => candidate.value === value);
          if (known !== undefined) known.count += count;
          else candidates.push({ value, label, count, edits: levenshtein(folded, fold(value)) });
        }
      }
      const closest = folded === '' ? [] : candidates.filter(({ edits }) => edits <= allowed);
      closest.sort((a, b) => a.edits - b.edits || b.count - a.count || compareCodePoints(a.value, b.value));
      return closest.slice(0, 5).map(({ label }) => label);
    };
    unmatched.push({
      parameter: filter,
      value: given,
      facets: Object.fromEntries(
        reading.map((kind) => [COLLECTIONS[kind], `${baseUrl}/api/public/facets/${COLLECTIONS[kind]}/${filter}.json`]),
      ),
      closest: [...new Set(parts.flatMap(closestOf))].slice(0, 5),
    });
  }
  return unmatched;
}

/** The entities of an index passing the filters and the searches given (none: no search), in answer order; q and text both given add their scores. */
function findMatches(index: Index, filters: Filters, searches: Partial<Record<Search, string>>): OracleEntity[] {
  // Each filter given and the values it keeps (a tag filter's parts: any of them).
  const wanted = FILTERS.flatMap((filter) =>
    filters[filter] === undefined
      ? []
      : [
          [
            filter,
            partsOf(filter, filters[filter]).map((part) => keyOf(filter, normalize(part), index.industryOf)),
          ] as const,
        ],
  );
  const candidates = index.documents.filter((document) =>
    wanted.every(([filter, keys]) => keys.some((key) => document.values[filter].has(key))),
  );
  // `text`'s alternatives between `|`, trimmed, once each: an entity scores its best (none given: the value itself, which finds nothing).
  const alternatives = (search: Search, value: string): string[] => {
    const parts = search === 'text' ? [...new Set(value.split('|').map((part) => part.trim()))] : [value];
    const given = parts.filter((part) => part !== '');
    return given.length === 0 ? [value] : given;
  };
  const given = SEARCHES.filter((search) => searches[search] !== undefined).map(
    (search) =>
      [search, alternatives(search, searches[search]!).map((alternative) => queryTerms(search, alternative))] as const,
  );
  if (given.length === 0) return candidates.map((document) => document.entity);
  const best = (search: Search, document: Document, terms: readonly (readonly Term[])[]): number | undefined => {
    const scores = terms
      .map((each) => scoreSearch(index, search, document, each))
      .filter((score) => score !== undefined);
    return scores.length === 0 ? undefined : Math.max(...scores);
  };
  const scored: { entity: OracleEntity; score: number }[] = [];
  for (const document of candidates) {
    const scores = given.map(([search, terms]) => best(search, document, terms));
    if (scores.includes(undefined)) continue;
    scored.push({ entity: document.entity, score: scores.length === 1 ? scores[0]! : scores[0]! + scores[1]! });
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
function pickFilters<F extends Filter>(read: (filter: F) => string | undefined, among: readonly F[]): Filters {
  return Object.fromEntries(
    among.flatMap((filter) => {
      const value = read(filter)?.trim();
      return value ? [[filter, value]] : [];
    }),
  );
}

/** The parameters of a query string, or the parameter that refuses it. */
function parseQuery(queryString: string):
  | {
      type: string;
      searches: Partial<Record<Search, string>>;
      filters: Filters;
      dates: Dates;
      related?: Related;
      fields?: string[];
      csv: boolean;
      counts: boolean;
      facets?: { fields: Filter[]; size: number; sizeGiven: boolean };
      limit: number;
      offset: number;
    }
  | { parameter: string } {
  const raw = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(queryString)) {
    if (!PARAMETERS.includes(name) || raw.has(name)) return { parameter: name };
    raw.set(name, value);
  }
  const type = raw.get('type')?.trim() || 'all';
  if (listKinds(type) === undefined) return { parameter: 'type' };
  const searches: Partial<Record<Search, string>> = {};
  for (const search of SEARCHES) {
    const value = raw.get(search)?.trim() || undefined;
    if (value !== undefined && [...value].length > 200) return { parameter: search };
    if (
      search === 'text' &&
      value !== undefined &&
      new Set(
        value
          .split('|')
          .map((part) => part.trim())
          .filter(Boolean),
      ).size > 8
    )
      return { parameter: search };
    if (value !== undefined) searches[search] = value;
  }
  const filters = pickFilters((filter) => raw.get(filter), FILTERS);
  // A filter of kinds the type does not ask for, then a value a filter does not take: each in parameter order.
  for (const filter of FILTERS)
    if (filters[filter] !== undefined && !listKinds(type)!.every((kind) => FILTER_FIELDS[kind][filter].length > 0))
      return { parameter: filter };
  for (const filter of FILTERS) {
    const value = filters[filter];
    if (value === undefined) continue;
    if (VALUE_SETS[filter] !== undefined && !VALUE_SETS[filter].includes(normalize(value)))
      return { parameter: filter };
    if (TAGS.includes(filter) && partsOf(filter, value).length > 8) return { parameter: filter };
  }
  const dates: Dates = {};
  for (const name of DATES) {
    const value = raw.get(name)?.trim();
    if (value && type !== 'exhibition') return { parameter: name };
    if (name !== 'sort' && value && !isDate(value)) return { parameter: name };
    if (name === 'sort' && value && value !== 'start_date' && value !== '-start_date') return { parameter: name };
    if (value) dates[name] = value;
  }
  if (dates.from !== undefined && dates.to !== undefined && dates.to < dates.from) return { parameter: 'to' };
  if (dates.start_from !== undefined && dates.start_to !== undefined && dates.start_to < dates.start_from)
    return { parameter: 'start_to' };
  let related: Related | undefined;
  for (const [name, kind] of [
    ['exhibition', 'exhibitor'],
    ['exhibitor', 'exhibition'],
  ] as const) {
    const value = raw.get(name)?.trim();
    if (!value) continue;
    if (type !== kind) return { parameter: name };
    // Ids between `|`, trimmed, once each, at most 20 (none but `|`: the value itself, which no entity has).
    const parts = [...new Set(value.split('|').map((part) => part.trim()))].filter((part) => part !== '');
    if (parts.length > 20) return { parameter: name };
    related = { name, value, ids: parts.length === 0 ? [value] : parts };
  }
  const named = (raw.get('fields') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const fields = named.length === 0 ? undefined : [...new Set(named)];
  // format: json or csv (csv of one kind); meta: full or counts. Empty is absent.
  const format = raw.get('format')?.trim() || 'json';
  if (!['json', 'csv'].includes(format) || (format === 'csv' && type === 'all')) return { parameter: 'format' };
  const meta = raw.get('meta')?.trim() || 'full';
  if (!['full', 'counts'].includes(meta)) return { parameter: 'meta' };
  // facets: filters of the one kind asked, between commas, trimmed, once each (none: absent), in a JSON answer;
  // facet_size: 1 to 100 (default 10), with facets only.
  const faceted = [
    ...new Set(
      (raw.get('facets') ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
  if (faceted.length > 0) {
    if (type === 'all' || format === 'csv') return { parameter: 'facets' };
    const kind = type as OracleKind;
    if (
      faceted.some(
        (name) => !(FILTERS as readonly string[]).includes(name) || FILTER_FIELDS[kind][name as Filter].length === 0,
      )
    )
      return { parameter: 'facets' };
  }
  const facetSize = raw.get('facet_size');
  if (facetSize !== undefined) {
    const size = facetSize.trim();
    if (!/^\d+$/.test(size) || Number(size) < 1 || Number(size) > 100 || faceted.length === 0)
      return { parameter: 'facet_size' };
  }
  const facets =
    faceted.length === 0
      ? undefined
      : { fields: faceted as Filter[], size: Number(facetSize?.trim() ?? 10), sizeGiven: facetSize !== undefined };
  const limit = raw.get('limit')?.trim() ?? '100';
  if (!/^\d+$/.test(limit)) return { parameter: 'limit' };
  const offset = raw.get('offset')?.trim() ?? '0';
  if (!/^\d+$/.test(offset) || Number(offset) > Number.MAX_SAFE_INTEGER) return { parameter: 'offset' };
  return {
    type,
    searches,
    filters,
    dates,
    related,
    fields,
    csv: format === 'csv',
    counts: meta === 'counts',
    facets,
    limit: Math.min(Number(limit), format === 'csv' ? 10_000 : 500),
    offset: Number(offset),
  };
}

/** An entity with only `fields`, `id` and `_links` (only its `self` unless named), in its own order. */
function keepFields(entity: OracleEntity, fields: readonly string[]): OracleEntity {
  const kept: Record<string, unknown> = {};
  for (const name of Object.keys(entity)) {
    if (name === 'id' || fields.includes(name)) kept[name] = entity[name];
    else if (name === '_links') kept[name] = { self: (entity._links as { self: string }).self };
  }
  return kept as OracleEntity;
}

/** An entity without `_links`: what `meta=counts` gives unless `fields` names them. */
function withoutLinks(entity: OracleEntity): OracleEntity {
  return Object.fromEntries(Object.entries(entity).filter(([name]) => name !== '_links')) as OracleEntity;
}

/**
 * A CSV of entities of one kind: a header row, then a row per entity, each ending in CRLF. The columns: `id` and the
 * fields named, or every field but `_links`, `_rag_text` and `_version`, in the order of the kind's dictionary. A cell: empty for
 * null or absent; a number or boolean as text; a string as it is; an array its items joined by `|` when every item is
 * a number, a boolean or a string without `|`, else its JSON; an object its JSON. Text (not a number or boolean)
 * starting with `=`, `+`, `-`, `@`, tab or CR gets a `'` in front; a cell holding `,`, `"`, CR or LF is quoted, `"` doubled.
 */
function toCsv(entities: readonly OracleEntity[], dictionary: object, fields: readonly string[] | undefined): string {
  const columns = Object.keys(dictionary).filter(
    (name) =>
      name === 'id' ||
      (fields === undefined ? !['_links', '_rag_text', '_version'].includes(name) : fields.includes(name)),
  );
  const cell = (value: unknown): string => {
    let text: string;
    if (value === null || value === undefined) text = '';
    else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
    else if (typeof value === 'string') text = value;
    else if (
      Array.isArray(value) &&
      value.every(
        (item) =>
          typeof item === 'number' || typeof item === 'boolean' || (typeof item === 'string' && !item.includes('|')),
      )
    )
      text = value.map(String).join('|');
    else text = JSON.stringify(value);
    const isText = typeof value !== 'number' && typeof value !== 'boolean';
    if (isText && ['=', '+', '-', '@', '\t', '\r'].includes(text.charAt(0))) text = `'${text}`;
    const quoted = text.includes(',') || text.includes('"') || text.includes('\r') || text.includes('\n');
    return quoted ? `"${text.split('"').join('""')}"` : text;
  };
  const lines = [columns, ...entities.map((entity) => columns.map((column) => entity[column]))];
  return lines.map((line) => line.map(cell).join(',') + '\r\n').join('');
}

/**
 * The body of an answer or a page: the window of each kind's matches and `_meta`; `urlAt(offset)` names an adjacent window.
 * With `fields`, each entity keeps those fields, and the dictionary describes them alone; `limit` 0 counts: no links, no dictionary.
 * With `counts` (meta=counts), no dictionary at all and no `_links` in the entities unless `fields` names them.
 */
function composeBody(
  type: string,
  matches: Matches,
  {
    limit,
    offset,
    fields,
    counts = false,
  }: { limit: number; offset: number; fields?: readonly string[]; counts?: boolean },
  urlAt: (offset: number) => string,
  site: OracleOptions,
) {
  const body: Record<string, unknown> = {};
  const totals: Record<string, number> = {};
  let count = 0;
  let total = 0;
  for (const [kind, entities] of matches) {
    const shown = entities.slice(offset, offset + limit);
    const kept = fields === undefined ? shown : shown.map((entity) => keepFields(entity, fields));
    body[COLLECTIONS[kind]] = counts && !fields?.includes('_links') ? kept.map(withoutLinks) : kept;
    totals[COLLECTIONS[kind]] = entities.length;
    count += shown.length;
    total += entities.length;
  }
  const next =
    limit > 0 && matches.some(([, entities]) => entities.length > offset + limit) ? urlAt(offset + limit) : null;
  const prev = limit > 0 && offset > 0 ? urlAt(Math.max(0, offset - limit)) : null;
  const described = (kind: OracleKind) => {
    const dictionary = site.dictionary[kind] as Record<string, unknown>;
    if (fields === undefined) return dictionary;
    return Object.fromEntries(
      Object.entries(dictionary).filter(([name]) => name === 'id' || name === '_links' || fields.includes(name)),
    );
  };
  const entities = limit === 0 ? {} : Object.fromEntries(matches.map(([kind]) => [kind, described(kind)]));
  body._meta = {
    type,
    schema_version: '1.0',
    count,
    total,
    totals,
    limit,
    offset,
    next,
    prev,
    base_url: site.baseUrl,
    ...(counts ? {} : { entities }),
  };
  return body;
}

/** A relation filter: its parameter, its value as given (trimmed), and the ids it names. */
interface Related {
  name: 'exhibition' | 'exhibitor';
  value: string;
  ids: string[];
}

/**
 * Whether an entity relates to any of those a relation filter names: an exhibitor listing one of the exhibitions, an
 * exhibition one of the exhibitors lists.
 */
function relatedTo(related: Related, exhibitors: readonly OracleEntity[] = []): (entity: OracleEntity) => boolean {
  const listed = (exhibitor: OracleEntity | undefined) =>
    Array.isArray(exhibitor?.exhibition_ids) ? exhibitor.exhibition_ids.map(String) : [];
  if (related.name === 'exhibition') return (exhibitor) => listed(exhibitor).some((id) => related.ids.includes(id));
  const lists = exhibitors.filter((exhibitor) => related.ids.includes(exhibitor.id)).flatMap(listed);
  return (exhibition) => lists.includes(exhibition.id);
}

/** `entities`: every entity of each kind, in any order. */
export function createOracle(entities: Record<OracleKind, readonly OracleEntity[]>, options: OracleOptions): Oracle {
  const industryOf = industriesOf(entities.exhibition);
  const indexes = Object.fromEntries(
    KINDS.map((kind) => [kind, indexKind(kind, entities[kind], industryOf)]),
  ) as Record<OracleKind, Index>;
  const ranked = Object.fromEntries(
    KINDS.map((kind) => [kind, indexes[kind].documents.map((d) => d.entity)]),
  ) as Record<OracleKind, OracleEntity[]>;
  const site = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
  const matchKinds = (
    kinds: readonly OracleKind[],
    filters: Filters,
    searches: Partial<Record<Search, string>>,
    dates: Dates = {},
  ): Matches => kinds.map((kind) => [kind, applyDates(findMatches(indexes[kind], filters, searches), dates)] as const);

  return {
    answer(queryString) {
      const query = parseQuery(queryString);
      if ('parameter' in query) return { status: 400, parameter: query.parameter };
      const { type, searches, filters, dates, related, fields, limit } = query;
      const known = listKinds(type)!.flatMap((kind) => Object.keys(site.dictionary[kind] as object));
      if (fields !== undefined && fields.some((name) => !known.includes(name)))
        return { status: 400, parameter: 'fields' };
      const given = [
        ...SEARCHES.map((search) => [search, searches[search]] as const),
        ...FILTERS.map((filter) => [filter, filters[filter]] as const),
        ...(related === undefined ? [] : [[related.name, related.value] as const]),
        ...DATES.map((name) => [name, dates[name]] as const),
      ].filter(([, value]) => value !== undefined);
      const { facets } = query;
      const faceting =
        facets === undefined
          ? ''
          : `&facets=${encodeURIComponent(facets.fields.join(','))}${facets.sizeGiven ? `&facet_size=${facets.size}` : ''}`;
      const shape = `${query.csv ? '&format=csv' : ''}${query.counts ? '&meta=counts' : ''}${faceting}`;
      const urlAt = (offset: number) =>
        `${site.baseUrl}/api/public/dataset?type=${type}${given.map(([name, value]) => `&${name}=${encodeURIComponent(value!)}`).join('')}${fields === undefined ? '' : `&fields=${encodeURIComponent(fields.join(','))}`}${shape}&limit=${limit}&offset=${offset}`;
      if (related !== undefined && related.ids.some((id) => !ranked[related.name].some((entity) => entity.id === id)))
        return { status: 404 };
      const matches = matchKinds(listKinds(type)!, filters, searches, dates).map(
        ([kind, found]) =>
          [kind, related === undefined ? found : found.filter(relatedTo(related, ranked.exhibitor))] as const,
      );
      const body = composeBody(type, matches, query, urlAt, site);
      const unmatched = findUnmatched(listKinds(type)!, indexes, filters, site.baseUrl);
      if (unmatched.length > 0) {
        const { entities, ...meta } = body._meta as Record<string, unknown>;
        body._meta = { ...meta, unmatched, ...(entities === undefined ? {} : { entities }) };
      }
      if (facets !== undefined) {
        const kind = type as OracleKind;
        const counted = countFacets(kind, indexes[kind], matches[0]![1], facets.fields, facets.size);
        const { entities, ...meta } = body._meta as Record<string, unknown>;
        body._meta = { ...meta, facets: counted, ...(entities === undefined ? {} : { entities }) };
      }
      const { next, prev } = body._meta as { next: string | null; prev: string | null };
      const links = [...(next ? [`<${next}>; rel="next"`] : []), ...(prev ? [`<${prev}>; rel="prev"`] : [])];
      const link = links.length === 0 ? {} : { link: links.join(', ') };
      if (!query.csv) return { status: 200, body, ...link };
      const kind = type as OracleKind;
      const csv = toCsv(body[COLLECTIONS[kind]] as OracleEntity[], site.dictionary[kind] as object, fields);
      return { status: 200, body, csv, ...link };
    },

    listingPage(type, rawFilters, page, urlOfPage) {
      const kinds = listKinds(type);
      if (kinds === undefined || !Number.isInteger(page) || page < 1) return undefined;
      const filters = pickFilters((filter) => rawFilters[filter], LISTING_FILTERS);
      if (filters.status !== undefined && type !== 'exhibition') return undefined;
      const matches = matchKinds(kinds, filters, {});
      const hasListing = Object.keys(filters).length === 0 || matches.some(([, found]) => found.length > 0);
      const pages = Math.max(1, ...matches.map(([, found]) => Math.ceil(found.length / PAGE_SIZE)));
      if (!hasListing || page > pages) return undefined;
      const window = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
      return composeBody(type, matches, window, (offset) => urlOfPage(offset / PAGE_SIZE + 1), site);
    },

    combinations(type) {
      const kinds = listKinds(type);
      if (kinds === undefined) return new Set();
      const keys = new Set([JSON.stringify([null, null, null, null])]);
      for (const kind of kinds) {
        for (const { values } of indexes[kind].documents) {
          // `status` lists exhibitions alone: `all` has no listing by it.
          const statuses = type === 'all' ? [null] : [null, ...values.status];
          for (const industry of [null, ...values.industry])
            for (const country of [null, ...values.country])
              for (const city of [null, ...values.city])
                for (const status of statuses) keys.add(JSON.stringify([industry, country, city, status]));
        }
      }
      return keys;
    },

    ranked(kind) {
      return ranked[kind];
    },
  };
}
