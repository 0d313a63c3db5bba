/**
 * English plural and singular as one term for `text` (docs/api.md#text): a word of Latin
 * letters of four or more is folded to its singular by `pluralize`, so "tractor" finds
 * "Tractors" and "batteries" finds "battery". Shorter words stay as they are ("gps", "its",
 * "us" are no plurals). The same folding runs on the indexed text and on the query.
 */
import pluralize from 'pluralize';

const WORD = /^[a-z]{4,}$/;
// Words repeat across entities: each is folded once, up to a bound.
const folded = new Map<string, string>();
const FOLDED_KEPT = 200_000;

/** The singular of a lower-case word of four or more Latin letters; any other term as it is. */
export function singular(term: string): string {
  if (!WORD.test(term)) return term;
  let word = folded.get(term);
  if (word === undefined) {
    word = pluralize.singular(term);
    if (folded.size >= FOLDED_KEPT) folded.clear();
    folded.set(term, word);
  }
  return word;
}
