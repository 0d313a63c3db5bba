/**
 * What a first query reads of the index, as the SDK or a Worker asks for it cold: for each
 * query of tail-queries.ts (common CJK runs, two common words, product tags in both
 * languages, singulars, filters, deep offsets, `type=all`), a new router over a new store,
 * counting every document it reads except the answer's entity documents, with their bytes
 * gzipped one by one. The bounds of the search index issue: the costliest query at most
 * 300 kB and 24 documents per kind asked, the median at most 60 kB and 10 documents.
 *
 * A site built cold names every body by one version, the best case for gzip. `--spread SHARE`
 * counts the bytes as a site a day of cycles old would hold them: in each document read, a
 * share SHARE of the versions its `bodies` name is replaced, before it is gzipped, by one of
 * {@link SPREAD_GENERATIONS} others, drawn from a generator of fixed seed (the same figures on
 * every run over the same site); the answers are the site's.
 *
 *   node --import tsx bench/index-reads.ts SITE [--spread SHARE] [--json FILE]      (after npm run compile)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createRouter } from '../lib/query/router/index.js';
import { BODY_VERSION_CHARS, bodyVersion } from '../lib/query/search/index.js';
import { fileStore } from '../lib/serve/index.js';
import { recordingStore } from './recording-store.js';
import { quantile } from './search.js';
import { tailQueries } from './tail-queries.js';

/** One query's reads of index documents. */
export interface IndexRead {
  query: string;
  /** Kinds the query asks for: 3 for `type=all`. */
  kinds: number;
  documents: number;
  gzipBytes: number;
  total: number;
}

/** What {@link measureIndexReads} found, against the bounds: medians, and the worst with its query. */
export interface IndexReads {
  medianKB: number;
  medianDocuments: number;
  worstKB: { value: number; query: string };
  worstDocumentsPerKind: { value: number; query: string };
  rows: IndexRead[];
}

/** The medians and the worst of `rows`. */
export function summarizeIndexReads(rows: IndexRead[]): IndexReads {
  const median = (value: (row: IndexRead) => number) =>
    quantile(
      rows.map(value).sort((a, b) => a - b),
      0.5,
    );
  const worst = (value: (row: IndexRead) => number) => {
    const row = rows.reduce((most, each) => (value(each) > value(most) ? each : most));
    return { value: value(row), query: row.query };
  };
  return {
    medianKB: median((row) => row.gzipBytes / 1024),
    medianDocuments: median((row) => row.documents),
    worstKB: worst((row) => row.gzipBytes / 1024),
    worstDocumentsPerKind: worst((row) => row.documents / row.kinds),
    rows,
  };
}

/** Generations of a day of 5-minute cycles: the versions `--spread` draws from. */
export const SPREAD_GENERATIONS = 288;

/**
 * Index documents read by a first answer to each query over the site in `site`, their bytes counted with a share
 * `spread` of the versions they name spread over a day of cycles.
 */
export async function measureIndexReads(site: string, spread = 0): Promise<IndexRead[]> {
  const queries = await tailQueries(createRouter({ store: fileStore(site) }));
  const spreadVersions = versionSpreader(spread);
  const rows: IndexRead[] = [];
  for (const { query } of queries) {
    const texts: string[] = [];
    const router = createRouter({ store: recordingStore(site, (sitePath) => !isEntityDocument(sitePath), texts) });
    const answer = await router({ method: 'GET', url: `/api/public/dataset?${query}` });
    if (answer.status !== 200) throw new Error(`${query}: ${answer.status} ${answer.body}`);
    rows.push({
      query,
      kinds: query.startsWith('type=all') ? 3 : 1,
      documents: texts.length,
      gzipBytes: texts.reduce((sum, text) => sum + gzipSync(spreadVersions(text)).length, 0),
      total: JSON.parse(answer.body)._meta.total,
    });
  }
  return rows;
}

const HOLE = '.'.repeat(BODY_VERSION_CHARS);

// A document's text with a share `spread` of the versions its `bodies` name replaced by one of SPREAD_GENERATIONS
// others (holes left), drawn from a generator of fixed seed: a day of cycles' bodies, as gzip sees them.
function versionSpreader(spread: number): (text: string) => string {
  if (spread === 0) return (text) => text;
  let state = 42;
  // mulberry32: small, fast, and the same sequence on every run.
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const others = Array.from({ length: SPREAD_GENERATIONS }, (_, i) => bodyVersion(1_000_003 + i));
  return (text) =>
    text.replace(/"bodies":"([^"]*)"/g, (_, bodies: string) => {
      let spreadBodies = '';
      for (let at = 0; at < bodies.length; at += BODY_VERSION_CHARS) {
        const version = bodies.slice(at, at + BODY_VERSION_CHARS);
        const moved = version !== HOLE && random() < spread;
        spreadBodies += moved ? others[Math.floor(random() * others.length)] : version;
      }
      return `"bodies":"${spreadBodies}"`;
    });
}

// An entity document (`api/public/exhibitors/X.json`): what the answer itself is made of, not the index.
function isEntityDocument(sitePath: string): boolean {
  return /^api\/public\/(exhibitions|exhibitors|service_providers)\/[^/]+\.json$/.test(sitePath);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { json: { type: 'string' }, spread: { type: 'string', default: '0' } },
  });
  const spread = Number(values.spread);
  if (!(spread >= 0 && spread <= 1)) throw new Error(`--spread takes a share from 0 to 1, not ${values.spread}`);
  const rows = await measureIndexReads(positionals[0] ?? 'dist', spread);
  for (const row of rows)
    console.log(
      `${(row.gzipBytes / 1024).toFixed(1).padStart(8)} kB ${String(row.documents).padStart(4)} docs ${String(row.total).padStart(7)}  ${decodeURIComponent(row.query)}`,
    );
  const summary = summarizeIndexReads(rows);
  console.log(
    `median ${summary.medianKB.toFixed(1)} kB, ${summary.medianDocuments} documents; worst ${summary.worstKB.value.toFixed(1)} kB (${decodeURIComponent(summary.worstKB.query)}), ${summary.worstDocumentsPerKind.value.toFixed(1)} documents per kind (${decodeURIComponent(summary.worstDocumentsPerKind.query)})`,
  );
  if (values.json) writeFileSync(values.json, `${JSON.stringify(summary, null, 2)}\n`);
}
