/**
 * The values closest to a filter value no entity holds (docs/api.md#unmatched): those equal
 * to it once folded (accents, case, punctuation and spaces dropped: `koln` → `Köln`), then
 * those a few edits away (`Shangai` → `Shanghai`).
 */
import type { HeldValue } from './held-values.js';
import { compareCodePoints } from './text.js';

/** At most this many closest values are named. */
export const CLOSEST_KEPT = 5;

/**
 * A value folded for comparing spellings: NFKD with the combining marks dropped, lower
 * case, letters and digits alone (`Xi'an` → `xian`, `São Paulo` → `saopaulo`).
 */
export function foldValue(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The edits a folded value of `length` code points may be from a held one: 0 up to 3, 1 up to 7, then 2. */
export function editsAllowed(length: number): number {
  return Math.min(2, Math.floor(length / 4));
}

/**
 * The labels of the held values closest to `given`, at most {@link CLOSEST_KEPT}: each held
 * value whose folded form is at most {@link editsAllowed} edits (Levenshtein, over code points)
 * from the folded `given`; fewest edits first, then the most entities, then the value in
 * code-point order. `held` has a list per kind asked: a value's count is summed over them,
 * its label is that of the first list holding it.
 */
export function closestValues(given: string, held: readonly (readonly HeldValue[])[]): string[] {
  const folded = [...foldValue(given)];
  if (folded.length === 0) return [];
  const allowed = editsAllowed(folded.length);
  const merged = new Map<string, { label: string; count: number; edits: number }>();
  for (const values of held) {
    for (const { value, label, count } of values) {
      const known = merged.get(value);
      if (known !== undefined) {
        known.count += count;
        continue;
      }
      const edits = editDistance(folded, [...foldValue(value)], allowed);
      if (edits <= allowed) merged.set(value, { label, count, edits });
    }
  }
  return [...merged]
    .sort(([a, x], [b, y]) => x.edits - y.edits || y.count - x.count || compareCodePoints(a, b))
    .slice(0, CLOSEST_KEPT)
    .map(([, { label }]) => label);
}

// Levenshtein distance of two code-point arrays, or `max + 1` as soon as it is known to exceed `max`.
function editDistance(a: readonly string[], b: readonly string[], max: number): number {
  if (b.length === 0 || Math.abs(a.length - b.length) > max) return b.length === 0 ? a.length : max + 1;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...next) > max) return max + 1;
    row = next;
  }
  return row[b.length]!;
}
