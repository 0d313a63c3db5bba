import type { Random } from './random.js';

/**
 * Countries and cities, spelled exactly as every generated record spells them (the
 * English name is the canonical value; providers' cover regions reuse it so they match).
 */

/** A country with its Chinese name and the company suffix used there. */
export interface Country {
  readonly en: string;
  readonly cn: string;
  readonly companySuffix: string;
}

/** A trade-show city with its venues and local organizers. */
export interface City {
  readonly en: string;
  readonly cn: string;
  readonly country: Country;
  /** Relative frequency when picking a host city at random. */
  readonly weight: number;
  readonly venues: readonly string[];
  readonly organizers: readonly string[];
}

const country = (en: string, cn: string, companySuffix: string): Country => ({ en, cn, companySuffix });

const CHINA = country('China', '中国', 'Co., Ltd.');
const GERMANY = country('Germany', '德国', 'GmbH');
const USA = country('United States', '美国', 'Inc.');
const FRANCE = country('France', '法国', 'S.A.S.');
const ITALY = country('Italy', '意大利', 'S.p.A.');
const JAPAN = country('Japan', '日本', 'K.K.');
const UAE = country('United Arab Emirates', '阿联酋', 'LLC');
const SINGAPORE = country('Singapore', '新加坡', 'Pte. Ltd.');
const BRAZIL = country('Brazil', '巴西', 'Ltda.');
const INDIA = country('India', '印度', 'Pvt. Ltd.');
const THAILAND = country('Thailand', '泰国', 'Co., Ltd.');

const city = (en: string, cn: string, home: Country, weight: number, venues: string[], organizers: string[]): City => ({
  en,
  cn,
  country: home,
  weight,
  venues,
  organizers,
});

/** Every city that hosts exhibitions. */
export const CITIES: readonly City[] = [
  city(
    'Shanghai',
    '上海',
    CHINA,
    6,
    ['National Exhibition and Convention Center (Shanghai)', 'Shanghai New International Expo Centre'],
    ['Shanghai International Exhibition Co., Ltd.', 'Informa Markets China'],
  ),
  city(
    'Guangzhou',
    '广州',
    CHINA,
    5,
    ['China Import and Export Fair Complex', 'Poly World Trade Center Expo'],
    ['China Foreign Trade Centre', 'Guangzhou Guangya Messe Frankfurt Co., Ltd.'],
  ),
  city(
    'Shenzhen',
    '深圳',
    CHINA,
    4,
    ['Shenzhen World Exhibition & Convention Center', 'Shenzhen Convention & Exhibition Center'],
    ['Shenzhen Exhibition Group', 'Reed Huabo Exhibitions (Shenzhen)'],
  ),
  city(
    'Beijing',
    '北京',
    CHINA,
    3,
    ['China International Exhibition Center', 'China National Convention Center'],
    ['CCPIT Beijing', 'China International Exhibition Center Group'],
  ),
  city(
    "Xi'an",
    '西安',
    CHINA,
    2,
    ["Xi'an International Expo Center", "Xi'an Qujiang International Convention & Exhibition Center"],
    ["Xi'an Qujiang Convention & Exhibition Group"],
  ),
  city(
    'Chengdu',
    '成都',
    CHINA,
    2,
    ['Western China International Expo City', 'Century City New International Convention & Exhibition Center'],
    ['Chengdu Expo Group'],
  ),
  city('Frankfurt am Main', '法兰克福', GERMANY, 3, ['Messe Frankfurt Exhibition Grounds'], ['Messe Frankfurt GmbH']),
  city('Köln', '科隆', GERMANY, 2, ['Koelnmesse Exhibition Centre'], ['Koelnmesse GmbH']),
  city('Hannover', '汉诺威', GERMANY, 2, ['Hannover Exhibition Grounds'], ['Deutsche Messe AG']),
  city(
    'Munich',
    '慕尼黑',
    GERMANY,
    2,
    ['Messe München', 'ICM – Internationales Congress Center München'],
    ['Messe München GmbH'],
  ),
  city(
    'Las Vegas',
    '拉斯维加斯',
    USA,
    3,
    ['Las Vegas Convention Center', 'Venetian Expo'],
    ['Emerald X', 'Consumer Technology Association'],
  ),
  city(
    'Chicago',
    '芝加哥',
    USA,
    2,
    ['McCormick Place'],
    ['AMT – The Association For Manufacturing Technology', 'Emerald X'],
  ),
  city('Orlando', '奥兰多', USA, 1, ['Orange County Convention Center'], ['Emerald X']),
  city(
    'Paris',
    '巴黎',
    FRANCE,
    3,
    ['Paris Nord Villepinte', 'Paris Expo Porte de Versailles'],
    ['Comexposium', 'RX France'],
  ),
  city('Lyon', '里昂', FRANCE, 1, ['Eurexpo Lyon'], ['GL events Exhibitions']),
  city('Milan', '米兰', ITALY, 3, ['Fiera Milano Rho', 'Allianz MiCo'], ['Fiera Milano S.p.A.']),
  city('Bologna', '博洛尼亚', ITALY, 1, ['BolognaFiere Exhibition Centre'], ['BolognaFiere S.p.A.']),
  city(
    'Tokyo',
    '东京',
    JAPAN,
    3,
    ['Tokyo Big Sight', 'Makuhari Messe'],
    ['RX Japan Ltd.', 'JMA – Japan Management Association'],
  ),
  city('Osaka', '大阪', JAPAN, 1, ['INTEX Osaka'], ['RX Japan Ltd.']),
  city(
    'Dubai',
    '迪拜',
    UAE,
    3,
    ['Dubai World Trade Centre', 'Dubai Exhibition Centre'],
    ['Dubai World Trade Centre LLC'],
  ),
  city(
    'Singapore',
    '新加坡',
    SINGAPORE,
    2,
    ['Marina Bay Sands Expo and Convention Centre', 'Singapore EXPO'],
    ['Singapore Exhibition Services', 'Informa Markets Asia'],
  ),
  city(
    'São Paulo',
    '圣保罗',
    BRAZIL,
    2,
    ['São Paulo Expo', 'Expo Center Norte'],
    ['Informa Markets Brazil', 'RX Brasil'],
  ),
  city(
    'Mumbai',
    '孟买',
    INDIA,
    2,
    ['Bombay Exhibition Centre', 'Jio World Convention Centre'],
    ['India Trade Promotion Organisation', 'Messe Frankfurt Trade Fairs India'],
  ),
  city(
    'New Delhi',
    '新德里',
    INDIA,
    1,
    ['Bharat Mandapam', 'India Expo Centre & Mart'],
    ['India Trade Promotion Organisation'],
  ),
  city(
    'Bangkok',
    '曼谷',
    THAILAND,
    2,
    ['IMPACT Exhibition and Convention Center', 'Queen Sirikit National Convention Center'],
    ['N.C.C. Exhibition Organizer', 'Informa Markets Thailand'],
  ),
];

/** Organizers active in many countries, mixed in with the local ones. */
export const GLOBAL_ORGANIZERS: readonly string[] = [
  'Informa Markets',
  'RX Global',
  'Messe Frankfurt GmbH',
  'Koelnmesse GmbH',
  'Deutsche Messe AG',
];

/** Chinese manufacturing hubs that are home to exhibitors but host no exhibitions here. */
export const MANUFACTURING_HUBS: readonly City[] = [
  ['Ningbo', '宁波'],
  ['Dongguan', '东莞'],
  ['Foshan', '佛山'],
  ['Hangzhou', '杭州'],
  ['Suzhou', '苏州'],
  ['Xiamen', '厦门'],
  ['Qingdao', '青岛'],
  ['Wenzhou', '温州'],
].map(([en, cn]) => city(en as string, cn as string, CHINA, 1, [], []));

/** Cities in China, hosts and hubs, where Chinese companies are based. */
export const CHINESE_HOME_CITIES: readonly City[] = [
  ...CITIES.filter((c) => c.country === CHINA),
  ...MANUFACTURING_HUBS,
];

/** Cities outside China, where foreign companies are based. */
export const FOREIGN_HOME_CITIES: readonly City[] = CITIES.filter((c) => c.country !== CHINA);

/** Picks a host city, favouring the big trade-show cities. */
export function pickWeightedCity(rng: Random): City {
  const total = CITIES.reduce((sum, c) => sum + c.weight, 0);
  let remaining = rng.next() * total;
  for (const c of CITIES) {
    remaining -= c.weight;
    if (remaining < 0) return c;
  }
  return CITIES[CITIES.length - 1] as City;
}
