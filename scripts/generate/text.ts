/**
 * Text helpers that make the data messy the way real feeds are: tag spelling variants,
 * tag lists given as one delimited string, a missing Chinese or English name.
 */
import type { Random } from './random.js';

/** A value with its English and Chinese forms. */
export type Term = readonly [en: string, cn: string];

/** A tag field: usually an array, on a few records one delimited string. */
export type TagField = string[] | string;

const DELIMITERS = [',', ', ', '，', '、', ';', '; ', '|', ' | '] as const;

/** Returns the tag as is, or (sometimes) with different case or spacing. */
export function spellingVariant(rng: Random, tag: string, probability = 0.15): string {
  if (!rng.chance(probability)) return tag;
  switch (rng.int(0, 3)) {
    case 0:
      return tag.toLowerCase();
    case 1:
      return ` ${tag.toUpperCase()} `;
    case 2:
      return tag.includes(' ') ? tag.replace(/ /gu, '  ') : `${tag} `;
    default:
      return tag.includes(' ') ? tag.toLowerCase().replace(' ', '  ') : tag.toLowerCase();
  }
}

/** Picks the English form (with spelling variants) or the Chinese form of a term. */
export function termInLanguage(rng: Random, term: Term, chineseProbability: number): string {
  return rng.chance(chineseProbability) ? term[1] : spellingVariant(rng, term[0]);
}

/** Returns the tags as an array, or on about 5% of fields as one delimited string. */
export function tagField(rng: Random, tags: string[]): TagField {
  if (tags.length < 2 || !rng.chance(0.05)) return tags;
  return tags.join(rng.pick(DELIMITERS));
}

/** Both names, or on about 5% of records only one of them (the other is undefined). */
export function bilingualNames(rng: Random, cn: string, en: string): { cn?: string; en?: string } {
  if (!rng.chance(0.05)) return { cn, en };
  return rng.chance(0.5) ? { cn } : { en };
}

/** Lower-case ASCII slug for URLs: "São Paulo" → "sao-paulo", "Xi'an" → "xian". */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f'’]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-|-$/gu, '');
}

/** "Electric vehicles" → "electric vehicles", but "LED panels" stays as is. */
export function lowerFirst(text: string): string {
  return text.replace(/^[A-Z](?=[a-z])/u, (letter) => letter.toLowerCase());
}

/** Zero-padded decimal: pad(7, 4) → "0007". */
export function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Removes repeated values, keeping the first occurrence. */
export function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
