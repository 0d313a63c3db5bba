/**
 * The industry names the data pairs across languages (docs/api.md#matching): an exhibition
 * whose `industry_tags_en` and `industry_tags_cn` hold as many tags pairs them in order
 * (Cosmetics with 美容化妆品), and names paired directly or through other pairs are one
 * industry. The `industry` filter of every kind finds an entity by any name of an industry it
 * holds, so `industry=Cosmetics` finds the exhibitors tagged 美容化妆品 alone; the listing
 * pages, value shards and facets of an industry go by one name, its first in code-point order.
 */
import type { Entity } from './entity.js';
import type { FilterParameter } from './kinds.js';
import { spellingKey } from './tag-values.js';
import { compareCodePoints, normalize } from './text.js';

/** Each normalized name of an industry the data pairs → the name its industry goes by; a name no exhibition pairs is in none. */
export type IndustryNames = ReadonlyMap<string, string>;

/** No industry names: every name is its own industry. */
export const NO_INDUSTRY_NAMES: IndustryNames = new Map();

/** The industries the exhibitions' paired tags make, as the names of each (its own first, then the others in code-point order). */
export function industryGroups(exhibitions: readonly Entity[]): string[][] {
  const parent = new Map<string, string>();
  const root = (name: string): string => {
    let top = name;
    while (parent.get(top) !== top) top = parent.get(top)!;
    parent.set(name, top);
    return top;
  };
  for (const exhibition of exhibitions) {
    const [en, cn] = [exhibition.industry_tags_en, exhibition.industry_tags_cn];
    if (!Array.isArray(en) || !Array.isArray(cn) || en.length !== cn.length) continue;
    en.forEach((tag, i) => {
      const [a, b] = [tag, cn[i]].map((name) => (typeof name === 'string' ? normalize(name) : ''));
      if (a === '' || b === '' || a === b) return;
      for (const name of [a!, b!]) if (!parent.has(name)) parent.set(name, name);
      parent.set(root(a!), root(b!));
    });
  }
  const groups = new Map<string, string[]>();
  for (const name of parent.keys()) {
    const group = groups.get(root(name));
    if (group) group.push(name);
    else groups.set(root(name), [name]);
  }
  return [...groups.values()]
    .map((group) => group.sort(compareCodePoints))
    .sort((a, b) => compareCodePoints(a[0]!, b[0]!));
}

/** The names of `groups` ({@link industryGroups}, as the schema document lists them), each to the name its industry goes by. */
export function namesOfGroups(groups: readonly (readonly string[])[]): IndustryNames {
  const names = new Map<string, string>();
  for (const group of groups) for (const name of group) names.set(name, group[0]!);
  return names;
}

/**
 * The value a filter matches entities by: a normalized value (a tag's words in the singular: tag-values.ts), or for
 * `industry` the name its industry goes by.
 */
export function filterKey(filter: FilterParameter, normalized: string, names: IndustryNames): string {
  const key = spellingKey(filter, normalized);
  return filter === 'industry' ? (names.get(key) ?? key) : key;
}
