/**
 * The matches of a part of a common term's list (docs/api.md#common-terms) as one string:
 * for each matched entity in rank order, the ranks skipped before it (when any) in gap
 * digits, then its class in class digits. A list that matches most entities is then a
 * character or so an entity (`0#1a0`: ranks 0, 2, 3, 4 of classes 0, 1, 10, 0), about 15%
 * fewer bytes gzipped than its ranks and classes written apart, and one pass to read.
 */

/** The digits a class is written with, `class_width` of them an entity (base 62, most significant first). */
const CLASS_DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The digits the ranks skipped before a match are written with (base 30, most significant first): none of them is a class digit or needs escaping in JSON. */
const GAP_DIGITS = "!#$%&'()*+,-./:;<=>?@[]^_`{|}~";
const [CLASS_BASE, GAP_BASE] = [CLASS_DIGITS.length, GAP_DIGITS.length];
// What each character below 128 is: a class digit its value, a gap digit GAP_DIGIT + its value, anything else NO_DIGIT.
const [GAP_DIGIT, NO_DIGIT] = [64, 255];
const DIGITS = Uint8Array.from({ length: 128 }, (_, code) => {
  const char = String.fromCharCode(code);
  return CLASS_DIGITS.includes(char)
    ? CLASS_DIGITS.indexOf(char)
    : GAP_DIGITS.includes(char)
      ? GAP_DIGIT + GAP_DIGITS.indexOf(char)
      : NO_DIGIT;
});

/** The characters a class is written with in a list of `count` classes. */
export function classWidth(count: number): number {
  let width = 1;
  while (CLASS_BASE ** width < count) width++;
  return width;
}

/** Writes the matches of ranks `ranks` (ascending, from `first` on) of classes `classOf`, each class `width` digits. */
export function encodeMatches(
  ranks: ArrayLike<number>,
  classOf: ArrayLike<number>,
  width: number,
  first: number,
): string {
  let text = '';
  let previous = first - 1;
  for (let i = 0; i < ranks.length; i++) {
    let gap = ranks[i]! - previous - 1;
    let digits = '';
    for (; gap > 0; gap = Math.floor(gap / GAP_BASE)) digits = GAP_DIGITS[gap % GAP_BASE]! + digits;
    text += digits + classDigits(classOf[i]!, width);
    previous = ranks[i]!;
  }
  return text;
}

/**
 * Reads what {@link encodeMatches} wrote from `first` on: the ranks and the class of each (views
 * into arrays as long as the most matches the text could hold: copy them to keep them), or
 * undefined when a character is no digit, a class is cut short or not below `classCount`, a
 * gap is not followed by a class, or a rank is not below `end`.
 */
export function decodeMatches(
  text: string,
  width: number,
  first: number,
  end: number,
  classCount: number,
): { ranks: Int32Array; classOf: Uint16Array } | undefined {
  // One pass, into arrays as long as the most matches the text could hold, then cut to those it holds: a list
  // is read in a fresh isolate before this loop is optimized, so each pass over its characters counts.
  // Plain variables, no destructuring, for the same reason.
  const [ranks, classOf] = [
    new Int32Array(Math.floor(text.length / width)),
    new Uint16Array(Math.floor(text.length / width)),
  ];
  let previous = first - 1;
  let gap = 0;
  let gapDigits = 0;
  let value = 0;
  let digits = 0;
  let written = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? DIGITS[code]! : NO_DIGIT;
    if (digit < GAP_DIGIT) {
      value = value * CLASS_BASE + digit;
      if (++digits < width) continue;
      if (value >= classCount) return undefined;
      previous += gap + 1;
      ranks[written] = previous;
      classOf[written] = value;
      written++;
      gap = 0;
      gapDigits = 0;
      value = 0;
      digits = 0;
    } else {
      if (digit === NO_DIGIT || digits > 0) return undefined;
      gap = gap * GAP_BASE + digit - GAP_DIGIT;
      gapDigits++;
    }
  }
  if (gapDigits > 0 || digits > 0 || previous >= end) return undefined;
  // Views, not copies: the caller puts a list's parts together into arrays of its own.
  return { ranks: ranks.subarray(0, written), classOf: classOf.subarray(0, written) };
}

function classDigits(value: number, width: number): string {
  let digits = '';
  for (let j = 0; j < width; j++, value = Math.floor(value / CLASS_BASE))
    digits = CLASS_DIGITS[value % CLASS_BASE]! + digits;
  return digits;
}
