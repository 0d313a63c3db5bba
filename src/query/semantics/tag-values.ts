/**
 * The tag filters (docs/api.md#query-filters): `product` matches an exhibitor's `product_tags`, `service` a provider's
 * `service_types`, a tag whole as the other filters match a value, and English plural and singular alike: each word
 * of four or more Latin letters is folded to its singular as `text` folds it (singular.ts), so `Solar panels` finds
 * `Solar panel`. Tags are many and in two languages, so one filter takes several between `|`, any of which an entity
 * may hold (`Solar panels|太阳能电池板`).
 */
import { splitAlternatives } from './alternatives.js';
import { TAG_FILTERS, type FilterParameter } from './kinds.js';
import { singular } from './singular.js';

/** Whether a filter matches tags ({@link TAG_FILTERS}). */
export function isTagFilter(filter: FilterParameter): boolean {
  return (TAG_FILTERS as readonly string[]).includes(filter);
}

/** A normalized value as a filter compares its spellings: a tag with each word in the singular, any other as it is. */
export function spellingKey(filter: FilterParameter, normalized: string): string {
  return isTagFilter(filter) ? normalized.replace(/\p{L}+/gu, singular) : normalized;
}

/** The values a filter's parameter asks for, any of which an entity may hold: a tag filter's alternatives between `|`, any other's value whole. */
export function filterAlternatives(filter: FilterParameter, value: string): string[] {
  return isTagFilter(filter) ? splitAlternatives(value) : [value];
}
