/** Service provider records: companies that help exhibitors at trade shows. */
import { CITIES, type City } from './geo.js';
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
import { CHINESE_BRANDS, FOREIGN_BRANDS, INDUSTRIES, SERVICES, type Service } from './vocabulary.js';

/** One service provider as written to the sources. */
export interface ProviderRecord {
  id: string;
  name_cn?: string;
  name_en?: string;
  service_types: TagField;
  cover_regions: string[];
  good_at_industry: TagField;
  intro: string;
  case_images: string[];
  is_verified: boolean;
}

/** Yields `count` service providers based in trade-show cities. */
export function* generateProviders(rng: Random, count: number): Generator<ProviderRecord> {
  for (let index = 0; index < count; index++) {
    const id = `SP-${pad(index + 1, 4)}`;
    const home = rng.pick(CITIES);
    const chinese = home.country.en === 'China';
    const services = rng.sample(SERVICES, rng.int(1, 4));
    const { name, domain } = providerName(rng, home, services[0] as Service);
    const names = bilingualNames(rng, name[1], name[0]);
    const cities = coveredCities(rng, home);
    const chineseShare = chinese ? 0.5 : 0.1;
    yield {
      id,
      name_cn: names.cn,
      name_en: names.en,
      service_types: tagField(
        rng,
        services.map((s) => termInLanguage(rng, s.term, chineseShare)),
      ),
      cover_regions: unique([...cities.map((c) => c.country.en), ...cities.map((c) => c.en)]),
      good_at_industry: tagField(
        rng,
        rng.sample(INDUSTRIES, rng.int(1, 3)).map((i) => termInLanguage(rng, i.term, chineseShare / 2)),
      ),
      intro: intro(rng, name, services, cities),
      case_images: caseImages(rng, id, domain),
      is_verified: rng.chance(0.5),
    };
  }
}

/** The company name, English and Chinese, and its web domain. */
function providerName(rng: Random, home: City, mainService: Service): { name: Term; domain: string } {
  const [wordEn, wordCn] = mainService.companyWord;
  const chinese = home.country.en === 'China';
  const [brandEn, brandCn] = rng.pick(chinese ? CHINESE_BRANDS : FOREIGN_BRANDS);
  const name: Term = chinese
    ? [`${home.en} ${brandEn} ${wordEn} Co., Ltd.`, `${home.cn}${brandCn}${wordCn}有限公司`]
    : [`${brandEn} ${wordEn} ${home.country.companySuffix}`, `${home.country.cn}${brandCn}${wordCn}公司`];
  return { name, domain: `${slug(`${brandEn} ${wordEn}`)}.${chinese ? 'com.cn' : 'com'}` };
}

/** The home city and up to three more. */
function coveredCities(rng: Random, home: City): City[] {
  return unique([home, ...rng.sample(CITIES, rng.int(0, 3))]);
}

function intro(rng: Random, name: Term, services: readonly Service[], cities: readonly City[]): string {
  const servicesEn = services.map((s) => lowerFirst(s.term[0])).join(', ');
  const servicesCn = services.map((s) => s.term[1]).join('、');
  const founded = rng.int(1996, 2023);
  switch (rng.int(0, 2)) {
    case 0:
      return `${name[0]} offers ${servicesEn} for exhibitors in ${cities.map((c) => c.en).join(', ')}, in business since ${founded}.`;
    case 1:
      return `${name[1]}为参展企业提供${servicesCn}等一站式服务，成立于${founded}年。`;
    default:
      return `${name[1]}：${servicesCn}。One-stop ${servicesEn} since ${founded}.`;
  }
}

/** One to four photos of past booths, hosted on the provider's own CDN. */
function caseImages(rng: Random, id: string, domain: string): string[] {
  return Array.from({ length: rng.int(1, 4) }, (_, n) => `https://cdn.${domain}/cases/${slug(id)}-${n + 1}.jpg`);
}
