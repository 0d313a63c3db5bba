/**
 * The groups of queries of issues 22 and 35, drawn from a built site: *ordinary* `q`s (a
 * distinctive word of an exhibitor's name, a run of three CJK characters a few dozen names
 * hold), *common* `q`s (short Latin prefixes, the commonest CJK bigrams and their
 * three-character runs, pairs and triples of common terms, a common term with a rare one) and
 * *text* queries (product tags in both languages, a plural tag in the singular, common words
 * of introductions, a tag with a `q`), the common and text ones each plain, filtered, deep
 * (`offset=10000&limit=500`) and over every kind (`type=all&limit=500`). Drawn the same way
 * from the same site every time.
 */
import type { Router } from '../lib/query/router/index.js';

/** A query of a group: its URL's query string. */
export interface TailQuery {
  group: 'ordinary' | 'common' | 'text';
  query: string;
}

/** Words nearly every introduction of the generated sets holds, and runs of its Chinese ones. */
const COMMON_TEXT = [
  'products',
  'founded',
  'make',
  'export',
  'countries',
  'products export',
  '有限公司',
  '产品',
  '专业从事',
];
const TEXT_TAGS = 4;

/** Common terms of company and exhibition names at every size of the generated sets. */
const COMMON_BASES = [
  'c',
  'co',
  'a',
  'in',
  'int',
  't',
  'tr',
  'l',
  'ltd',
  '公司',
  '有限',
  '限公',
  '科技',
  '有限公',
  '限公司',
  'co ltd',
  '有限 公司',
  'international trade co',
  'co ltd 有限',
];
const ORDINARY_WORDS = 10;
const ORDINARY_RUNS = 10;
// Totals an ordinary query has: what a distinctive word or run of a name finds, a few dozen.
const [ORDINARY_LEAST, ORDINARY_AIM] = [3, 30];

/** The queries of both groups over the site `route` answers; `country` the commonest exhibitor country, for the filtered variants. */
export async function tailQueries(route: Router): Promise<TailQuery[]> {
  const names = await exhibitorNames(route);
  const words = candidates(names.flatMap((name) => name.en.toLowerCase().match(/\p{L}{6,}/gu) ?? []));
  const runs = candidates(names.flatMap((name) => [...name.cn.matchAll(/\p{Script=Han}{3}/gu)].map(([run]) => run)));
  const ordinary = [
    ...(await pickOrdinary(route, words, ORDINARY_WORDS)),
    ...(await pickOrdinary(route, runs, ORDINARY_RUNS)),
  ];
  const country = await commonestCountry(route);
  const rare = ordinary[0] ?? 'zzzz';
  const variants = (search: string) => {
    const base = `type=exhibitor&${search}`;
    return [
      `${base}&limit=100`,
      `${base}&country=${encodeURIComponent(country)}&limit=100`,
      `${base}&offset=10000&limit=500`,
      `type=all&${search}&limit=500`,
    ];
  };
  const common = [...COMMON_BASES, `co ${rare}`].flatMap((q) => variants(`q=${encodeURIComponent(q)}`));
  const tags = await productTags(route);
  const texts = [
    ...tags.latin.slice(0, TEXT_TAGS),
    ...tags.latin
      .filter((tag) => /s$/.test(tag))
      .map((tag) => tag.replace(/ies$/, 'y').replace(/s$/, ''))
      .slice(0, 2),
    ...tags.cjk.slice(0, TEXT_TAGS),
    ...COMMON_TEXT,
  ];
  const text = [
    ...texts.flatMap((value) => variants(`text=${encodeURIComponent(value)}`)),
    ...variants(`q=co&text=${encodeURIComponent(tags.latin[0] ?? 'products')}`),
  ];
  return [
    ...ordinary.map((q) => ({
      group: 'ordinary' as const,
      query: `type=exhibitor&q=${encodeURIComponent(q)}&limit=100`,
    })),
    ...common.map((query) => ({ group: 'common' as const, query })),
    ...text.map((query) => ({ group: 'text' as const, query })),
  ];
}

// The commonest product tags among 1,000 exhibitors spread over the order, lower-cased: Latin ones and CJK ones.
async function productTags(route: Router): Promise<{ latin: string[]; cjk: string[] }> {
  const total = (await answer(route, 'type=exhibitor&limit=1'))._meta.total;
  const counts = new Map<string, number>();
  for (let page = 0; page < 10; page++) {
    for (const entity of (await answer(route, `type=exhibitor&limit=100&offset=${Math.floor((page * total) / 10)}`))
      .exhibitors ?? [])
      for (const tag of [entity.product_tags].flat())
        if (typeof tag === 'string')
          counts.set(tag.trim().toLowerCase(), (counts.get(tag.trim().toLowerCase()) ?? 0) + 1);
  }
  const byCount = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([tag]) => tag);
  return {
    latin: byCount.filter((tag) => /^[a-z ]+$/.test(tag)),
    cjk: byCount.filter((tag) => /^\p{Script=Han}+$/u.test(tag)),
  };
}

// Names of exhibitors spread over the default order: 20 pages of 50.
async function exhibitorNames(route: Router): Promise<{ cn: string; en: string }[]> {
  const total = (await answer(route, 'type=exhibitor&limit=1'))._meta.total;
  const names: { cn: string; en: string }[] = [];
  for (let page = 0; page < 20; page++) {
    const offset = Math.floor((page * total) / 20);
    for (const entity of (await answer(route, `type=exhibitor&limit=50&offset=${offset}`)).exhibitors ?? [])
      names.push({ cn: String(entity.company_cn ?? ''), en: String(entity.company_en ?? '') });
  }
  return names;
}

// Distinct values in first-seen order, every seventh: spread over the names, the same every time.
function candidates(values: string[]): string[] {
  return [...new Set(values)].filter((_, i) => i % 7 === 0);
}

// The `count` candidates (of the first 200) whose totals are nearest a few dozen, at least 3: what a distinctive word or run finds.
async function pickOrdinary(route: Router, candidates: readonly string[], count: number): Promise<string[]> {
  const totals: [string, number][] = [];
  for (const q of candidates.slice(0, 200))
    totals.push([q, (await answer(route, `type=exhibitor&limit=1&q=${encodeURIComponent(q)}`))._meta.total]);
  return totals
    .filter(([, total]) => total >= ORDINARY_LEAST)
    .sort((a, b) => Math.abs(a[1] - ORDINARY_AIM) - Math.abs(b[1] - ORDINARY_AIM) || (a[0] < b[0] ? -1 : 1))
    .slice(0, count)
    .map(([q]) => q);
}

async function commonestCountry(route: Router): Promise<string> {
  const counts = new Map<string, number>();
  for (const entity of (await answer(route, 'type=exhibitor&limit=500')).exhibitors ?? []) {
    const country = String(entity.country ?? '');
    if (country !== '') counts.set(country, (counts.get(country) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Germany';
}

async function answer(
  route: Router,
  query: string,
): Promise<{ _meta: { total: number }; exhibitors?: Record<string, unknown>[] }> {
  const response = await route({ method: 'GET', url: `/api/public/dataset?${query}` });
  if (response.status !== 200) throw new Error(`${query}: ${response.status} ${response.body}`);
  return JSON.parse(String(response.body));
}
