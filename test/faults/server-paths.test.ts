/**
 * No answer of the preview server names a path of the server's own file system: a path
 * segment too long for it (ENAMETOOLONG) is a 404 as any missing document is, and a
 * document it cannot read is named by its path in the site.
 */
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type PreviewServer } from '../../src/serve/index.js';
import { copySampleSite } from '../helpers/site.js';

let site: string;
let server: PreviewServer;
beforeAll(async () => {
  site = await copySampleSite();
  // A link to itself: opening it fails with ELOOP, neither a missing document nor a readable one.
  await symlink('loop.json', path.join(site, 'api/public/exhibitors/loop.json'));
  server = await serve({ dir: site, port: 0 });
}, 60_000);
afterAll(() => server?.close());

const LONG = 'x'.repeat(300);

describe('the preview server', () => {
  it.each([
    ['an entity document', `/api/public/exhibitors/${LONG}.json`],
    ['a document of the API root', `/api/public/${LONG}.json`],
    ['a listing page', `/api/public/dataset/exhibitor/industry/${LONG}/1.json`],
    ['a relation page', `/api/public/exhibitions/${LONG}/exhibitors/1.json`],
    ['a relation filter', `/api/public/dataset?type=exhibitor&exhibition=${LONG}`],
  ])('answers %s whose segment is too long for a file name with a 404 naming no path of the server', async (_, url) => {
    const answer = await fetch(`${server.url.replace(/\/$/, '')}${url}`);
    const text = await answer.text();
    expect(answer.status, text).toBe(404);
    expect(JSON.parse(text).error.code).toBe('not_found');
    expect(text).not.toContain(site);
    expect(text).not.toContain('ENAMETOOLONG');
  });

  it('names a document it cannot read by its path in the site, not on the server', async () => {
    const answer = await fetch(`${server.url.replace(/\/$/, '')}/api/public/exhibitors/loop.json`);
    const text = await answer.text();
    expect(answer.status).toBe(500);
    expect(JSON.parse(text).error).toMatchObject({
      code: 'site_error',
      message: 'internal error: cannot read api/public/exhibitors/loop.json in the site: ELOOP',
    });
    expect(text).not.toContain(site);
  });
});
