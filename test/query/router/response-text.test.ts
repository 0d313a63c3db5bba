/**
 * Answers with entities spliced in as their documents' texts: the same bytes as the
 * response parsed and written again, and a document cut short is the site's error.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { entityPath } from '../../../src/query/formats/index.js';
import { responseText, type DatasetResponse } from '../../../src/query/responses/index.js';
import { createRouter, type Router } from '../../../src/query/router/router.js';
import { fileStore } from '../../../src/serve/index.js';
import { buildTempSite } from '../../helpers/site.js';

let out: string;
let route: Router;

beforeAll(async () => {
  out = (await buildTempSite({ sources: 'test/fixtures/tiny/sources' })).out;
  route = createRouter({ store: fileStore(out) });
}, 60_000);

async function body(query: string): Promise<{ status: number; text: string }> {
  const answer = await route({ method: 'GET', url: `/api/public/dataset?${query}` });
  return { status: answer.status, text: String(answer.body) };
}

describe('an answer of entity texts', () => {
  it('is the text JSON.stringify gives of the same answer parsed', () => {
    const entities = [{ id: 'a"1', name: '有限公司 \u2028', tags: ['x', 'y'], n: 1.5 }, { id: 'b' }];
    const meta = {
      type: 'all',
      count: 2,
      entities: { exhibitor: { id: 'the id' } },
    } as unknown as DatasetResponse['_meta'];
    const parsed = { exhibitions: [], exhibitors: entities, service_providers: [], _meta: meta };
    const texts = {
      exhibitions: [],
      exhibitors: entities.map((entity) => JSON.stringify(entity)),
      service_providers: [],
      _meta: meta,
    };
    expect(responseText(texts)).toBe(JSON.stringify(parsed));
  });

  it.each(['type=all&q=a&limit=500', 'type=exhibitor&q=co', 'type=all&limit=500', 'type=exhibition&q=expo&offset=1'])(
    'is written as JSON.stringify writes it: %s',
    async (query) => {
      const { status, text } = await body(query);
      expect(status).toBe(200);
      expect(JSON.stringify(JSON.parse(text))).toBe(text);
    },
  );

  it('names an entity document cut short as the site error', async () => {
    const { exhibitors } = JSON.parse((await body('type=exhibitor&q=a&limit=1')).text) as {
      exhibitors: { id: string }[];
    };
    const file = path.join(out, entityPath('exhibitor', exhibitors[0]!.id));
    await writeFile(file, (await readFile(file, 'utf8')).slice(0, 40));
    const { status, text } = await body('type=exhibitor&q=a&limit=1');
    expect(status).toBe(500);
    expect(JSON.parse(text).error).toMatchObject({
      code: 'site_error',
      message: `${entityPath('exhibitor', exhibitors[0]!.id)} is not a JSON object; rebuild the site`,
    });
  });
});
