/**
 * `llms.txt` (docs/api.md#llms-txt): the convention's shape (an H1, a summary in a
 * blockquote, sections of link lists), served at the site root as text, and every URL in
 * it answered 200 by the router.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../src/query/router/router.js';
import { fileStore } from '../../src/serve/file-store.js';
import { sampleSite } from '../helpers/site.js';

const BASE = 'http://localhost:8080';

describe('llms.txt', () => {
  it('has an H1, a one-paragraph summary, then sections of links', async () => {
    const text = await readFile(path.join(sampleSite(), 'llms.txt'), 'utf8');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines[2]).toMatch(/^> .*48 exhibitions, 360 exhibitors, 36 service providers/);
    expect(text.match(/^## .+$/gm)).toEqual(['## Query', '## Schema', '## Bulk', '## Freshness']);
    expect(text).toMatch(/rebuilt every 5 minutes.*max-age=300/);
    expect(text.match(/^- \[[^\]]+\]\(http[^)]+\)/gm)!.length).toBeGreaterThanOrEqual(15);
  });

  it('is served at the root as text, and every URL in it answers 200', async () => {
    const route = createRouter({ store: fileStore(sampleSite()) });
    const served = await route({ method: 'GET', url: '/llms.txt' });
    expect(served.status).toBe(200);
    expect(served.headers['Content-Type']).toBe('text/plain; charset=utf-8');
    const urls = [...served.body.matchAll(/\]\((http[^)]+)\)/g)].map(([, url]) => url!);
    expect(urls.filter((url) => url.includes('/api/public/dataset?')).length).toBeGreaterThanOrEqual(3);
    // The MCP endpoint is answered beside the router, to POST (test/mcp/mcp-http.test.ts).
    expect(urls).toContain(`${BASE}/mcp`);
    for (const url of urls.filter((url) => url !== `${BASE}/mcp`)) {
      expect(url.startsWith(BASE)).toBe(true);
      const answer = await route({ method: 'GET', url: url.slice(BASE.length) });
      expect(answer.status, url).toBe(200);
      if (url.includes('/api/public/dataset?')) expect(JSON.parse(answer.body)._meta.total, url).toBeGreaterThan(0);
    }
  });
});
