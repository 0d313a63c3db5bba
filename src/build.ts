/** build(): sources to a static site, one line per stage. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageDepthOf, resolveConfig, type BuildOptions, type ResolvedConfig } from './config.js';
import { UserError, collectGarbage, hasErrors, type Diagnostic, redactUrl } from './shared/index.js';
import { lockOutput, writeSite } from './pipeline/write/index.js';
import { loadSources, type LoadedSources, fetchSources, type FetchPolicy } from './pipeline/sources/index.js';
import { reusedCount, type PreviousRecords } from './pipeline/cache/index.js';
import { readPreviousBuild, type PreviousBuild } from './pipeline/previous/index.js';
import {
  type RecordsInput,
  planListings,
  renderDocuments,
  serializeDataset,
  renderTermsAside,
} from './pipeline/render/index.js';
import { SOURCE_FORMATS, StageClock, type BuildStage } from './pipeline/index.js';
import { modelEntities, validateRecords } from './pipeline/model/index.js';
import { advanceFeed, entityDigests, renderFeed, checkShrink } from './pipeline/feed/index.js';
import { countDocuments, type WriteStats } from './pipeline/assemble/index.js';
import { Dataset } from './query/dataset/index.js';
import { KINDS, type Kind } from './query/semantics/index.js';
import { buildDictionary } from './schema/index.js';
import { datasetSlots } from './query/search/index.js';
import { MANIFEST_PATH } from './query/formats/index.js';

/** What a build did. */
export interface BuildResult {
  /** Every problem and warning found in the sources. */
  diagnostics: Diagnostic[];
  /** Entities built, per kind. */
  entities: Record<Kind, number>;
  /** Records left out as invalid (only with `skipInvalid`). */
  skipped: number;
  /** Entities the previous build made as this one would, taken from it without reading their records again (its record cache). */
  reused: number;
  /** Files and bytes written (with `write: false`, what would have been written). */
  output: WriteStats;
  /** Milliseconds each stage took. */
  stages: Partial<Record<BuildStage, number>>;
  outDir: string;
}

/**
 * Builds the static site from the source records. Invalid input fails the build with a
 * {@link UserError} listing every problem, and the previous site stays untouched.
 *
 * ### Usage:
 * ```ts
 * import { build } from 'dataset-site';
 * const result = await build({ sources: 'sources', out: 'dist', baseUrl: 'https://data.example.com' });
 * console.log(result.output.files, 'files');
 * ```
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const config = resolveConfig(options);
  const lock = config.write ? await lockOutput(config.outDir) : undefined;
  try {
    return await buildSite(config);
  } finally {
    await lock?.release();
  }
}

async function buildSite(config: ResolvedConfig): Promise<BuildResult> {
  const display = (file: string) => path.relative(config.root, file) || file;
  const clock = new StageClock(config.onProgress);
  const previous = await readPreviousBuild(config.outDir, config.baseUrl, config.write);
  const { dataset, diagnostics, skipped, records } = await readDataset(config, display, clock, previous);
  const feedBefore = await previous.feed;
  const entities = Object.fromEntries(KINDS.map((kind) => [kind, dataset.entities[kind].length])) as Record<
    Kind,
    number
  >;
  // Each entity keeps the slot the previous build gave it in the search index (slot-assignment.ts).
  const slots = datasetSlots(dataset, await previous.idsBySlot);
  // The search index's term shards are made in two worker threads from here on, while this one plans and renders.
  const stopTerms = new AbortController();
  const terms = renderTermsAside(dataset, slots, {
    previous: await previous.termCache,
    origins: records.origins,
    signal: stopTerms.signal,
  });
  terms.catch(() => undefined); // awaited, and so reported, by render
  // Parsed meanwhile, after the threads are started: this thread waits for the search index anyway.
  const previousManifest = previous.manifest?.();
  try {
    if (config.write && !config.allowShrink) await checkShrink(config.outDir, feedBefore, entities, config.maxShrink);
  } catch (error) {
    stopTerms.abort();
    throw error;
  }
  // The records loaded, validated and modeled are garbage now: collected before the plan, as the term threads grow (collect-garbage.ts).
  collectGarbage();
  clock.start('plan');
  const listings = planListings(dataset);
  clock.start('render');
  const context = { baseUrl: config.baseUrl, generatedAt: config.now.toISOString(), dictionary: buildDictionary() };
  // The bodies carry the version of this build's generation, which follows the previous site's.
  const manifest = (await previousManifest)?.manifest;
  const { store, generation } = serializeDataset(dataset, config.baseUrl, slots, manifest, records);
  const feed = advanceFeed(feedBefore, entityDigests(dataset, store), config.now, config.changesWindowDays);
  const site = await renderDocuments({
    dataset,
    listings,
    context,
    store,
    generation,
    feed: renderFeed(feed, config.baseUrl, config.changesWindowDays),
    slots,
    terms,
    records,
    pageDepth: pageDepthOf(
      config.pageDepth,
      Object.values(entities).reduce((sum, count) => sum + count, 0),
    ),
    previousManifest: previousManifest?.then((files) => files.manifest),
    retentionMs: config.retentionMs,
  });
  clock.start('write');
  // A build that writes has read the previous manifest; one that does not counts what it would write.
  const output =
    previousManifest === undefined
      ? countDocuments([...site.documents, ...(await site.late)], context.generatedAt)
      : await writeSite(site, {
          outDir: config.outDir,
          generatedAt: context.generatedAt,
          previousManifest,
          partial: config.partial,
          retentionMs: config.retentionMs,
          onProgress: (done, total) => clock.report({ done, total }),
        });
  const reused = reusedCount(records.origins);
  const damage = (await previousManifest)?.damage;
  if (damage !== undefined) diagnostics.push(manifestDamaged(display(path.join(config.outDir, MANIFEST_PATH)), damage));
  return { diagnostics, entities, skipped, reused, output, stages: clock.stop(), outDir: config.outDir };
}

// Load, validate, model: the raw and validated records are unreachable once this returns,
// so the memory they hold is free before rendering. The previous build's records (its
// record cache) spare the work for the records whose source text did not change.
async function readDataset(
  config: ResolvedConfig,
  display: (file: string) => string,
  clock: StageClock,
  { records: previous, scope }: PreviousBuild,
): Promise<{ dataset: Dataset; diagnostics: Diagnostic[]; skipped: number; records: RecordsInput }> {
  let loaded: LoadedSources;
  if (config.sourcesUrl !== undefined)
    loaded = await loadRemoteSources(config.sourcesUrl, clock, config.fetch, previous);
  else {
    clock.start('load');
    loaded = await loadSources(config.sourcesDir, display, previous);
  }
  if (loaded.files.length === 0) {
    const skipped = loaded.skipped.length === 0 ? '' : `; skipped files of other formats: ${loaded.skipped.join(', ')}`;
    throw new UserError(
      `no source files found in ${config.sourcesUrl === undefined ? display(config.sourcesDir) : redactUrl(config.sourcesUrl)}: dataset-site reads ${SOURCE_FORMATS.join(', ')}${skipped}; check --sources`,
      1,
      loaded.diagnostics,
    );
  }
  clock.start('validate');
  const validated = validateRecords(loaded.records, previous);
  const diagnostics = [...loaded.diagnostics, ...validated.diagnostics];
  if (hasErrors(diagnostics) && !config.skipInvalid) {
    throw new UserError(
      'the sources have problems; nothing was written (use --skip-invalid to build without the bad records)',
      1,
      diagnostics,
    );
  }
  clock.start('model');
  const entities = modelEntities(validated.records, config.now.toISOString().slice(0, 10), validated.origins);
  return {
    dataset: new Dataset(entities),
    diagnostics,
    skipped: validated.rejected,
    records: { origins: validated.origins, previous, scope },
  };
}

// Fetches the remote sources into a scratch folder, reads them as local files named by their URLs, and removes the folder.
async function loadRemoteSources(
  url: string,
  clock: StageClock,
  policy: FetchPolicy,
  previous: PreviousRecords,
): Promise<LoadedSources> {
  clock.start('fetch');
  const scratch = await mkdtemp(path.join(tmpdir(), 'dataset-site-sources-'));
  try {
    const files = await fetchSources(url, scratch, policy);
    clock.report({
      message: `fetched ${files.size} source document${files.size === 1 ? '' : 's'} from ${redactUrl(url)}`,
    });
    clock.start('load');
    return await loadSources(scratch, (file) => files.get(file) ?? file, previous);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

// A damaged manifest costs a full write, not a failed build: it only spares unchanged files their rewrite.
function manifestDamaged(file: string, damage: string): Diagnostic {
  const message = `the build manifest ${damage}, so every document was written anew, each with this build's generated_at (the changes feed is kept apart and unaffected); the next build reads the manifest written now`;
  return { code: 'damaged_state', severity: 'warning', file, message };
}
