/** Rendering: the count of documents the progress line shows is the count the writer gets, late ones included; the term-shard worker gets every name as it is. */
import { describe, expect, it } from 'vitest';
import { SEARCHES, searchedTexts } from '../../../src/query/semantics/index.js';
import { packSearchFields, unpackSearchFields } from '../../../src/pipeline/render/packed-search-fields.js';
import { planListings } from '../../../src/pipeline/render/plan.js';
import { renderDocuments, serializeDataset } from '../../../src/pipeline/render/render.js';
import { advanceFeed, entityDigests, renderFeed } from '../../../src/pipeline/feed/index.js';
import { buildDictionary } from '../../../src/schema/index.js';
import { readSite } from '../../../src/site/index.js';
import { datasetSlots } from '../../../src/query/search/index.js';
import { sampleSite, TEST_NOW } from '../../helpers/site.js';

describe('a rendered site', () => {
  it('counts exactly the documents the writer gets, late ones included, and yields them alike on every iteration', async () => {
    const { dataset } = await readSite(sampleSite());
    const context = {
      baseUrl: 'http://localhost:8080',
      generatedAt: TEST_NOW.toISOString(),
      dictionary: buildDictionary(),
    };
    const slots = datasetSlots(dataset);
    const { store, generation } = serializeDataset(dataset, context.baseUrl, slots);
    const feed = advanceFeed(undefined, entityDigests(dataset, store), TEST_NOW, 7);
    const site = await renderDocuments({
      dataset,
      listings: planListings(dataset),
      context,
      store,
      generation,
      feed: renderFeed(feed, context.baseUrl, 7),
      slots,
    });
    const paths = [...site.documents].map((document) => document.path);
    expect([...site.documents].map((document) => document.path)).toEqual(paths);
    // The writer takes the documents, then the late ones once the term-shard worker is done (stage-changes.ts).
    const late = (await site.late).map((document) => document.path);
    expect(late.length).toBeGreaterThan(0);
    const all = [...paths, ...late];
    expect(site.count).toBe(all.length);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('the fields the term-shard worker gets (packed-search-fields.ts)', () => {
  it('come back as the indexes read them: ids, text with tabs, line breaks and any script, arrays one item a line, null and missing as nothing', () => {
    const entities = [
      {
        id: 'EXR-1',
        company_cn: '上海\t汽车',
        company_en: 'Line\nbreak Ltd.',
        product_tags: ['Tractors', '拖拉机'],
        intro: 'Makes <b>tractors</b>.',
      },
      { id: 'EXR-2', company_cn: null, company_en: '', tags: [1, 'OEM'] },
      { id: '../x', company_en: 'Ünïcode 😀' },
    ];
    const back = unpackSearchFields('text', 'exhibitor', packSearchFields('text', 'exhibitor', entities));
    expect(back.map((entity) => entity.id)).toEqual(['EXR-1', 'EXR-2', '../x']);
    expect(back[0]).toMatchObject({
      company_cn: '上海\t汽车',
      company_en: 'Line\nbreak Ltd.',
      product_tags: ['Tractors', '拖拉机'],
      intro: 'Makes <b>tractors</b>.',
    });
    expect(back[1]).toMatchObject({ company_cn: '', company_en: '', tags: 'OEM', intro: '' }); // an array of one string reads as the string
    for (const search of SEARCHES) {
      const unpacked = unpackSearchFields(search, 'exhibitor', packSearchFields(search, 'exhibitor', entities));
      for (const [i, entity] of entities.entries())
        expect(searchedTexts(search, 'exhibitor', unpacked[i]!)).toEqual(searchedTexts(search, 'exhibitor', entity));
    }
  });
});
