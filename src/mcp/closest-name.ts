/** The known name a misspelt one most likely meant (`limt` → `limit`), for "did you mean" in a refusal. */

/**
 * The name of `known` closest to `name` by edit distance (a letter added, dropped, changed
 * or two neighbours swapped count one each), if close enough to be a slip: one edit in a name
 * of up to 5 characters, two in a longer one, and fewer than the name has characters (`x`
 * is no slip of `q`); the first of `known` on a tie, `undefined` when none is that close.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const most = Math.min(name.length <= 5 ? 1 : 2, name.length - 1);
  let closest: string | undefined;
  let closestDistance = most + 1;
  for (const candidate of known) {
    // The lengths alone bound the distance: a 900,000-character name is compared with none.
    if (Math.abs(candidate.length - name.length) >= closestDistance) continue;
    const distance = editDistance(name, candidate);
    if (distance < closestDistance) [closest, closestDistance] = [candidate, distance];
  }
  return closest;
}

// Optimal string alignment distance, row by row over UTF-16 units.
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const changed = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + changed);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, before[j - 2]! + 1);
    }
    [before, previous] = [previous, row];
  }
  return previous[b.length]!;
}
