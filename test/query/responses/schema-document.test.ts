/**
 * A schema document that does not hold together (its industries' names emptied or cut by
 * hand) is refused by every reader (the router, the SDK over a plain static host, the
 * preview server at its start), naming what is wrong, never answered as if the site had no
 * industries.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient } from '../../../src/client/index.js';
import { SCHEMA_PATH } from '../../../src/query/formats/index.js';
import { createRouter } from '../../../src/query/router/index.js';
import { fileStore, serve } from '../../../src/serve/index.js';
import { startFaultyHost } from '../../helpers/faulty-host.js';
import { copySampleSite } from '../../helpers/site.js';

const INDUSTRY_QUERY = `/api/public/dataset?type=exhibitor&industry=${encodeURIComponent('美容化妆品')}&limit=0`;

let site: string;
beforeAll(async () => {
  site = await copySampleSite();
}, 60_000);

// The site's schema document changed by `change`.
async function changeSchema(change: (document: { industries: { names: string[][] } }) => void): Promise<void> {
  const file = path.join(site, SCHEMA_PATH);
  const document = JSON.parse(await readFile(file, 'utf8'));
  change(document);
  await writeFile(file, JSON.stringify(document));
}

describe('a schema document whose industries do not hold together', () => {
  it.each<[string, (names: string[][]) => string[][]]>([
    ['emptied', () => []],
    ['with one industry dropped', (names) => names.slice(1)],
  ])('is refused by the router and the SDK when its names are %s', async (_, change) => {
    const original = await readFile(path.join(site, SCHEMA_PATH), 'utf8');
    await changeSchema((document) => (document.industries.names = change(document.industries.names)));
    try {
      const answer = await createRouter({ store: fileStore(site) })({ method: 'GET', url: INDUSTRY_QUERY });
      expect(answer.status).toBe(500);
      const { error } = JSON.parse(answer.body);
      expect(error.code).toBe('site_error');
      expect(error.message).toMatch(
        /^api\/public\/schema\.json lists \d+ industries in industries\.names where its industries\.count says \d+: the document was changed or cut; rebuild the site/,
      );
      const host = await startFaultyHost(site);
      try {
        const refused = await createClient({ baseUrl: host.url })
          .dataset({ type: 'exhibitor', industry: '美容化妆品' })
          .catch((caught: unknown) => caught);
        expect(refused).toBeInstanceOf(ApiError);
        expect((refused as ApiError).body.error.message).toBe(error.message);
      } finally {
        await host.close();
      }
    } finally {
      await writeFile(path.join(site, SCHEMA_PATH), original);
    }
  });

  it('stops the preview server from starting, naming it', async () => {
    const original = await readFile(path.join(site, SCHEMA_PATH), 'utf8');
    await changeSchema((document) => (document.industries.names = []));
    try {
      await expect(serve({ dir: site, port: 0 })).rejects.toThrow(/industries\.count says \d+/);
    } finally {
      await writeFile(path.join(site, SCHEMA_PATH), original);
    }
  });

  it('is read as written, and the industry found by any of its names', async () => {
    const answer = await createRouter({ store: fileStore(site) })({ method: 'GET', url: INDUSTRY_QUERY });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)._meta.total).toBeGreaterThan(0);
  });
});
