/**
 * What a first query reads of the index, as the SDK or a Worker asks for it cold: for each
 * query of tail-queries.ts (common CJK runs, two common words, product tags in both
 * languages, singulars, filters, deep offsets, `type=all`), a new router over a new store,
 * counting every document it reads except the answer's entity documents, with their bytes
 * gzipped one by one. The bounds of the search index issue: the costliest query at most
 * 300 kB and 24 documents per kind asked, the median at most 60 kB and 10 documents.
 *
 *   node --import tsx bench/index-reads.ts SITE [--json FILE]      (after npm run compile)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createRouter } from '../lib/query/router/index.js';
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

/** Index documents read by a first answer to each query over the site in `site`. */
export async function measureIndexReads(site: string): Promise<IndexRead[]> {
  const queries = await tailQueries(createRouter({ store: fileStore(site) }));
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
      gzipBytes: texts.reduce((sum, text) => sum + gzipSync(text).length, 0),
      total: JSON.parse(answer.body)._meta.total,
    });
  }
  return rows;
}

// An entity document (`api/public/exhibitors/X.json`): what the answer itself is made of, not the index.
function isEntityDocument(sitePath: string): boolean {
  return /^api\/public\/(exhibitions|exhibitors|service_providers)\/[^/]+\.json$/.test(sitePath);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { json: { type: 'string' } } });
  const rows = await measureIndexReads(positionals[0] ?? 'dist');
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
