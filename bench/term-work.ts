/**
 * The term-shard worker's work (index every kind's searched fields and render the term shards
 * of each search, `q` and `text`; a build from before `text` indexes the names only), timed
 * in CPU seconds for one or more compiled builds of dataset-site over the same built site,
 * alternating rounds in one process: an A/B of the search index's build cost that a busy
 * machine's noise touches alike. The site's entities are read from its dumps.
 *
 *   npx tsx bench/term-work.ts SITE LIB [LIB...] [--rounds N]
 *   e.g. npx tsx bench/term-work.ts /tmp/L-site ../before/lib lib
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readDump } from '../test/helpers/dumps.js';
import { type Entity, KINDS, type Kind, SEARCHES, SEARCH_FIELDS } from '../src/query/semantics/index.js';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt < 0 ? 3 : Number(args.splice(roundsAt, 2)[1]);
const [site, ...libs] = args;
if (site === undefined || libs.length === 0)
  throw new Error('usage: tsx bench/term-work.ts SITE LIB [LIB...] [--rounds N]');

// Each entity's id and searched fields: what the worker gets.
const entities = {} as Record<Kind, Entity[]>;
for (const kind of KINDS) {
  const fields = ['id', ...new Set(SEARCHES.flatMap((search) => SEARCH_FIELDS[search][kind].flat()))];
  entities[kind] = (await readDump(site, kind)).text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const entity = JSON.parse(line) as Entity;
      return Object.fromEntries(fields.map((field) => [field, entity[field]])) as Entity;
    });
}

// Before `text`: shardIndex(kind, entities) and renderTermShards(kind, index); since: each takes the search first.
interface TermWork {
  shardIndex:
    | ((kind: Kind, entities: readonly Entity[]) => unknown)
    | ((search: string, kind: Kind, entities: readonly Entity[]) => unknown);
  renderTermShards:
    ((kind: Kind, index: unknown) => unknown) | ((search: string, kind: Kind, index: unknown) => unknown);
}
const builds = await Promise.all(
  libs.map(async (lib): Promise<TermWork> => {
    const load = (module: string) => import(pathToFileURL(path.resolve(lib, module)).href);
    // The search index's own room since it was made one; before, its semantics and its format apart.
    const [{ shardIndex }, { renderTermShards }] = existsSync(path.resolve(lib, 'query/search/index.js'))
      ? await Promise.all([load('query/search/index.js'), load('query/search/index.js')])
      : await Promise.all([load('query/semantics/term-shards.js'), load('query/formats/search-index.js')]);
    return { shardIndex, renderTermShards };
  }),
);
const seconds = libs.map((): number[] => []);
for (let round = 0; round < rounds; round++) {
  builds.forEach((build, i) => {
    const start = process.cpuUsage();
    for (const kind of KINDS) {
      if (build.shardIndex.length < 3) {
        const old = build as {
          shardIndex: (kind: Kind, entities: readonly Entity[]) => unknown;
          renderTermShards: (kind: Kind, index: unknown) => unknown;
        };
        old.renderTermShards(kind, old.shardIndex(kind, entities[kind]));
      } else {
        const now = build as {
          shardIndex: (search: string, kind: Kind, entities: readonly Entity[]) => unknown;
          renderTermShards: (search: string, kind: Kind, index: unknown) => unknown;
        };
        // Since index version 10 the shards name entities by slot: here each rank's own.
        const count = entities[kind].length;
        const slots = [Int32Array.from({ length: count }, (_, rank) => rank), count];
        for (const search of SEARCHES)
          (now.renderTermShards as (...args: unknown[]) => unknown)(
            search,
            kind,
            now.shardIndex(search, kind, entities[kind]),
            ...slots,
          );
      }
    }
    const used = process.cpuUsage(start);
    seconds[i]!.push((used.user + used.system) / 1e6);
  });
}
libs.forEach((lib, i) =>
  console.log(
    `${lib}: ${seconds[i]!.map((s) => s.toFixed(2)).join(', ')} s of CPU (median ${median(seconds[i]!).toFixed(2)})`,
  ),
);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
