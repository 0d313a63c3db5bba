/** Exhibitor records: companies, what they make, and the exhibitions they attend. */
import { REFERENCE_DATE, type ExhibitionId, type ExhibitionRef } from './exhibitions.js';
import { CHINESE_HOME_CITIES, FOREIGN_HOME_CITIES, type City } from './geo.js';
import type { Random } from './random.js';
import {
  bilingualNames,
  lowerFirst,
  pad,
  slug,
  tagField,
  termInLanguage,
  unique,
  type TagField,
  type Term,
} from './text.js';
import {
  CHINESE_BRANDS,
  COMPANY_TAGS,
  COMPANY_TYPES,
  FLAGSHIP_SHOWS,
  FOREIGN_BRANDS,
  INDUSTRIES,
  type Industry,
} from './vocabulary.js';

/** One exhibitor as written to the sources. */
export interface ExhibitorRecord {
  id: string;
  company_cn?: string;
  company_en?: string;
  industry_tags: TagField;
  product_tags: TagField;
  intro: string;
  exhibit_history: string[] | string;
  tags: TagField;
  weight: number;
  official_url: string;
  country?: string;
  city?: string;
  exhibition_ids: ExhibitionId[];
}

/** The company behind a record, before it is written out. */
interface Company {
  readonly home: City;
  readonly chinese: boolean;
  readonly industries: readonly Industry[];
  readonly products: readonly Term[];
  readonly name: Term;
  readonly domain: string;
}

const REFERENCE_YEAR = Number(REFERENCE_DATE.slice(0, 4));
const ATTENDANCE_COUNTS = [1, 1, 1, 2, 2, 3, 4] as const;

/** Yields `count` exhibitors linked to the given exhibitions (most to one to four of them). */
export function* generateExhibitors(
  rng: Random,
  count: number,
  exhibitions: readonly ExhibitionRef[],
): Generator<ExhibitorRecord> {
  const byIndustry = groupByIndustry(exhibitions);
  for (let index = 0; index < count; index++) {
    const company = generateCompany(rng);
    const attended = pickExhibitions(rng, company, exhibitions, byIndustry);
    const names = bilingualNames(rng, company.name[1], company.name[0]);
    const located = rng.chance(0.6);
    const chineseShare = company.chinese ? 0.4 : 0.1;
    yield {
      id: `EXR-${pad(index + 1, 6)}`,
      company_cn: names.cn,
      company_en: names.en,
      industry_tags: tagField(
        rng,
        company.industries.map((i) => termInLanguage(rng, i.term, chineseShare / 2)),
      ),
      product_tags: tagField(
        rng,
        company.products.map((p) => termInLanguage(rng, p, chineseShare)),
      ),
      intro: intro(rng, company),
      exhibit_history: exhibitHistory(rng, attended),
      tags: tagField(
        rng,
        rng.sample(COMPANY_TAGS, rng.int(1, 3)).map((t) => termInLanguage(rng, t, chineseShare)),
      ),
      weight: weight(rng),
      official_url: `https://www.${company.domain}/`,
      country: located ? company.home.country.en : undefined,
      city: located ? company.home.en : undefined,
      exhibition_ids: attended.map((exhibition) => exhibition.id),
    };
  }
}

function generateCompany(rng: Random): Company {
  const chinese = rng.chance(0.65);
  const home = rng.pick(chinese ? CHINESE_HOME_CITIES : FOREIGN_HOME_CITIES);
  const industries = rng.sample(INDUSTRIES, rng.int(1, 3));
  const main = industries[0] as Industry;
  const products = rng.sample([...main.products, ...(industries[1]?.products ?? [])], rng.int(1, 4));
  const [brandEn, brandCn] = rng.pick(chinese ? CHINESE_BRANDS : FOREIGN_BRANDS);
  const [typeEn, typeCn] = rng.pick(COMPANY_TYPES);
  const [industryEn, industryCn] = main.term;
  const name: Term = chinese
    ? [`${home.en} ${brandEn} ${industryEn} ${typeEn} Co., Ltd.`, `${home.cn}${brandCn}${industryCn}${typeCn}有限公司`]
    : [`${brandEn} ${industryEn} ${home.country.companySuffix}`, `${home.country.cn}${brandCn}${industryCn}有限公司`];
  const domain = `${slug(`${brandEn} ${industryEn}`)}.${chinese ? 'com.cn' : 'com'}`;
  return { home, chinese, industries, products, name, domain };
}

/** Most companies attend exhibitions of their main industry; about 13% attend none. */
function pickExhibitions(
  rng: Random,
  company: Company,
  exhibitions: readonly ExhibitionRef[],
  byIndustry: ReadonlyMap<string, readonly ExhibitionRef[]>,
): ExhibitionRef[] {
  if (rng.chance(0.13)) return [];
  const wanted = rng.pick(ATTENDANCE_COUNTS);
  const sameIndustry = byIndustry.get((company.industries[0] as Industry).term[0]) ?? [];
  const pool = sameIndustry.length >= wanted && rng.chance(0.8) ? sameIndustry : exhibitions;
  return rng.sample(pool, wanted);
}

function groupByIndustry(exhibitions: readonly ExhibitionRef[]): Map<string, ExhibitionRef[]> {
  const groups = new Map<string, ExhibitionRef[]>();
  for (const exhibition of exhibitions) {
    for (const industry of exhibition.industries) {
      const group = groups.get(industry) ?? [];
      group.push(exhibition);
      groups.set(industry, group);
    }
  }
  return groups;
}

/** "2024 Auto Shanghai": attended shows up to this year, and older ones; a few give one string. */
function exhibitHistory(rng: Random, attended: readonly ExhibitionRef[]): string[] | string {
  const older = rng
    .sample(FLAGSHIP_SHOWS, rng.int(0, 2))
    .map((show) => `${rng.int(2018, 2023)} ${show.name[rng.int(0, 1)]}`);
  const past = attended.filter((exhibition) => exhibition.year <= REFERENCE_YEAR);
  const history = unique([...past.map((exhibition) => `${exhibition.year} ${exhibition.title}`), ...older]);
  return history.length > 0 && rng.chance(0.04) ? (history[0] as string) : history;
}

/** Ranking weight 0–100, skewed low; about 10% carry one decimal. Many ties. */
function weight(rng: Random): number {
  const value = 100 * rng.next() ** 1.5;
  return rng.chance(0.1) ? Math.round(value * 10) / 10 : Math.round(value);
}

function intro(rng: Random, company: Company): string {
  const [nameEn, nameCn] = company.name;
  const [industryEn, industryCn] = (company.industries[0] as Industry).term;
  const productsEn = company.products.map((p) => lowerFirst(p[0])).join(', ');
  const productsCn = company.products.map((p) => p[1]).join('、');
  const founded = rng.int(1985, 2022);
  const markets = rng.int(5, 120);
  switch (rng.int(0, 2)) {
    case 0:
      return `Founded in ${founded}, ${nameEn} makes ${productsEn} for the ${industryEn.toLowerCase()} industry. Products are sold in ${markets} countries.`;
    case 1:
      return `${nameCn}成立于${founded}年，专业从事${productsCn}的研发与生产，产品远销${markets}个国家和地区。`;
    default:
      return `${nameCn}是一家${industryCn}企业，main products: ${productsEn}. Exports to ${markets} countries.`;
  }
}
