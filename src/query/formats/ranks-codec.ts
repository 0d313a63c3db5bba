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

/**
 * Encodes ascending positions, each with a count, like {@link encodeRanks}; a count other
 * than 1 follows its gap after `:` (`[0, 1, 3, 2]`, that is 0 once and 3 twice, → `"0,2:2"`).
 * Term postings are so stored: positions of entities, with the times the term occurs in
 * the name. `entries` is flat: position, count, position, count, …; `positionOf` maps
 * each position as it is written.
 */
export function encodeCounted(entries: readonly number[], positionOf: (value: number) => number = (value) => value): string {
  let text = '';
  let previous = -1;
  for (let i = 0; i < entries.length; i += 2) {
    const position = positionOf(entries[i]!);
    const count = entries[i + 1]!;
    text += `${i === 0 ? '' : ','}${(position - previous - 1).toString(36)}${count === 1 ? '' : `:${count.toString(36)}`}`;
    previous = position;
  }
  return text;
}

/** Decodes what {@link encodeCounted} wrote, flat (position, count, …); `valueOf` maps each position read. */
export function decodeCounted(text: string, valueOf: (position: number) => number = (position) => position): number[] {
  const entries: number[] = [];
  if (text === '') return entries;
  let previous = -1;
  for (const token of text.split(',')) {
    const [gap, count] = token.split(':');
    entries.push(valueOf((previous += parseInt(gap!, 36) + 1)), count === undefined ? 1 : parseInt(count, 36));
  }
  return entries;
}
