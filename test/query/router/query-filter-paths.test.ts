/**
 * The query filters have no static pages (docs/api.md#query-filters): a listing path naming one is a 404 whose
 * message says so and gives the same listing in the query form, which answers it.
 */
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../../src/query/router/index.js';
import { fileStore } from '../../../src/serve/index.js';
import { sampleSite } from '../../helpers/site.js';

const route = () => createRouter({ store: fileStore(sampleSite()) });

describe('a listing path naming a query filter', () => {
  it('is a 404 saying it has no static pages, with the query-form URL of the same listing', async () => {
    const router = route();
    const answer = await router({ method: 'GET', url: '/api/public/dataset/exhibitor/product/solar-panels/1.json' });
    expect(answer.status).toBe(404);
    const { error } = JSON.parse(answer.body) as { error: { code: string; message: string } };
    expect(error.code).toBe('not_found');
    const url = 'http://localhost:8080/api/public/dataset?type=exhibitor&product=solar%20panels&limit=100&offset=0';
    expect(error.message).toMatch(
      /^product has no static pages: it is a query filter, answered by the query form alone/,
    );
    expect(error.message).toContain(url);
    const asked = await router({ method: 'GET', url: url.slice('http://localhost:8080'.length) });
    expect(JSON.parse(asked.body)._meta.total).toBeGreaterThan(0);
  });

  it('is told from a value spelt like a filter, which is a listing path like any other', async () => {
    const router = route();
    const named = await router({ method: 'GET', url: '/api/public/dataset/service_provider/verified/1.json' });
    expect(JSON.parse(named.body).error.message).toContain('/api/public/dataset?type=…&verified=…');
    const value = await router({ method: 'GET', url: '/api/public/dataset/exhibition/city/venue/1.json' });
    expect(JSON.parse(value.body).error.message).not.toContain('query filter');
  });
});
