/** Rendering: the count of documents the progress line shows is the count the writer gets; the term-shard worker gets every name as it is. */
import { describe, expect, it } from 'vitest';
import { packNames, unpackNames } from '../../src/pipeline/render/packed-names.js';
import { planListings } from '../../src/pipeline/render/plan.js';
import { renderSite } from '../../src/pipeline/render/render.js';
import { buildDictionary } from '../../src/schema/dictionary.js';
import { readSite } from '../../src/site/read-site.js';
import { sampleSite, TEST_NOW } from '../helpers/site.js';

describe('a rendered site', () => {
  it('counts exactly the documents it yields, and yields them alike on every iteration', async () => {
    const { dataset } = await readSite(sampleSite());
    const context = { baseUrl: 'http://localhost:8080', generatedAt: TEST_NOW.toISOString(), dictionary: buildDictionary() };
    const site = await renderSite({ dataset, listings: planListings(dataset), context, feed: { previous: undefined, now: TEST_NOW, windowDays: 7 } });
    const paths = [...site.documents].map((document) => document.path);
    expect(site.count).toBe(paths.length);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...site.documents].map((document) => document.path)).toEqual(paths);
  });
});

describe('the names the term-shard worker gets (packed-names.ts)', () => {
  it('come back as they went: ids, names with tabs, line breaks and any script, null and missing names', () => {
    const entities = [
      { id: 'EXR-1', company_cn: '上海\t汽车', company_en: 'Line\nbreak Ltd.' },
      { id: 'EXR-2', company_cn: null, company_en: '' },
      { id: '../x', company_en: 'Ünïcode 😀' },
    ];
    const back = unpackNames('exhibitor', packNames('exhibitor', entities));
    expect(back).toEqual(entities.map((entity) => ({ company_cn: undefined, ...entity })));
    expect(back.map((entity) => 'company_cn' in entity && entity.company_cn)).toEqual(['上海\t汽车', null, undefined]);
  });
});
