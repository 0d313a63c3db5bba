/**
 * Time and memory of each build stage in the main thread, without writing: where the
 * time goes before the writer threads take over.
 *
 *   npm run compile && node --import tsx bench/stages.ts <sources-dir>
 */
import { loadSources } from '../lib/pipeline/sources/load.js';
import { modelEntities } from '../lib/pipeline/model/model.js';
import { planListings } from '../lib/pipeline/render/plan.js';
import { renderDocuments, serializeDataset } from '../lib/pipeline/render/render.js';
import { advanceFeed, entityDigests, renderFeed } from '../lib/pipeline/feed/changes.js';
import { validateRecords } from '../lib/pipeline/model/validate.js';
import { Dataset } from '../lib/query/dataset/dataset.js';
import { datasetSlots } from '../lib/query/search/slot-assignment.js';
import { buildDictionary } from '../lib/schema/dictionary.js';

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
const store = serializeDataset(dataset, context.baseUrl);
const feed = advanceFeed(undefined, entityDigests(dataset, store), new Date(), 7);
const site = await renderDocuments({
  dataset,
  listings,
  context,
  store,
  feed: renderFeed(feed, context.baseUrl, 7),
  slots: datasetSlots(dataset),
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
