/** Rendering: the count of documents the progress line shows is the count the writer gets. */
import { describe, expect, it } from 'vitest';
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
