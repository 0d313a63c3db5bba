/**
 * Time and memory of each build stage in the main thread, without writing: where the
 * time goes before the writer threads take over.
 *
 *   npm run compile && node --import tsx bench/stages.ts <sources-dir>
 */
import { loadSources } from '../lib/pipeline/sources/index.js';
import { modelEntities, validateRecords } from '../lib/pipeline/model/index.js';
import { planListings, renderDocuments, serializeDataset } from '../lib/pipeline/render/index.js';
import { advanceFeed, entityDigests, renderFeed } from '../lib/pipeline/feed/index.js';
import { Dataset } from '../lib/query/dataset/index.js';
import { datasetSlots } from '../lib/query/search/index.js';
import { buildDictionary } from '../lib/schema/index.js';

const sources = process.argv[2];
if (!sources) throw new Error('usage: node --import tsx bench/stages.ts <sources-dir>');

let last = performance.now();
const lap = (stage: string) => {
  const now = performance.now();
  console.log(
    `${stage.padEnd(14)} ${((now - last) / 1000).toFixed(2).padStart(6)} s  ${(process.memoryUsage().rss / 2 ** 20).toFixed(0).padStart(5)} MiB RSS`,
  );
  last = now;
};

const loaded = await loadSources(sources, (file) => file);
lap('load');
const validated = validateRecords(loaded.records);
lap('validate');
const dataset = new Dataset(modelEntities(validated.records, new Date().toISOString().slice(0, 10)));
lap('model');
const listings = planListings(dataset);
lap('plan');
const context = {
  baseUrl: 'http://localhost:8080',
  generatedAt: new Date().toISOString(),
  dictionary: buildDictionary(),
};
const slots = datasetSlots(dataset);
const { store, generation } = serializeDataset(dataset, context.baseUrl, slots);
const feed = advanceFeed(undefined, entityDigests(dataset, store), new Date(), 7);
const site = await renderDocuments({
  dataset,
  listings,
  context,
  store,
  generation,
  feed: renderFeed(feed, context.baseUrl, 7),
  slots,
});
lap('serialize');
let files = 0;
let bytes = 0;
for (const document of site.documents) {
  files++;
  bytes += document.size;
}
lap('render');
// The search indexes' documents, made by the term-shard worker meanwhile: the writer takes them last.
for (const document of await site.late) {
  files++;
  bytes += document.size;
}
lap('search index');
console.log(`${files} documents, ${(bytes / 1e6).toFixed(1)} MB`);
