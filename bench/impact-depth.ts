/**
 * How deep a search index ordered by impact would have to be read (issue 35): for the heaviest
 * `text` queries of common terms over a built site's exhibitors, each query term's matches are
 * put in score order, and the depth (entries of each list, doubling from the window) found at
 * which an exact window is settled: every entity of the window seen in every list, and no other
 * match able to score above the window's last even with the best score not yet read of each
 * list it was not seen in (a tie goes by rank, as the answer orders it). Printed with the
 * gzip bytes of that many entries a list (rank and score, base 36) and of the lists' membership
 * as bitmaps, the exact total's price; then the same windows when every list is read in one
 * order of the entities, the shortest searched fields first, which would settle independent
 * terms together if length ruled the scores. A measurement for the design of the next index
 * format, not a model of today's, which reads every entry of a common term's list.
 *
 *   npx tsx bench/impact-depth.ts SITE
 */
import { gzipSync } from 'node:zlib';
import { readDump } from '../test/helpers/dumps.js';
import {
  commonListTerm,
  shardIndex,
  scoreCommon,
  indexTerms,
  queryTerms,
  type Entity,
} from '../src/query/semantics/index.js';

const QUERIES = [
  '有限公司',
  '公司',
  '有限',
  'products',
  'product export',
  'co ltd',
  '2020',
  'industry',
  '国际 产品',
  'machinery',
  '技术',
  'founded countries',
];
const WINDOWS: [offset: number, limit: number][] = [
  [0, 20],
  [0, 100],
  [0, 500],
  [10_000, 500],
];

const site = process.argv[2];
if (site === undefined) throw new Error('usage: npx tsx bench/impact-depth.ts SITE');
const entities = (await readDump(site, 'exhibitor')).text
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Entity);
const index = shardIndex('text', 'exhibitor', entities);
const entityLengths = indexTerms('text', 'exhibitor', entities).lengths;
const lists = new Map(index.lists.map((list) => [list.term, list]));

for (const value of QUERIES) {
  const terms = queryTerms('text', value);
  const listTerms = terms.map((term) => commonListTerm(index, term.term));
  if (listTerms.some((term) => term === undefined)) {
    console.log(`${value}: not every term is common`);
    continue;
  }
  // Each term's score of every entity (NaN for one it does not match), and its matches in score order.
  const scores = terms.map((term, i) => {
    const scored = scoreCommon(index, lists.get(listTerms[i]!)!, term, undefined);
    const byRank = new Float64Array(index.count).fill(Number.NaN);
    scored.ranks.forEach((rank, j) => (byRank[rank] = scored.scores[j]!));
    return { byRank, order: Array.from(scored.ranks).sort((a, b) => byRank[b]! - byRank[a]! || a - b) };
  });
  const matches: number[] = [];
  const total = (rank: number) => scores.reduce((sum, { byRank }) => sum + byRank[rank]!, 0);
  for (let rank = 0; rank < index.count; rank++)
    if (scores.every(({ byRank }) => !Number.isNaN(byRank[rank]!))) matches.push(rank);
  matches.sort((a, b) => total(b) - total(a) || a - b);
  const longest = Math.max(...scores.map(({ order }) => order.length));
  const shared = sharedOrderDepths(scores, matches, total);
  const cells = WINDOWS.map(([offset, limit]) => {
    const wanted = Math.min(matches.length, offset + limit);
    if (wanted === 0) return `${offset}+${limit}: empty`;
    let depth = Math.max(64, wanted);
    while (depth < longest && !settled(scores, matches, wanted, depth, total)) depth *= 2;
    depth = Math.min(depth, longest);
    const bytes = scores.reduce(
      (sum, { byRank, order }) =>
        sum +
        gzipSync(
          order
            .slice(0, depth)
            .map((rank) => `${rank.toString(36)}:${Math.round(byRank[rank]! * 1e6).toString(36)}`)
            .join(','),
        ).length,
      0,
    );
    return `${offset}+${limit}: depth ${depth} (${((100 * depth) / longest).toFixed(1)}%), ${kB(bytes)}`;
  });
  const membership = scores.reduce((sum, { byRank }) => {
    const bits = new Uint8Array(Math.ceil(index.count / 8));
    byRank.forEach((score, rank) => {
      if (!Number.isNaN(score)) bits[rank >> 3]! |= 1 << (rank & 7);
    });
    return sum + gzipSync(bits).length;
  }, 0);
  console.log(
    `${value} · ${terms.length} terms · total ${matches.length} · membership ${kB(membership)} · ${cells.join(' · ')}`,
  );
  console.log(`  one order for every list (shortest fields first): ${shared.join(' · ')}`);
}

// Whether reading `depth` entries of every list settles the first `wanted` of `matches` (in answer order).
function settled(
  scores: { byRank: Float64Array; order: number[] }[],
  matches: readonly number[],
  wanted: number,
  depth: number,
  total: (rank: number) => number,
): boolean {
  const seen = scores.map(({ order }) => new Set(order.slice(0, depth)));
  const unread = scores.map(({ byRank, order }) =>
    depth < order.length ? byRank[order[depth]!]! : Number.NEGATIVE_INFINITY,
  );
  for (let k = 0; k < wanted; k++) if (!seen.every((set) => set.has(matches[k]!))) return false;
  const last = matches[wanted - 1]!;
  const floor = total(last);
  for (let k = wanted; k < matches.length; k++) {
    const rank = matches[k]!;
    const best = scores.reduce((sum, { byRank }, i) => sum + (seen[i]!.has(rank) ? byRank[rank]! : unread[i]!), 0);
    if (best > floor || (best === floor && rank < last)) return false;
  }
  return true;
}

function kB(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} kB`;
}

// The same windows when every list is read in one order of the kind's entities, the shortest searched fields
// first (BM25 scores a short field higher for every term alike), up to the same entity in each: an entity not yet
// reached may score at most the best score left in each list. Depth is in entities of that order.
function sharedOrderDepths(
  scores: { byRank: Float64Array; order: number[] }[],
  matches: readonly number[],
  total: (rank: number) => number,
): string[] {
  const count = index.count;
  const order = Array.from({ length: count }, (_, rank) => rank);
  const fieldLength = (rank: number) => entityLengths[rank]![0] + entityLengths[rank]![1];
  order.sort((a, b) => fieldLength(a) - fieldLength(b) || a - b);
  const position = new Int32Array(count);
  order.forEach((rank, at) => (position[rank] = at));
  // Per list, the best score among its entities from each position of the order on.
  const bestFrom = scores.map(({ byRank }) => {
    const best = new Float64Array(count + 1).fill(Number.NEGATIVE_INFINITY);
    for (let at = count - 1; at >= 0; at--) {
      const score = byRank[order[at]!]!;
      best[at] = Number.isNaN(score) ? best[at + 1]! : Math.max(score, best[at + 1]!);
    }
    return best;
  });
  return WINDOWS.map(([offset, limit]) => {
    const wanted = Math.min(matches.length, offset + limit);
    if (wanted === 0) return `${offset}+${limit}: empty`;
    const settledAt = (depth: number) => {
      for (let k = 0; k < wanted; k++) if (position[matches[k]!]! >= depth) return false;
      const last = matches[wanted - 1]!;
      const bound = scores.reduce((sum, _, i) => sum + bestFrom[i]![Math.min(depth, count)]!, 0);
      return bound < total(last);
    };
    let depth = 1024;
    while (depth < count && !settledAt(depth)) depth *= 2;
    depth = Math.min(depth, count);
    const read = scores.reduce(
      (sum, { byRank }) => sum + order.slice(0, depth).filter((rank) => !Number.isNaN(byRank[rank]!)).length,
      0,
    );
    return `${offset}+${limit}: ${depth} entities (${((100 * depth) / count).toFixed(1)}%), ${read} entries`;
  });
}
