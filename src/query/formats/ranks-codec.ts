/**
 * Ranks in ascending order as one short string: the gap before each rank (minus one) in
 * base 36, comma-separated (`[0, 1, 5, 40]` → `"0,0,3,y"`). Search index files store
 * their filter postings so: a fraction of the bytes of a JSON array of numbers.
 */

/** Encodes ascending ranks. */
export function encodeRanks(ranks: readonly number[]): string {
  let text = '';
  let previous = -1;
  for (const rank of ranks) {
    text += `${text === '' ? '' : ','}${(rank - previous - 1).toString(36)}`;
    previous = rank;
  }
  return text;
}

/** Decodes what {@link encodeRanks} wrote. */
export function decodeRanks(text: string): number[] {
  const ranks: number[] = [];
  if (text === '') return ranks;
  let previous = -1;
  for (const gap of text.split(',')) ranks.push((previous += parseInt(gap, 36) + 1));
  return ranks;
}

/** Encodes the postings of one filter (normalized value → ascending ranks). */
export function encodePostings(postings: ReadonlyMap<string, readonly number[]>): Record<string, string> {
  const encoded: Record<string, string> = {};
  for (const [value, ranks] of postings) encoded[value] = encodeRanks(ranks);
  return encoded;
}
