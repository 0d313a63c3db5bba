/**
 * `llms.txt` (docs/api.md#llms-txt): the convention's shape (an H1, a summary in a
 * blockquote, sections), what an agent needs to work from it alone, served at the site
 * root as text, and every URL in it answered 200 by the router.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../src/query/router/index.js';
import { FILTER_PARAMETERS, FILTER_VALUE_SETS, filterKinds } from '../../src/query/semantics/index.js';
import { fileStore } from '../../src/serve/index.js';
import { sampleSite } from '../helpers/site.js';

const BASE = 'http://localhost:8080';

describe('llms.txt', () => {
  it('has an H1, a one-paragraph summary, then sections, in few characters', async () => {
    const text = await readFile(path.join(sampleSite(), 'llms.txt'), 'utf8');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines[2]).toMatch(/^> .*48 exhibitions, 360 exhibitors, 36 service providers/);
    expect(text.match(/^## .+$/gm)).toEqual([
      '## Query',
      '## One record and its relations',
      '## Errors',
      '## Schema and tools',
      '## Bulk and freshness',
    ]);
    // The build is told no schedule: llms.txt names none, and says where the build's time is.
    expect(text).not.toMatch(/every \d+ minutes/);
    expect(text).toMatch(
      /each answer says when its data was built \(`_meta.generated_at`\); answers may be cached for 300 seconds/,
    );
    expect(text.length).toBeLessThan(10_000);
  });

  it('names every filter in the lines of the query, with its closed set of values, and the kinds of one not of every kind', async () => {
    const text = await readFile(path.join(sampleSite(), 'llms.txt'), 'utf8');
    const query = text.slice(text.indexOf('## Query'), text.indexOf('Ready queries'));
    for (const filter of FILTER_PARAMETERS) {
      const line = query
        .split('\n')
        .find((candidate) => candidate.startsWith('- ') && candidate.includes(`\`${filter}\``));
      expect(line, filter).toBeDefined();
      for (const value of FILTER_VALUE_SETS[filter] ?? []) expect(line).toContain(`\`${value}\``);
      if (filterKinds(filter).length === 1) expect(line).toContain(`\`type=${filterKinds(filter)[0]}\``);
    }
  });

  it('says what an agent needs to work from it alone', async () => {
    const text = await readFile(path.join(sampleSite(), 'llms.txt'), 'utf8');
    // One record by id, with a URL template and an example; an exhibition's relation pages.
    expect(text).toContain(
      `One record by id: /api/public/{exhibitions|exhibitors|service_providers}/{id}.json, for example [exhibition EXH-0009](${BASE}/api/public/exhibitions/EXH-0009.json)`,
    );
    expect(text).toContain(`(${BASE}/api/public/exhibitions/EXH-0009/exhibitors/1.json)`);
    expect(text).toContain('its `_links.providers`');
    // The window's bounds and paging; what q and text search.
    expect(text).toMatch(/`limit`: entities per array, default 100, at most 500/);
    expect(text).toMatch(/`offset`: entities to skip \(there is no `page`\)/);
    expect(text).toMatch(/`q`: words in the names only \(name_cn, name_en, company_cn, company_en\)/);
    // Each kind's own `text` fields: an exhibitor's city and country are not searched, an exhibition's are.
    const textFields = /`text`: words in the names and each kind's own descriptive fields \(([^)]*)\)/.exec(text)?.[1];
    expect(textFields).toContain('exhibition: industry_tags_en, industry_tags_cn, organizer, venue, city, country;');
    expect(textFields).toContain('exhibitor: product_tags, industry_tags, tags, intro, exhibit_history;');
    expect(text).toContain('the last word also as a prefix');
    expect(text).toContain('but not accents (`São Paulo`, not `Sao Paulo`');
    // Exhibitions by status and dates, with a query made from the data.
    expect(text).toMatch(/`status` \(`upcoming`, `ongoing`, `ended`, `cancelled`, `postponed`\)/);
    expect(text).toMatch(/`from` and `to` \(`YYYY-MM-DD`, either alone/);
    expect(text).toContain(
      '`start_from` and `start_to` (likewise: the exhibitions that open in the window; query form only)',
    );
    // The tag filters in both languages, the tag facets as the vocabulary.
    expect(text).toMatch(/`product` and `service` match a tag whole \(not a word of it\), plural and singular alike/);
    expect(text).toContain(`[product tags](${BASE}/api/public/facets/exhibitors/product.json)`);
    expect(text).toMatch(/`sort` \(`start_date` or `-start_date`/);
    expect(text).toMatch(
      /\[Upcoming exhibitions in \S+ from \d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2}, soonest first\]\(\S+type=exhibition&\S*status=upcoming&from=\S+&to=\S+&sort=start_date/,
    );
    expect(text).toContain(`[upcoming exhibitions](${BASE}/api/public/dataset/exhibition/status/upcoming/1.json)`);
    // The errors, the MCP address, bulk reading and the feed.
    for (const error of [
      '400 `invalid_parameter`',
      '`error.parameter`',
      '404 `not_found`',
      '405 `method_not_allowed`',
      '500 `site_error`',
    ])
      expect(text).toContain(error);
    expect(text).toContain(`[MCP endpoint](${BASE}/mcp)`);
    expect(text).toContain(`[exhibitors](${BASE}/api/public/dumps/exhibitors.json)`);
    expect(text).toContain(`[Changes feed](${BASE}/api/public/changes/index.json)`);
  });

  it('says how to phrase every question the API answers: languages, words, path values, fields, counts, relations, MCP', async () => {
    const text = await readFile(path.join(sampleSite(), 'llms.txt'), 'utf8');
    const route = createRouter({ store: fileStore(sampleSite()) });
    const ids = async (query: string) =>
      (
        JSON.parse((await route({ method: 'GET', url: `/api/public/dataset?${query}` })).body) as {
          exhibitors: { id: string }[];
        }
      ).exhibitors.map(({ id }) => id);
    // No search crosses languages: the Chinese query finds exhibitors the English one does not.
    expect(text).toContain(
      '`text=solar panel` does not find an exhibitor tagged only 太阳能电池板. To be complete, ask in both languages at once with alternatives between `|`: `text=solar panel|太阳能电池板`',
    );
    const english = await ids('type=exhibitor&text=solar%20panel&limit=500');
    const chinese = await ids(`type=exhibitor&text=${encodeURIComponent('太阳能电池板')}&limit=500`);
    expect(chinese.filter((id) => !english.includes(id)).length).toBeGreaterThan(0);
    // The alternatives find both, each once.
    const both = await ids(`type=exhibitor&text=${encodeURIComponent('solar panel|太阳能电池板')}&limit=500`);
    expect(both.toSorted()).toEqual([...new Set([...english, ...chinese])].sort());
    expect(text).toContain('every word must match, each in any of these fields (not all in one)');
    // A filter value in a static path: normalized and escaped, the form an agent would guess a 404.
    expect(text).toContain(
      `[exhibitions in Building Materials](${BASE}/api/public/dataset/exhibition/industry/building-materials/1.json); \`industry/Building%20Materials\` is a 404`,
    );
    expect(text).toContain('the query form takes a value as written: prefer it');
    const guessed = await route({
      method: 'GET',
      url: '/api/public/dataset/exhibition/industry/Building%20Materials/1.json',
    });
    expect(guessed.status).toBe(404);
    // Fields, the dictionary, counts.
    expect(text).toContain(
      '`fields`: names of fields to keep in each entity, comma-separated (`fields=name_en,city`; `id` and `_links.self` always)',
    );
    expect(text).toContain(
      'carries the data dictionary, `_meta.entities` (what each field returned means), narrowed by `fields`',
    );
    expect(text).toContain(
      '`limit=0` answers the counts alone (`_meta.total`, `_meta.totals`), with no entity and no dictionary',
    );
    // The relation filters, with ids of the data.
    expect(text).toContain(
      '`type=exhibitor&exhibition=EXH-0013` lists the exhibitors of that exhibition, `type=exhibition&exhibitor=EXR-',
    );
    expect(text).toContain(
      'both combine with the filters, `q`, `text`, `fields`, `limit` and `sort`; an unknown id is a 404 naming it',
    );
    // MCP: strict arguments, and the links of an answer as resources.
    expect(text).toContain('a tool refuses an argument it does not know, naming it');
    expect(text).toContain(
      "Every `_links` URL of an answer (a record, an exhibition's `exhibitors` and `providers` pages) is also an MCP resource, read with resources/read",
    );
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
