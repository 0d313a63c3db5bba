/** Search index cost per kind: size raw and gzipped, load time, and `q` latency over a fixed query list. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { searchIndexPath } from '../lib/query/formats/paths.js';
import { parseSearchIndex } from '../lib/query/formats/search-index.js';
import { KINDS, type Kind } from '../lib/query/semantics/kinds.js';
import { indexNames, searchRanks } from '../lib/query/semantics/search.js';

/** What one kind's search index costs. */
export interface SearchCost {
  rawBytes: number;
  gzipBytes: number;
  /** Read + JSON.parse + indexNames, milliseconds. */
  loadMs: number;
  /** Latency of one `searchRanks` call over {@link QUERIES}, milliseconds. */
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
  'shanghai', 'auto', 'automotive', 'international', 'expo', 'messe', 'koln', 'köln', 'frankfurt am main',
  'electronics', 'medical devices', 'food', 'beverage', 'robot', 'machinery expo', 'gmbh', 'co ltd', 'logistics',
  'design', 'intl', 'xian', 'tokyo', 'las vegas', 'solar', 'a', 'zzzz',
  '汽车', '国际汽车', '展览会', '博览会', '上海', '深圳', '有限公司', '科技', '物流', '医疗器械', '机器人', '新能源', '德国', '不存在的词',
];

const ROUNDS = 5;

/** Measures the search index of every kind in a built site. */
export function measureSearch(siteDir: string): Record<Kind, SearchCost> {
  return Object.fromEntries(KINDS.map((kind) => [kind, measureKind(kind, siteDir)])) as Record<Kind, SearchCost>;
}

function measureKind(kind: Kind, siteDir: string): SearchCost {
  const file = searchIndexPath(kind);
  const started = performance.now();
  const bytes = readFileSync(path.join(siteDir, file));
  const index = indexNames(parseSearchIndex(file, bytes.toString('utf8'), kind).index);
  const loadMs = performance.now() - started;
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      const before = performance.now();
      searchRanks(index, q);
      if (round > 0) latencies.push(performance.now() - before); // round 0 warms the JIT
    }
  }
  latencies.sort((a, b) => a - b);
  const hostile = HOSTILE_QUERIES.map((q) => ({ q, worstMs: Math.max(...timings(index, q)) })).sort((a, b) => b.worstMs - a.worstMs)[0]!;
  return {
    rawBytes: bytes.length,
    gzipBytes: gzipSync(bytes).length,
    loadMs,
    qMedianMs: quantile(latencies, 0.5),
    qP95Ms: quantile(latencies, 0.95),
    commonTermMedianMs: quantile(timings(index, COMMON_TERM).sort((a, b) => a - b), 0.5),
    hostileWorstMs: hostile.worstMs,
    hostileWorstQuery: hostile.q,
  };
}

// Latencies of a query over the rounds after a first one that warms the JIT.
function timings(index: ReturnType<typeof indexNames>, q: string): number[] {
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = performance.now();
    searchRanks(index, q);
    if (round > 0) latencies.push(performance.now() - before);
  }
  return latencies;
}

/** The `q`-quantile of sorted numbers (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
