/**
 * The tail of `q` and `text` (issues 22 and 35): the groups of tail-queries.ts through the
 * router over a built site, warm (one router, the median of four answers after a first) and
 * cold (a fresh process per query), with the search documents a cold answer reads, and the
 * listing of the same window (the query without `q` and `text`) alike. What must hold: every
 * answer at most 1.5 times its listing, warm and cold; the search alone (`limit=1`) at most 5
 * times the median ordinary one; at most 300 kB gzip read cold.
 *
 *   node --import tsx bench/query-tail.ts SITE [--warm]      (after npm run compile; --warm: the warm answers over their listings' alone)
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRouter, type Router } from '../lib/query/router/index.js';
import { fileStore } from '../lib/serve/index.js';
import { quantile } from './search.js';
import { tailQueries, type TailQuery } from './tail-queries.js';

/** The worst of a group: its time or bytes, and which query it was. */
export interface Worst {
  value: number;
  query: string;
}

/** What the tail of `q` costs over one site. */
export interface TailCost {
  queries: { ordinary: number; common: number; text: number };
  /** Milliseconds, warm (the same request again): the median ordinary query, and the 95th percentile and the worst of all. */
  warm: { ordinaryMedian: number; p95: number; worst: Worst; ratio: number };
  /**
   * Milliseconds in a warm process with nothing kept: a new router over a new store for each
   * answer, so that every document is read, parsed and scored anew, as for a `q` asked the
   * first time. The router keeps the scores of a `q`'s matches, so `warm` shows a `q` paged
   * through or asked again, this one a `q` never seen.
   */
  unkept: { ordinaryMedian: number; p95: number; worst: Worst; ratio: number };
  /** Milliseconds, cold (a fresh process per answer; each query's median of {@link COLD_ROUNDS}). */
  cold: { ordinaryMedian: number; p95: number; worst: Worst; ratio: number };
  /**
   * Milliseconds, warm, of the search alone: each query with `limit=1` (its offset kept), so
   * that a window of 500 entities (1,500 with `type=all`), which a listing of the same window
   * without `q` reads too, does not hide what `q` itself costs.
   */
  search: { ordinaryMedian: number; p95: number; worst: Worst; ratio: number };
  /** Search documents a cold answer reads, bytes gzipped: the median ordinary query, and the worst of all. */
  gzip: { ordinaryMedian: number; worst: Worst };
  /** Each answer's time over the listing of the same window's (the query without `q` and `text`), warm and cold: the worst of all, and of the text queries. */
  overListing: { warm: Worst; cold: Worst; textWarm: Worst; textCold: Worst };
  /** Every query: its group, warm and cold milliseconds, gzip bytes read cold, and its listing's warm and cold milliseconds. */
  rows: {
    group: string;
    query: string;
    warm: number;
    unkept: number;
    search: number;
    cold: number;
    gzip: number;
    listingWarm: number;
    listingCold: number;
  }[];
}

/** The listing of the same window as a query: the query without `q` and `text`. */
export function listingOf(query: string): string {
  return query.replace(/(^|&)(q|text)=[^&]*/g, '').replace(/^&/, '');
}

const ROUNDS = 4;
/** Fresh processes per query for its cold time, the median of them. */
const COLD_ROUNDS = 3;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Measures both groups of queries over the built site in `siteDir`. */
export async function measureTail(siteDir: string, log: (line: string) => void = () => {}): Promise<TailCost> {
  const route = createRouter({ store: fileStore(siteDir) });
  const queries = await tailQueries(route);
  log(`${queries.length} queries: ${queries.filter((q) => q.group === 'ordinary').length} ordinary`);
  const warm = new Map<TailQuery, number>();
  const search = new Map<TailQuery, number>();
  const unkept = new Map<TailQuery, number>();
  const listingWarm = new Map<TailQuery, number>();
  for (const query of queries) {
    const [answer, listing] = await pairedWarmMs(route, query.query, listingOf(query.query));
    warm.set(query, answer);
    listingWarm.set(query, listing);
    search.set(query, await warmMs(() => route, query.query.replace(/limit=\d+/, 'limit=1')));
    unkept.set(query, await warmMs(() => createRouter({ store: fileStore(siteDir) }), query.query));
  }
  // Each query cold COLD_ROUNDS times, a round over them all at a time (a busy spell of the machine falls on many
  // queries, not on every sample of one), and the median: the worst of 100 single samples was mostly noise.
  const coldMs = new Map<TailQuery, number[]>(queries.map((query) => [query, []]));
  const listingColdMs = new Map<TailQuery, number[]>(queries.map((query) => [query, []]));
  const coldGzip = new Map<TailQuery, number>();
  for (let round = 1; round <= COLD_ROUNDS; round++) {
    for (const query of queries) {
      const { ms, gzip } = coldAnswer(siteDir, query.query);
      coldMs.get(query)!.push(ms);
      coldGzip.set(query, gzip);
      listingColdMs.get(query)!.push(coldAnswer(siteDir, listingOf(query.query)).ms);
    }
    log(`cold round ${round} of ${COLD_ROUNDS}`);
  }
  const cold = new Map<TailQuery, { ms: number; gzip: number }>(
    queries.map((query) => [
      query,
      {
        ms: quantile(
          coldMs.get(query)!.sort((a, b) => a - b),
          0.5,
        ),
        gzip: coldGzip.get(query)!,
      },
    ]),
  );
  const ordinary = queries.filter((query) => query.group === 'ordinary');
  const summary = (value: (query: TailQuery) => number) => {
    const ordinaryMedian = quantile(
      ordinary.map(value).sort((a, b) => a - b),
      0.5,
    );
    const all = [...queries].sort((a, b) => value(a) - value(b));
    const worst = { value: value(all[all.length - 1]!), query: all[all.length - 1]!.query };
    return { ordinaryMedian, p95: quantile(all.map(value), 0.95), worst, ratio: worst.value / ordinaryMedian };
  };
  const gzip = summary((query) => cold.get(query)!.gzip);
  const median = (values: number[]) =>
    quantile(
      [...values].sort((a, b) => a - b),
      0.5,
    );
  const listingCold = new Map(queries.map((query) => [query, median(listingColdMs.get(query)!)]));
  const warmOver = (query: TailQuery) => warm.get(query)! / listingWarm.get(query)!;
  const coldOver = (query: TailQuery) => cold.get(query)!.ms / listingCold.get(query)!;
  const texts = queries.filter((query) => query.group === 'text');
  return {
    queries: {
      ordinary: ordinary.length,
      common: queries.filter((query) => query.group === 'common').length,
      text: texts.length,
    },
    warm: summary((query) => warm.get(query)!),
    unkept: summary((query) => unkept.get(query)!),
    cold: summary((query) => cold.get(query)!.ms),
    search: summary((query) => search.get(query)!),
    gzip: { ordinaryMedian: gzip.ordinaryMedian, worst: gzip.worst },
    overListing: {
      warm: worstOf(queries, warmOver),
      cold: worstOf(queries, coldOver),
      textWarm: worstOf(texts, warmOver),
      textCold: worstOf(texts, coldOver),
    },
    rows: queries.map((query) => ({
      ...query,
      warm: warm.get(query)!,
      unkept: unkept.get(query)!,
      search: search.get(query)!,
      cold: cold.get(query)!.ms,
      gzip: cold.get(query)!.gzip,
      listingWarm: listingWarm.get(query)!,
      listingCold: listingCold.get(query)!,
    })),
  };
}

/**
 * The warm part alone, which takes minutes at L where the cold part takes most of an hour:
 * each query's warm answer over its listing's, one router over the site as the preview server
 * runs it; the worst of all and of the text queries.
 */
export async function measureWarmOverListing(
  siteDir: string,
): Promise<{ queries: number; warm: Worst; textWarm: Worst }> {
  const route = createRouter({ store: fileStore(siteDir) });
  const queries = await tailQueries(route);
  const over = new Map<TailQuery, number>();
  for (const query of queries) {
    const [answer, listing] = await pairedWarmMs(route, query.query, listingOf(query.query));
    over.set(query, answer / listing);
  }
  const ratio = (query: TailQuery) => over.get(query)!;
  return {
    queries: queries.length,
    warm: worstOf(queries, ratio),
    textWarm: worstOf(
      queries.filter((query) => query.group === 'text'),
      ratio,
    ),
  };
}

// The query of `among` of the largest `value`, and that value.
function worstOf(among: readonly TailQuery[], value: (query: TailQuery) => number): Worst {
  return among.reduce<Worst>(
    (worst, query) => (value(query) > worst.value ? { value: value(query), query: query.query } : worst),
    { value: 0, query: '' },
  );
}

/**
 * Milliseconds of `query` and of `listing`, warm: the median of {@link PAIRED_ROUNDS} answers of each
 * after a first, asked in turn, so that a busy spell of the machine falls on both alike (the
 * worst ratio of 180 queries, each of 4 answers asked in a row, swung from 1.47 to 1.65 at L).
 */
async function pairedWarmMs(route: Router, query: string, listing: string): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round <= PAIRED_ROUNDS; round++)
    for (const [which, asked] of [query, listing].entries()) {
      const before = performance.now();
      const answer = await route({ method: 'GET', url: `/api/public/dataset?${asked}` });
      if (answer.status !== 200) throw new Error(`${asked}: ${answer.status}`);
      if (round > 0) times[which]!.push(performance.now() - before);
    }
  const median = (values: number[]) =>
    quantile(
      values.sort((a, b) => a - b),
      0.5,
    );
  return [median(times[0]), median(times[1])];
}

const PAIRED_ROUNDS = 9;

// The median of ROUNDS answers after a first, each from the router `routeFor` gives for it.
async function warmMs(routeFor: () => Router, query: string): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const route = routeFor();
    const before = performance.now();
    const answer = await route({ method: 'GET', url: `/api/public/dataset?${query}` });
    if (answer.status !== 200) throw new Error(`${query}: ${answer.status}`);
    if (round > 0) times.push(performance.now() - before);
  }
  return quantile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

function coldAnswer(siteDir: string, query: string): { ms: number; gzip: number } {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/cold-query.ts'), siteDir, query],
    { cwd: root, encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`cold ${query}: ${child.stderr}`);
  return JSON.parse(child.stdout) as { ms: number; gzip: number };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [site, only] = process.argv.slice(2);
  if (!site || (only !== undefined && only !== '--warm'))
    throw new Error('usage: node --import tsx bench/query-tail.ts SITE [--warm]');
  const cost =
    only === '--warm'
      ? await measureWarmOverListing(site)
      : await measureTail(site, (line) => process.stderr.write(`${line}\n`));
  console.log(JSON.stringify(cost, null, 2));
}
