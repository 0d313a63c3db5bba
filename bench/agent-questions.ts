/**
 * Twenty-four questions an agent brings to the API, each asked the way an agent would with what
 * a version of dataset-site offers, and what it costs: HTTP calls and characters read. A
 * question the version cannot ask directly is answered by paging through the listing it can
 * ask (500 a call) and keeping what matches, which is exact but costly; a guessed parameter
 * that the version ignores gives a wrong answer, marked so.
 *
 * `node --import tsx bench/agent-questions.ts SITE LIB [--before]`: SITE a built site, LIB
 * the compiled `lib/` of the version that built it; `--before` asks as the version before
 * `status`, `from`, `to`, `sort`, `text`, `fields`, counts (`limit=0`), the relation filters
 * (`exhibition`, `exhibitor`) and the refusal of unknown parameters did. Prints
 * one JSON line per question: `{ question, calls, characters, right }`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { INDUSTRIES } from '../scripts/generate/vocabulary.js';

const [site, lib] = process.argv.slice(2) as [string, string];
const before = process.argv.includes('--before');
const { createRouter } = (await import(
  pathToFileURL(path.resolve(lib, 'query/router/router.js')).href
)) as typeof import('../src/query/router/router.js');
const { fileStore } = (await import(
  pathToFileURL(path.resolve(lib, 'serve/file-store.js')).href
)) as typeof import('../src/serve/file-store.js');
const route = createRouter({ store: fileStore(site) });

type Entity = Record<string, unknown> & { id: string };
type Answer = { status: number; body: Record<string, unknown> & { _meta?: { total: number; next: string | null } } };

let calls = 0;
let characters = 0;
async function get(url: string): Promise<Answer> {
  const answer = await route({ method: 'GET', url });
  calls++;
  characters += answer.body.length;
  return { status: answer.status, body: JSON.parse(answer.body) };
}

const collection = (type: string) =>
  ({ exhibition: 'exhibitions', exhibitor: 'exhibitors', service_provider: 'service_providers' })[type]!;

/** Every entity of a listing, read 500 a call, kept by `keep`. */
async function pageThrough(query: string, keep: (entity: Entity) => boolean = () => true): Promise<Entity[]> {
  const type = /type=(\w+)/.exec(query)![1]!;
  const kept: Entity[] = [];
  for (let offset = 0; ; offset += 500) {
    const { body } = await get(`/api/public/dataset?${query}&limit=500&offset=${offset}`);
    kept.push(...(body[collection(type)] as Entity[]).filter(keep));
    if (body._meta!.next === null) return kept;
  }
}

/** The entities of one answer. */
async function list(query: string): Promise<{ entities: Entity[]; total: number; status: number }> {
  const type = /type=(\w+)/.exec(query)?.[1] ?? 'exhibition';
  const { status, body } = await get(`/api/public/dataset?${query}`);
  return { entities: (body[collection(type)] as Entity[] | undefined) ?? [], total: body._meta?.total ?? 0, status };
}

// Values from the data: the top exhibition country, an exhibitor industry and product tag, a service type, a city.
const facet = async (kind: string, filter: string) =>
  ((await get(`/api/public/facets/${collection(kind)}/${filter}.json`)).body.values as { label: string }[])[0]!.label;
const country = await facet('exhibition', 'country');
const industry = await facet('exhibitor', 'industry');
const city = await facet('service_provider', 'city');
const sampleExhibitor = (await list('type=exhibitor&limit=1')).entities[0]!;
const product = String((sampleExhibitor.product_tags as string[])[0])
  .trim()
  .toLowerCase();
const sampleProvider = (await list('type=service_provider&limit=1')).entities[0]!;
const service = String((sampleProvider.service_types as string[])[0]).toLowerCase();
// The product in the other language, from the word pools the generated sources are made of.
const products = INDUSTRIES.flatMap((pool) => pool.products);
const [productEn, productCn] = (products.find(([en]) => en.toLowerCase() === product) ?? products[0]!).map((term) =>
  term.toLowerCase(),
) as [string, string];
// An industry the exhibitions name in both languages, from the same word pools.
const [industryEn, industryCn] = INDUSTRIES.find(({ term: [en] }) => en === 'Cosmetics')?.term ?? INDUSTRIES[0]!.term;
const sampleExhibition = (await list('type=exhibition&limit=1')).entities[0]!;
const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4)) + 1;
const [march, marchEnd] = [`${year}-03-01`, `${year}-03-31`];
calls = 0;
characters = 0;

/** The path of an entity's relation page, from its `_links`. */
const relationPath = (entity: Entity, relation: string) =>
  String((entity._links as Record<string, string>)[relation]).replace(/^https?:\/\/[^/]+/, '');

const overlapping = (from: string, to: string) => (entity: Entity) =>
  String(entity.start_date) <= to && String(entity.end_date) >= from;
const has = (field: string, value: string) => (entity: Entity) =>
  [entity[field]].flat().some((v) => typeof v === 'string' && v.toLowerCase().includes(value));

interface Question {
  question: string;
  /** The answer, asked with what the version offers; `false` when the answer is wrong. */
  ask: () => Promise<unknown>;
}

const questions: Question[] = [
  {
    question: `Upcoming exhibitions in ${country}`,
    ask: () =>
      before
        ? pageThrough(`type=exhibition&country=${encodeURIComponent(country)}`, (e) => e.status === 'upcoming')
        : list(`type=exhibition&country=${encodeURIComponent(country)}&status=upcoming&limit=20`),
  },
  {
    question: `Exhibitions in ${country} in March ${year}`,
    ask: () =>
      before
        ? pageThrough(`type=exhibition&country=${encodeURIComponent(country)}`, overlapping(march, marchEnd))
        : list(`type=exhibition&country=${encodeURIComponent(country)}&from=${march}&to=${marchEnd}&limit=20`),
  },
  {
    question: 'The next 10 exhibitions to open',
    ask: () =>
      before
        ? pageThrough('type=exhibition', (e) => e.status === 'upcoming')
        : list('type=exhibition&status=upcoming&sort=start_date&limit=10'),
  },
  {
    question: 'The 10 exhibitions that ended last',
    ask: () =>
      before
        ? pageThrough('type=exhibition', (e) => e.status === 'ended')
        : list('type=exhibition&status=ended&sort=-start_date&limit=10'),
  },
  {
    question: 'Exhibitions cancelled or postponed',
    ask: async () =>
      before
        ? pageThrough('type=exhibition', (e) => e.status === 'cancelled' || e.status === 'postponed')
        : [
            await list('type=exhibition&status=cancelled&limit=50'),
            await list('type=exhibition&status=postponed&limit=50'),
          ],
  },
  {
    question: 'How many exhibitions are upcoming',
    ask: () =>
      before
        ? pageThrough('type=exhibition', (e) => e.status === 'upcoming')
        : list('type=exhibition&status=upcoming&limit=1'),
  },
  {
    question: `Exhibitions running on ${today}`,
    ask: () =>
      before
        ? pageThrough('type=exhibition', overlapping(today, today))
        : list(`type=exhibition&from=${today}&to=${today}&limit=50`),
  },
  {
    question: `Who makes ${product}`,
    ask: () =>
      before
        ? pageThrough('type=exhibitor', has('product_tags', product))
        : list(`type=exhibitor&text=${encodeURIComponent(product)}&limit=20`),
  },
  {
    question: `Who makes ${product}, in ${industry}`,
    ask: () =>
      before
        ? pageThrough(`type=exhibitor&industry=${encodeURIComponent(industry)}`, has('product_tags', product))
        : list(`type=exhibitor&industry=${encodeURIComponent(industry)}&text=${encodeURIComponent(product)}&limit=20`),
  },
  {
    question: `Providers of ${service} covering ${city}`,
    ask: () =>
      before
        ? pageThrough(`type=service_provider&city=${encodeURIComponent(city)}`, has('service_types', service))
        : list(`type=service_provider&city=${encodeURIComponent(city)}&text=${encodeURIComponent(service)}&limit=20`),
  },
  {
    question: 'Exhibitions organized by a Messe',
    ask: () =>
      before ? pageThrough('type=exhibition', has('organizer', 'messe')) : list('type=exhibition&text=messe&limit=20'),
  },
  {
    question: `Exhibitors in ${country} (first 20)`,
    ask: () => list(`type=exhibitor&country=${encodeURIComponent(country)}&limit=20`),
  },
  {
    question: 'One exhibitor by its id',
    ask: () => get(`/api/public/exhibitors/${encodeURIComponent(sampleExhibitor.id)}.json`),
  },
  {
    question: 'The exhibitors of an exhibition (their names)',
    ask: async () => {
      if (before) return get(relationPath(sampleExhibition, 'exhibitors'));
      const id = encodeURIComponent(sampleExhibition.id);
      return list(`type=exhibitor&exhibition=${id}&fields=company_en,company_cn&limit=100`);
    },
  },
  {
    question: 'Exhibitors whose name has "tech"',
    ask: () => list('type=exhibitor&q=tech&limit=20'),
  },
  {
    question: 'Page 2 of exhibitors in China (asked with page=2)',
    ask: async () => {
      const guessed = await list('type=exhibitor&country=China&limit=20&page=2');
      // Ignored, page=2 answers page 1: wrong. Refused, the message says offset, and the agent asks again.
      if (guessed.status === 200) return false;
      return list('type=exhibitor&country=China&limit=20&offset=20');
    },
  },
  {
    question: `Exhibitions starting from ${today} (asked with start_date)`,
    ask: async () => {
      const guessed = await list(`type=exhibition&start_date=${today}&limit=20`);
      if (guessed.status === 200) return false;
      return list(`type=exhibition&from=${today}&sort=start_date&limit=20`);
    },
  },
  {
    question: 'Upcoming exhibitions (asked with status, a guess before it existed)',
    ask: async () => {
      const guessed = await list('type=exhibition&status=upcoming&limit=20');
      return before && guessed.entities.some((e) => e.status !== 'upcoming') ? false : guessed;
    },
  },
  {
    question: 'Exhibitions latest first (asked with sort=-start_date)',
    ask: async () => {
      const guessed = await list('type=exhibition&sort=-start_date&limit=20');
      const starts = guessed.entities.map((e) => String(e.start_date));
      return starts.length > 1 && starts[0]! < starts.at(-1)! ? false : guessed;
    },
  },
  {
    question: `How many exhibitors are in ${country}`,
    ask: () => list(`type=exhibitor&country=${encodeURIComponent(country)}&limit=${before ? 1 : 0}`),
  },
  {
    question: 'How many exhibitors an exhibition has',
    ask: async () => {
      if (before) return get(relationPath(sampleExhibition, 'exhibitors'));
      const count = await list(`type=exhibitor&exhibition=${encodeURIComponent(sampleExhibition.id)}&limit=0`);
      return count.status === 200 ? count : false;
    },
  },
  {
    question: `Who makes ${productEn}, asked in English and Chinese (${productCn})`,
    ask: async () => {
      if (before)
        return pageThrough(
          'type=exhibitor',
          (e) => has('product_tags', productEn)(e) || has('product_tags', productCn)(e) || has('intro', productCn)(e),
        );
      const both = await list(
        `type=exhibitor&text=${encodeURIComponent(`${productEn}|${productCn}`)}&fields=company_en,product_tags&limit=100`,
      );
      return both.status === 200 ? both : false;
    },
  },
  {
    question: `How many exhibitors are in ${industryEn}, tagged in English or Chinese (${industryCn})`,
    ask: async () => {
      if (!before) return list(`type=exhibitor&industry=${encodeURIComponent(industryEn)}&limit=0`);
      // Each name's holders, paged through, counted once.
      const holders = await Promise.all(
        [industryEn, industryCn].map((name) => pageThrough(`type=exhibitor&industry=${encodeURIComponent(name)}`)),
      );
      return new Set(holders.flat().map((entity) => entity.id)).size;
    },
  },
  {
    question: `The names and cities of the exhibitors in ${country} (first 100)`,
    ask: () =>
      list(`type=exhibitor&country=${encodeURIComponent(country)}${before ? '' : '&fields=company_en,city'}&limit=100`),
  },
  {
    question: 'The values of the country filter for exhibitions',
    ask: () => get('/api/public/facets/exhibitions/country.json'),
  },
];

for (const { question, ask } of questions) {
  calls = 0;
  characters = 0;
  const answer = await ask();
  console.log(JSON.stringify({ question, calls, characters, right: answer !== false }));
}
