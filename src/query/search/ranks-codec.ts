/**
 * Ranks in ascending order as one short string: the gap before each rank (minus one) in
 * base 36, comma-separated (`[0, 1, 5, 40]` → `"0,0,3,y"`). Search index files store
 * their filter postings so: a fraction of the bytes of a JSON array of numbers.
 */

/** Whether numbers strictly ascend, as the ranks this codec writes must. */
export function ascends(values: ArrayLike<number>): boolean {
  for (let i = 1; i < values.length; i++) if (values[i - 1]! >= values[i]!) return false;
  return true;
}

/** Encodes ascending ranks. */
export function encodeRanks(ranks: Iterable<number>): string {
  let text = '';
  let previous = -1;
  for (const rank of ranks) {
    text += `${text === '' ? '' : ','}${(rank - previous - 1).toString(36)}`;
    previous = rank;
  }
  return text;
}

/** Decodes what {@link encodeRanks} wrote; throws on anything else. */
export function decodeRanks(text: string): number[] {
  const ranks = decodeRankArray(text);
  // Copied in a loop: Array.from reads a typed array through its iterator, ten times slower.
  const copy = new Array<number>(ranks.length);
  for (let i = 0; i < ranks.length; i++) copy[i] = ranks[i]!;
  return copy;
}

/** Decodes what {@link encodeRanks} wrote into a typed array; throws on anything else. */
export function decodeRankArray(text: string): Int32Array {
  return decodeGaps(text, false);
}

/**
 * Encodes ascending positions, each with a count, like {@link encodeRanks}; a count other
 * than 1 follows its gap after `:` (`[0, 1, 3, 2]`, that is 0 once and 3 twice, → `"0,2:2"`).
 * Term postings are so stored: positions of entities, with the times the term occurs in
 * the name. `entries` is flat: position, count, position, count, …; `positionOf` maps
 * each position as it is written.
 */
export function encodeCounted(
  entries: ArrayLike<number>,
  positionOf: (value: number) => number = (value) => value,
): string {
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

/** Decodes what {@link encodeCounted} wrote, flat (position, count, …); throws on anything else. */
export function decodeCounted(text: string): Int32Array {
  return decodeGaps(text, true);
}

// Reads base-36 gaps joined by `,`, each with `:count` when `counted`, char by char: a shard of a common
// term holds tens of thousands, which splitting into strings would allocate one by one.
function decodeGaps(text: string, counted: boolean): Int32Array {
  if (text === '') return new Int32Array(0);
  let tokens = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === COMMA) tokens++;
  const values = new Int32Array(counted ? 2 * tokens : tokens);
  let [previous, written, number, digits, inCount] = [-1, 0, 0, 0, false];
  for (let i = 0; i <= text.length; i++) {
    const code = i === text.length ? COMMA : text.charCodeAt(i);
    if (code === COMMA || (code === COLON && counted && !inCount)) {
      if (digits === 0) throw malformed(text);
      if (inCount) values[written - 1] = number;
      else {
        values[written++] = previous += number + 1;
        if (counted) values[written++] = 1;
      }
      [number, digits, inCount] = [0, 0, code === COLON];
      continue;
    }
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 122 ? code - 87 : -1;
    if (digit < 0) throw malformed(text);
    number = number * 36 + digit;
    digits++;
  }
  return values;
}

const [COMMA, COLON] = [44, 58];

function malformed(text: string): Error {
  return new Error(`malformed ranks: ${JSON.stringify(text.slice(0, 40))}`);
}
