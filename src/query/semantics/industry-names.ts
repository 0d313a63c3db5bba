/**
 * The industry names the data pairs across languages (docs/api.md#matching): an exhibition
 * whose `industry_tags_en` and `industry_tags_cn` hold as many tags pairs them in order
 * (Cosmetics with 美容化妆品), and names paired directly or through another pair are one
 * industry. The `industry` filter of every kind finds an entity by any name of an industry it
 * holds, so `industry=Cosmetics` finds the exhibitors tagged 美容化妆品 alone.
 */
import type { Entity } from './entity.js';
import { normalize } from './text.js';

/** Each normalized industry name the data pairs → every normalized name of its industry, itself included. */
export type IndustryNames = ReadonlyMap<string, readonly string[]>;

/** The industries the exhibitions' paired tags make. */
export function industryNames(exhibitions: readonly Entity[]): IndustryNames {
  const parent = new Map<string, string>();
  const root = (name: string): string => {
    let top = name;
    while (parent.get(top) !== top) top = parent.get(top)!;
    parent.set(name, top);
    return top;
  };
  const add = (name: string) => {
    if (!parent.has(name)) parent.set(name, name);
  };
  for (const exhibition of exhibitions) {
    const [en, cn] = [exhibition.industry_tags_en, exhibition.industry_tags_cn];
    if (!Array.isArray(en) || !Array.isArray(cn) || en.length !== cn.length) continue;
    en.forEach((tag, i) => {
      const [a, b] = [tag, cn[i]].map((name) => (typeof name === 'string' ? normalize(name) : ''));
      if (a === '' || b === '' || a === b) return;
      add(a!);
      add(b!);
      parent.set(root(a!), root(b!));
    });
  }
  const industries = new Map<string, string[]>();
  for (const name of parent.keys()) {
    const members = industries.get(root(name)) ?? [];
    members.push(name);
    industries.set(root(name), members);
  }
  const names = new Map<string, readonly string[]>();
  for (const members of industries.values()) {
    const sorted = members.sort();
    for (const name of sorted) names.set(name, sorted);
  }
  return names;
}
