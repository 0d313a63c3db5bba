/**
 * Entities by raw id (docs/api.md#raw-ids): the router reads a percent-encoded raw id as
 * the escaped file, for entity documents and exhibitors pages; the escaped form, which
 * every link holds, comes first; nothing reaches outside its folder.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { entityPath, relationPath } from '../../../src/query/formats/index.js';
import { rawIdPath } from '../../../src/query/router/raw-id.js';
import { createRouter, type Router } from '../../../src/query/router/router.js';
import { fileStore } from '../../../src/serve/index.js';
import { buildHostileIdSite, HOSTILE_IDS } from '../../helpers/hostile-ids.js';

let route: Router;
const get = async (url: string) => {
  const answer = await route({ method: 'GET', url });
  return {
    status: answer.status,
    body: JSON.parse(answer.body) as { id?: string; exhibitors?: { id: string }[]; error?: { code: string } },
  };
};

beforeAll(async () => {
  // `a b` escapes to `a~20b`, which is also an id of its own here.
  const { out } = await buildHostileIdSite([...HOSTILE_IDS, 'a b', 'a~20b']);
  route = createRouter({ store: fileStore(out) });
});

describe('an entity by its raw id', () => {
  it.each(HOSTILE_IDS)('answers %j percent-encoded, and escaped, with the entity', async (id) => {
    for (const collection of ['exhibitions', 'exhibitors', 'service_providers']) {
      const raw = await get(`/api/public/${collection}/${encodeURIComponent(id)}.json`);
      expect(raw.status, `${collection} ${id}`).toBe(200);
      expect(raw.body.id).toBe(id);
    }
    expect((await get(`/${entityPath('exhibitor', id)}`)).body.id).toBe(id);
    const page = await get(`/api/public/exhibitions/${encodeURIComponent(id)}/exhibitors/1.json`);
    expect(page.status).toBe(200);
    expect(page.body.exhibitors).toHaveLength(HOSTILE_IDS.length + 2);
  });

  it('reads the escaped form first: a raw id that is the escaped form of another id names that other one', async () => {
    expect((await get('/api/public/exhibitors/a~20b.json')).body.id).toBe('a b');
    expect((await get(`/${entityPath('exhibitor', 'a~20b')}`)).body.id).toBe('a~20b');
    expect((await get('/api/public/exhibitors/a%20b.json')).body.id).toBe('a b');
  });

  it.each([
    ['an unknown id', '/api/public/exhibitors/none%20such.json'],
    ['a segment that does not decode', '/api/public/exhibitors/%E0%A4.json'],
    ['an id that would climb out', '/api/public/exhibitors/..%2F..%2Fschema.json'],
    ['a page that is not a number', '/api/public/exhibitions/EXH%201/exhibitors/one.json'],
  ])('answers %s with the JSON 404', async (_, url) => {
    const answer = await get(url);
    expect(answer.status).toBe(404);
    expect(answer.body.error?.code).toBe('not_found');
  });

  it('maps only entity documents and exhibitors pages, escaping the id again', () => {
    expect(rawIdPath('/api/public/exhibitors/a%2Fb.json')).toBe(entityPath('exhibitor', 'a/b'));
    expect(rawIdPath('/api/public/exhibitions/%2E%2E/exhibitors/2.json')).toBe(
      relationPath({ id: '..' }, 'exhibitors', 2),
    );
    expect(rawIdPath('/api/public/dataset/exhibitor/1.json')).toBeUndefined();
    expect(rawIdPath('/api/public/exhibitors/a/b.json')).toBeUndefined();
    expect(rawIdPath('/api/public/exhibitors/.json')).toBeUndefined();
  });
});
