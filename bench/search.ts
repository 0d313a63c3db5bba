/**
 * `q` cost per kind, through the router over the built files as a host runs it: the
 * index's size in shards; a cold query (a new router: the entry and the shards it needs,
 * then the entity documents), its bytes read and time; warm latency over a fixed query
 * list; one common term against the hostile strings.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { searchIndexPath } from '../lib/query/search/index.js';
import { KINDS, type Kind } from '../lib/query/semantics/index.js';
import { createRouter, type Router, type DocumentStore } from '../lib/query/router/index.js';
import { fileStore } from '../lib/serve/index.js';

/** What one kind's search index costs. */
export interface SearchCost {
  /** Every document of the index (entry and shards), raw and gzipped one by one. */
  rawBytes: number;
  gzipBytes: number;
  shards: number;
  /** A cold query (first 20 answers): search documents read, raw and gzipped, median and largest over {@link QUERIES}. */
  coldReadMedianBytes: number;
  coldReadMedianGzipBytes: number;
  coldReadMaxGzipBytes: number;
  /** A cold query's answer, entity documents included, milliseconds: median and 95th percentile. */
  coldMedianMs: number;
  coldP95Ms: number;
  /** Latency of one warm answer over {@link QUERIES}, milliseconds. */
  qMedianMs: number;
  qP95Ms: number;
  /** {@link COMMON_TERM} alone, milliseconds: the baseline of the hostile queries. */
  commonTermMedianMs: number;
  /** The slowest of {@link HOSTILE_QUERIES} (its worst round), milliseconds, and which it was. */
  hostileWorstMs: number;
  hostileWorstQuery: string;
}

/** A term that most names of every kind start a word with: the cost of one common term. */
export const COMMON_TERM = 'co';

/**
 * `q` strings a hostile client sends, each within the 200-character limit: one term
 * repeated, every letter (either way round, or by frequency), a chain of nested prefixes,
 * CJK repeated. Each should cost about what one common term costs (issue 13). Two
 * different common terms (`co ltd`, however often repeated) cost two terms: not hostile.
 */
export const HOSTILE_QUERIES: readonly string[] = [
  Array(66).fill('co').join(' '),
  'a b c d e f g h i j k l m n o p q r s t u v w x y z',
  'z y x w v u t s r q p o n m l k j i h g f e d c b a',
  'e a o i n s t r l c u d m p h g b f y w k v x z j q',
  'i in int inte inter intern interna internat internati internatio internation internationa international',
  Array(60).fill('国际').join(' '),
];

/**
 * The fixed query list: whole words, prefixes, accent-folded words, multi-word AND
 * queries, CJK bigrams and longer CJK runs, and words that match nothing.
 */
export const QUERIES: readonly string[] = [
  'shanghai',
  'auto',
  'automotive',
  'international',
  'expo',
  'messe',
  'koln',
  'köln',
  'frankfurt am main',
  'electronics',
  'medical devices',
  'food',
  'beverage',
  'robot',
  'machinery expo',
  'gmbh',
  'co ltd',
  'logistics',
  'design',
  'intl',
  'xian',
  'tokyo',
  'las vegas',
  'solar',
  'a',
  'zzzz',
  '汽车',
  '国际汽车',
  '展览会',
  '博览会',
  '上海',
  '深圳',
  '有限公司',
  '科技',
  '物流',
  '医疗器械',
  '机器人',
  '新能源',
  '德国',
  '不存在的词',
];

const ROUNDS = 5;

/** Measures the search index of every kind in a built site. */
export async function measureSearch(siteDir: string): Promise<Record<Kind, SearchCost>> {
  const costs: Partial<Record<Kind, SearchCost>> = {};
  for (const kind of KINDS) costs[kind] = await measureKind(kind, siteDir);
  return costs as Record<Kind, SearchCost>;
}

async function measureKind(kind: Kind, siteDir: string): Promise<SearchCost> {
  const folder = searchIndexPath(kind).replace(/\.json$/, '');
  const documents = [searchIndexPath(kind), ...(await fg(`${folder}/**`, { cwd: siteDir }))];
  const gzipOf = new Map(documents.map((file) => [file, gzipSync(readFileSync(path.join(siteDir, file))).length]));
  const cold: { raw: number; gzip: number; ms: number }[] = [];
  for (const q of QUERIES) cold.push(await coldQuery(siteDir, kind, q, gzipOf));
  const byRead = (key: 'raw' | 'gzip') => cold.map((c) => c[key]).sort((a, b) => a - b);
  const coldMs = cold.map((c) => c.ms).sort((a, b) => a - b);
  const route = createRouter({ store: fileStore(siteDir) });
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      const ms = await answerMs(route, kind, q);
      if (round > 0) latencies.push(ms); // round 0 warms the JIT and the shards
    }
  }
  latencies.sort((a, b) => a - b);
  const hostile = [];
  for (const q of HOSTILE_QUERIES) hostile.push({ q, worstMs: Math.max(...(await timings(route, kind, q))) });
  hostile.sort((a, b) => b.worstMs - a.worstMs);
  return {
    rawBytes: documents.reduce((sum, file) => sum + readFileSync(path.join(siteDir, file)).length, 0),
    gzipBytes: [...gzipOf.values()].reduce((sum, size) => sum + size, 0),
    shards: documents.length - 1,
    coldReadMedianBytes: quantile(byRead('raw'), 0.5),
    coldReadMedianGzipBytes: quantile(byRead('gzip'), 0.5),
    coldReadMaxGzipBytes: quantile(byRead('gzip'), 1),
    coldMedianMs: quantile(coldMs, 0.5),
    coldP95Ms: quantile(coldMs, 0.95),
    qMedianMs: quantile(latencies, 0.5),
    qP95Ms: quantile(latencies, 0.95),
    commonTermMedianMs: quantile(
      (await timings(route, kind, COMMON_TERM)).sort((a, b) => a - b),
      0.5,
    ),
    hostileWorstMs: hostile[0]!.worstMs,
    hostileWorstQuery: hostile[0]!.q,
  };
}

// A new router answering one query: the search documents it read (raw and gzipped bytes) and its time.
async function coldQuery(
  siteDir: string,
  kind: Kind,
  q: string,
  gzipOf: ReadonlyMap<string, number>,
): Promise<{ raw: number; gzip: number; ms: number }> {
  const files = fileStore(siteDir);
  const read = { raw: 0, gzip: 0 };
  const store: DocumentStore = {
    async read(sitePath) {
      const text = await files.read(sitePath);
      const gzip = gzipOf.get(sitePath);
      if (gzip !== undefined && text !== undefined)
        [read.raw, read.gzip] = [read.raw + Buffer.byteLength(text), read.gzip + gzip];
      return text;
    },
  };
  const ms = await answerMs(createRouter({ store }), kind, q);
  return { ...read, ms };
}

async function answerMs(route: Router, kind: Kind, q: string): Promise<number> {
  const before = performance.now();
  const answer = await route({
    method: 'GET',
    url: `/api/public/dataset?type=${kind}&limit=20&q=${encodeURIComponent(q)}`,
  });
  if (answer.status !== 200) throw new Error(`q=${q} over ${kind}: ${answer.status} ${answer.body}`);
  return performance.now() - before;
}

// Latencies of a query over the rounds after a first one that warms the JIT.
async function timings(route: Router, kind: Kind, q: string): Promise<number[]> {
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ms = await answerMs(route, kind, q);
    if (round > 0) latencies.push(ms);
  }
  return latencies;
}

/** The `q`-quantile of sorted numbers (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
