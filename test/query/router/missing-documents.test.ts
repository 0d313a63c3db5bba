/**
 * Damage is an error, not an answer: a document of the site that a window needs and the host
 * does not answer is a `site_error` naming it, never an empty or short answer; and where the
 * snapshot root names another snapshot than the one the answer was read from (a rebuild published
 * while it was read), the error says so and to ask again, with `Retry-After`, not to rebuild.
 */
import { describe, expect, it } from 'vitest';
import { createRouter, type DocumentStore } from '../../../src/query/router/index.js';
import { SITE_CHANGED_MESSAGE } from '../../../src/query/router/router.js';
import { fileStore } from '../../../src/serve/index.js';
import { parseSnapshot, SNAPSHOT_ROOT_PATH, snapshotId, snapshotText } from '../../../src/query/formats/index.js';
import { datasetUrl } from '../../contract/cases.js';
import { sampleSite } from '../../helpers/site.js';

// The sample site as a host that answers nothing at the paths `hidden` holds.
function hiding(hidden: (path: string) => boolean): DocumentStore {
  const files = fileStore(sampleSite());
  return { read: async (path) => (hidden(path) ? undefined : files.read(path)) };
}

async function answer(store: DocumentStore, ...parameters: [string, string][]) {
  const { status, headers, body } = await createRouter({ store })({ method: 'GET', url: datasetUrl(...parameters) });
  return { status, headers, body: JSON.parse(body) as { error?: { code: string; message: string }; _meta?: unknown } };
}

describe('a listing page the host does not answer', () => {
  // The window is the snapshot's search index's; a page only lends it bodies, so without it each entity's own document
  // is read: the same answer, never total 0 or an empty window with a next link.
  it.each([
    ['its first page', 'api/public/dataset/exhibitor/country/china/1.json', [['country', 'China']]],
    [
      'a later page within the total',
      'api/public/dataset/exhibitor/2.json',
      [
        ['limit', '3'],
        ['offset', '150'],
      ],
    ],
  ] as [string, string, [string, string][]][])('answers as with it, %s missing', async (_, page, parameters) => {
    const whole = await answer(
      hiding(() => false),
      ['type', 'exhibitor'],
      ...parameters,
    );
    const read: string[] = [];
    const files = hiding((path) => path === page);
    const without = await answer(
      { read: (path) => (read.push(path), files.read(path)) },
      ['type', 'exhibitor'],
      ...parameters,
    );
    expect(without.status).toBe(200);
    expect(without.body).toEqual(whole.body);
    expect(read).toContain(page);
    expect(read.some((path) => path.startsWith('api/public/exhibitors/'))).toBe(true);
  });

  it('still answers a listing no entity matches as empty, and a window past its end as empty', async () => {
    const store = hiding(() => false);
    const none = await answer(store, ['type', 'exhibitor'], ['country', 'Antarctica']);
    expect(none.status).toBe(200);
    expect(none.body._meta).toMatchObject({ total: 0 });
    const past = await answer(store, ['type', 'exhibitor'], ['limit', '3'], ['offset', '100000']);
    expect(past.status).toBe(200);
    expect(past.body._meta).toMatchObject({ total: 360 });
  });
});

describe('an index document the host does not answer', () => {
  it.each([
    ['a term shard', /^api\/public\/search\/exhibitor\/terms\/.+\.json$/, [['q', 'star']]],
    ['a part of a common list', /^api\/public\/search\/exhibitor\/common\/.+\.json$/, [['q', 'co']]],
    [
      'a chunk or block of ids',
      /^api\/public\/search\/exhibitor\/(?:ids|id-blocks)\/\d+@[0-9a-z]+\.json$/,
      [['q', 'co']],
    ],
    [
      'a value shard',
      /^api\/public\/search\/exhibitor\/country\/.+\.json$/,
      [
        ['q', 'co'],
        ['country', 'China'],
      ],
    ],
  ] as const)('%s is a site_error naming it, saying to rebuild', async (_, pattern, parameters) => {
    const { status, headers, body } = await answer(
      hiding((path) => pattern.test(path)),
      ['type', 'exhibitor'],
      ...parameters.map(([name, value]) => [name, value] as [string, string]),
    );
    expect(status).toBe(500);
    expect(body.error?.code).toBe('site_error');
    expect(body.error?.message).toMatch(
      /^api\/public\/search\/exhibitor\/.+ is missing; the site is incomplete, rebuild it$/,
    );
    expect(headers['Retry-After']).toBeUndefined();
  });
});

describe('an answer read while the site is rebuilt', () => {
  it('says the site changed and to ask again, with Retry-After, where the snapshot root moved on meanwhile', async () => {
    const files = fileStore(sampleSite());
    let rootReads = 0;
    // The host of a rebuild past the retention: the shards are gone, and the root names the next snapshot once first read.
    const store: DocumentStore = {
      read: async (path) => {
        if (path.startsWith('api/public/search/exhibitor/terms/')) return undefined;
        const text = await files.read(path);
        if (path !== SNAPSHOT_ROOT_PATH || text === undefined) return text;
        rootReads++;
        if (rootReads === 1) return text;
        const root = parseSnapshot(path, text);
        return snapshotText({ ...root, generation: root.generation + 1, id: snapshotId(root.generation + 1) });
      },
    };
    const { status, headers, body } = await answer(store, ['type', 'exhibitor'], ['q', 'star']);
    expect(status).toBe(500);
    expect(body.error).toMatchObject({ code: 'site_error', message: SITE_CHANGED_MESSAGE });
    expect(headers['Retry-After']).toBe('1');
  });
});
