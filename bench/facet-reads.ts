/**
 * What `facets` costs a query (docs/api.md#query-facets): for each query an agent asks counts of (an industry's
 * countries, a country's exhibitions by status, upcoming fairs by city, a keyword's exhibitors by country, city and
 * industry, a whole kind), the same query without `facets` and with it. Cold, as the SDK or a Worker reads it: a new
 * router over a new store, counting every document it reads but the answer's entity documents, their bytes as they
 * are and gzipped one by one. Warm, in one run: one router, the query answered a few times, then its first answer
 * with facets (value shards read and counted), then the two forms in turn, the median of each and their ratio (the
 * machine is shared: a ratio, measured side by side). A faceted query asked again, or paged, reuses its counts.
 *
 *   node --import tsx bench/facet-reads.ts SITE [--runs 101] [--json FILE]      (after npm run compile)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createRouter, type Router } from '../lib/query/router/index.js';
import { facetPath, type FacetDocument } from '../lib/query/formats/index.js';
import type { Filter, Kind } from '../lib/query/semantics/index.js';
import { fileStore } from '../lib/serve/index.js';
import { recordingStore } from './recording-store.js';
import { quantile } from './search.js';

/** One form of a query, read cold: documents, bytes and gzip bytes, and its total. */
interface ColdReads {
  documents: number;
  bytes: number;
  gzipBytes: number;
  total: number;
}

/** A query without and with `facets`: what each reads cold and takes warm. */
export interface FacetRead {
  query: string;
  facets: string;
  without: ColdReads;
  with: ColdReads;
  /** Median warm milliseconds of each form, and with over without; the first answer with facets once the query is warm. */
  warmMs: { without: number; with: number; ratio: number; firstWith: number };
}

/** The queries, made from the site's own most common values so that each finds many. */
function facetQueries(site: string): [query: string, facets: string][] {
  const top = (kind: Kind, filter: Filter) => {
    const file = path.join(site, facetPath(kind, filter));
    return (JSON.parse(readFileSync(file, 'utf8')) as FacetDocument).values[0]!.label;
  };
  const enc = encodeURIComponent;
  return [
    [`type=exhibitor&industry=${enc(top('exhibitor', 'industry'))}&limit=10`, 'country'],
    [`type=exhibition&country=${enc(top('exhibition', 'country'))}&limit=10`, 'status,city'],
    ['type=exhibition&status=upcoming&sort=start_date&limit=10', 'city,country'],
    ['type=exhibitor&text=products&limit=10', 'country,city,industry'],
    ['type=exhibitor&q=co&limit=10', 'industry'],
    ['type=exhibitor&limit=0', 'country,city,industry'],
    ['type=service_provider&limit=10', 'country,industry'],
  ];
}

// An entity document (`api/public/exhibitors/X.json`): what the answer itself is made of, not the index.
function isEntityDocument(sitePath: string): boolean {
  return /^api\/public\/(exhibitions|exhibitors|service_providers)\/[^/]+\.json$/.test(sitePath);
}

async function answer(router: Router, query: string): Promise<{ total: number }> {
  const response = await router({ method: 'GET', url: `/api/public/dataset?${query}` });
  if (response.status !== 200) throw new Error(`${query}: ${response.status} ${response.body}`);
  return JSON.parse(response.body)._meta;
}

async function coldReads(site: string, query: string): Promise<ColdReads> {
  const texts: string[] = [];
  const { total } = await answer(
    createRouter({ store: recordingStore(site, (sitePath) => !isEntityDocument(sitePath), texts) }),
    query,
  );
  return {
    documents: texts.length,
    bytes: texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
    gzipBytes: texts.reduce((sum, text) => sum + gzipSync(text).length, 0),
    total,
  };
}

/** Each query of the site in `site` without and with its facets: cold reads, and warm medians over `runs` turns. */
export async function measureFacetReads(site: string, runs = 101): Promise<FacetRead[]> {
  const rows: FacetRead[] = [];
  const warm = createRouter({ store: fileStore(site) });
  for (const [query, facets] of facetQueries(site)) {
    const faceted = `${query}&facets=${encodeURIComponent(facets)}`;
    const [without, withFacets] = [await coldReads(site, query), await coldReads(site, faceted)];
    if (without.total !== withFacets.total) throw new Error(`${query}: facets changed the total`);
    // The first faceted answer once the query is warm: its value shards read and parsed, its counts made.
    for (let i = 0; i < 3; i++) await answer(warm, query);
    const first = performance.now();
    await answer(warm, faceted);
    const firstMs = performance.now() - first;
    for (let i = 0; i < 3; i++) for (const each of [query, faceted]) await answer(warm, each);
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < runs; i++)
      for (const [at, each] of [query, faceted].entries()) {
        const start = performance.now();
        await answer(warm, each);
        times[at]!.push(performance.now() - start);
      }
    const [plain, counted] = times.map((each) =>
      quantile(
        [...each].sort((a, b) => a - b),
        0.5,
      ),
    ) as [number, number];
    rows.push({
      query,
      facets,
      without,
      with: withFacets,
      warmMs: { without: plain, with: counted, ratio: counted / plain, firstWith: firstMs },
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { json: { type: 'string' }, runs: { type: 'string', default: '101' } },
  });
  const rows = await measureFacetReads(positionals[0] ?? 'dist', Number(values.runs));
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  for (const row of rows)
    console.log(
      `${decodeURIComponent(row.query)} +facets=${row.facets} (total ${row.with.total})\n` +
        `  without: ${row.without.documents} docs, ${kB(row.without.bytes)} (${kB(row.without.gzipBytes)} gzip), warm ${row.warmMs.without.toFixed(2)} ms\n` +
        `  with:    ${row.with.documents} docs, ${kB(row.with.bytes)} (${kB(row.with.gzipBytes)} gzip), warm ${row.warmMs.with.toFixed(2)} ms; warm ratio ${row.warmMs.ratio.toFixed(2)}; first with facets ${row.warmMs.firstWith.toFixed(1)} ms`,
    );
  if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
}
