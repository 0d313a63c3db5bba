/** Exhibition records: where, when, what industries, and who runs them. */
import { CITIES, GLOBAL_ORGANIZERS, pickWeightedCity, type City } from './geo.js';
import type { Random } from './random.js';
import { bilingualNames, pad, slug, spellingVariant, tagField, type TagField, type Term } from './text.js';
import { FLAGSHIP_SHOWS, INDUSTRIES, industryNamed, type FlagshipShow, type Industry } from './vocabulary.js';

/** Exhibition ids are strings, except a few plain numbers. */
export type ExhibitionId = string | number;

/** One exhibition as written to the sources. */
export interface ExhibitionRecord {
  id: ExhibitionId;
  name_cn?: string;
  name_en?: string;
  industry_tags_cn: TagField;
  industry_tags_en: TagField;
  country: string;
  city: string;
  start_date: string;
  end_date: string;
  status?: 'cancelled' | 'postponed';
  organizer: string;
  venue: string;
  official_url: string;
}

/** What exhibitors need to know about an exhibition they attend. */
export interface ExhibitionRef {
  readonly id: ExhibitionId;
  readonly title: string;
  readonly year: number;
  readonly industries: readonly string[];
}

/** A generated exhibition and its summary for linking exhibitors. */
export interface GeneratedExhibition {
  readonly record: ExhibitionRecord;
  readonly ref: ExhibitionRef;
}

/** The sample's "today": a few exhibitions run over it (2026-11-22 … 2026-11-25). */
export const REFERENCE_DATE = '2026-11-22';

/** Positions, in every block of 240 exhibitions, of those held over the reference date. */
const ONGOING_POSITIONS = [3, 27];

const DAY_MS = 86_400_000;
const FIRST_START = Date.UTC(2024, 0, 8);
const LAST_START = Date.UTC(2028, 11, 26);
const DURATIONS = [1, 2, 3, 3, 3, 4, 4, 5] as const;

/** Id of the exhibition at `index`: "EXH-0001", or every 16th a number from 90001. */
export function exhibitionId(index: number): ExhibitionId {
  return index % 16 === 13 ? 90_001 + Math.floor(index / 16) : `EXH-${pad(index + 1, 4)}`;
}

/** Yields `count` exhibitions; every host city appears before any repeats. */
export function* generateExhibitions(rng: Random, count: number): Generator<GeneratedExhibition> {
  const cityOrder = rng.shuffle(CITIES);
  const startSlots = rng.shuffle(Array.from({ length: count }, (_, slot) => slot));
  for (let index = 0; index < count; index++) {
    const city = cityOrder[index] ?? pickWeightedCity(rng);
    const startFraction = ((startSlots[index] ?? 0) + rng.next()) / count;
    yield generateExhibition(rng, index, city, startFraction);
  }
}

function generateExhibition(rng: Random, index: number, city: City, startFraction: number): GeneratedExhibition {
  const flagship = rng.chance(0.35) ? flagshipIn(rng, city) : undefined;
  const industries = flagship
    ? flagship.industries.map((name) => industryNamed(name))
    : rng.sample(INDUSTRIES, rng.int(1, 3));
  const main = industries[0] as Industry;
  const [nameEn, nameCn] = flagship ? flagship.name : exhibitionName(rng, city, main);
  const names = bilingualNames(rng, nameCn, nameEn);
  const ongoing = ONGOING_POSITIONS.includes(index % 240);
  const [startDate, endDate] = ongoing ? datesAroundReference(rng) : datesFrom(rng, startFraction);
  const record: ExhibitionRecord = {
    id: exhibitionId(index),
    name_cn: names.cn,
    name_en: names.en,
    industry_tags_cn: tagField(
      rng,
      industries.map((i) => spellingVariant(rng, i.term[1], 0.05)),
    ),
    industry_tags_en: tagField(
      rng,
      industries.map((i) => spellingVariant(rng, i.term[0])),
    ),
    country: city.country.en,
    city: city.en,
    start_date: startDate,
    end_date: endDate,
    status: statusAt(index),
    organizer: rng.chance(0.75) ? rng.pick(city.organizers) : rng.pick(GLOBAL_ORGANIZERS),
    venue: rng.pick(city.venues),
    official_url: `https://www.${slug(flagship ? nameEn : `${main.term[0]} expo ${city.en}`)}.com/`,
  };
  const ref: ExhibitionRef = {
    id: record.id,
    title: names.en ?? nameCn,
    year: Number(startDate.slice(0, 4)),
    industries: industries.map((i) => i.term[0]),
  };
  return { record, ref };
}

/** One exhibition in twelve (about 8%) is cancelled or postponed, alternately. */
function statusAt(index: number): ExhibitionRecord['status'] {
  if (index % 12 !== 5) return undefined;
  return Math.floor(index / 12) % 2 === 0 ? 'cancelled' : 'postponed';
}

function flagshipIn(rng: Random, city: City): FlagshipShow | undefined {
  const shows = FLAGSHIP_SHOWS.filter((candidate) => candidate.city === city.en);
  return shows.length > 0 ? rng.pick(shows) : undefined;
}

/** A templated name, English and Chinese, e.g. "上海国际汽车展览会". */
function exhibitionName(rng: Random, city: City, industry: Industry): Term {
  const [en, cn] = industry.term;
  switch (rng.int(0, 3)) {
    case 0:
      return [`${city.en} International ${en} Exhibition`, `${city.cn}国际${cn}展览会`];
    case 1:
      return [`${en} Expo ${city.en}`, `${city.cn}国际${cn}博览会`];
    case 2:
      return [`${city.en} ${en} Industry Show`, `${city.cn}${cn}产业展`];
    default:
      return city.country.en === 'China'
        ? [`China (${city.en}) International ${en} Fair`, `中国（${city.cn}）国际${cn}博览会`]
        : [`International ${en} Trade Fair ${city.en}`, `${countryPrefix(city)}${city.cn}国际${cn}展`];
  }
}

/** "德国" before "法兰克福", but nothing before a city-state such as Singapore. */
function countryPrefix(city: City): string {
  return city.country.cn === city.cn ? '' : city.country.cn;
}

/** Start spread evenly over 2024–2028 (by `fraction` in [0, 1)), lasting 1 to 5 days. */
function datesFrom(rng: Random, fraction: number): [string, string] {
  const startDays = (LAST_START - FIRST_START) / DAY_MS;
  const start = FIRST_START + Math.floor(fraction * startDays) * DAY_MS;
  return [isoDate(start), isoDate(start + (rng.pick(DURATIONS) - 1) * DAY_MS)];
}

/** A range that contains 2026-11-22 … 2026-11-25, so the sample has ongoing shows. */
function datesAroundReference(rng: Random): [string, string] {
  const reference = Date.parse(`${REFERENCE_DATE}T00:00:00Z`);
  const start = reference - rng.int(0, 1) * DAY_MS;
  return [isoDate(start), isoDate(start + 4 * DAY_MS)];
}

function isoDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}
