/**
 * What moving one entity to the top of a listing rewrites of its leaves (docs/api.md#listing-leaves),
 * for several hash divisors of the cut: listings of `--entities` made-up ids (seeded, so each run
 * gives the same figures), each cut by the site's own `cutLeaves`, then cut again with an entity
 * from past the first page moved to the top. A leaf is rewritten when no leaf of the same entities
 * was there before. Printed per divisor: the mean leaf, and the entities and leaves rewritten per move.
 *
 *   node --import tsx bench/leaf-cuts.ts [--entities 3000] [--moves 2000] [--json FILE]      (after npm run compile)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cutLeaves } from '../lib/query/formats/index.js';

const DIVISORS = [8, 12, 16, 24, 32];

const { values } = parseArgs({
  options: {
    entities: { type: 'string', default: '3000' },
    moves: { type: 'string', default: '2000' },
    json: { type: 'string' },
  },
});
const [entities, moves] = [Number(values.entities), Number(values.moves)];

// A small seeded generator (mulberry32), so that every run moves the same entities.
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

// The leaves of `ids`, each as the ids it holds joined.
function leavesOf(ids: readonly string[], divisor: number): string[] {
  const { counts } = cutLeaves(ids, divisor);
  const leaves: string[] = [];
  let from = 0;
  for (const count of counts) {
    leaves.push(ids.slice(from, from + count).join(' '));
    from += count;
  }
  return leaves;
}

const rows = DIVISORS.map((divisor) => {
  const random = generator(7);
  let [leaves, rewrittenEntities, rewrittenLeaves] = [0, 0, 0];
  for (let move = 0; move < moves; move++) {
    const ids = Array.from({ length: entities }, (_, i) => `E-${move}-${i}-${Math.floor(random() * 2 ** 32)}`);
    const before = new Set(leavesOf(ids, divisor));
    leaves += before.size;
    const from = 100 + Math.floor(random() * (entities - 100));
    const after = leavesOf([ids[from]!, ...ids.slice(0, from), ...ids.slice(from + 1)], divisor);
    for (const leaf of after.filter((leaf) => !before.has(leaf))) {
      rewrittenLeaves++;
      rewrittenEntities += leaf.split(' ').length;
    }
  }
  return {
    divisor,
    meanLeaf: (entities * moves) / leaves,
    entitiesRewritten: rewrittenEntities / moves,
    leavesRewritten: rewrittenLeaves / moves,
  };
});
for (const row of rows)
  console.log(
    `divisor ${String(row.divisor).padStart(2)}: leaves of ${row.meanLeaf.toFixed(1)} entities; a move to the top rewrites ${row.entitiesRewritten.toFixed(1)} entities in ${row.leavesRewritten.toFixed(2)} leaves`,
  );
if (values.json) writeFileSync(values.json, `${JSON.stringify({ entities, moves, rows }, null, 2)}\n`);
