/**
 * A site under a path (`--base-url http://localhost:8080/data`): its links carry the path,
 * and the preview server and nginx (with `dataset-site serve` beside it) answer requests
 * with the path in front, so an agent following `_meta.next` reaches the last page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type PreviewServer } from '../../src/serve/serve.js';
import { verifySite } from '../../src/verify/verify.js';
import { httpRequest, type Target } from '../contract/targets.js';
import { buildTempSite } from '../helpers/site.js';
import { NGINX, nginxTarget } from './hosts.js';

const BASE = 'http://localhost:8080/data';
let dir: string;
let server: PreviewServer;
const targets: Target[] = [];

beforeAll(async () => {
  dir = (await buildTempSite({ sources: 'test/fixtures/tiny/sources', baseUrl: BASE })).out;
  server = await serve({ dir, port: 0 });
  targets.push({ name: 'preview server', request: (url, method) => httpRequest(server.url, url, method) });
  if (NGINX !== undefined) targets.push(await nginxTarget(dir, new URL(server.url).host));
});

afterAll(async () => {
  await Promise.all([...targets.map((target) => target.close?.()), server?.close()]);
});

describe('a site built under a path', () => {
  it('passes verify, its links under the path', async () => {
    expect((await verifySite({ dir })).problems).toEqual([]);
  });

  it.for(['preview server', 'nginx'])('is walked to its last page through %s', async (name, context) => {
    const target = targets.find((candidate) => candidate.name === name);
    if (target === undefined) return context.skip(); // no nginx binary here
    const ids: string[] = [];
    let url: string | null = '/data/api/public/dataset?type=exhibitor&limit=1';
    while (url !== null) {
      const answer = await target.request(url);
      expect(answer.status).toBe(200);
      const body = answer.body as { exhibitors: { id: string; _links: { self: string } }[]; _meta: { next: string | null; base_url: string } };
      expect(body._meta.base_url).toBe(BASE);
      ids.push(...body.exhibitors.map((exhibitor) => exhibitor.id));
      const self = body.exhibitors[0]!._links.self;
      expect(self.startsWith(`${BASE}/api/public/exhibitors/`)).toBe(true);
      expect((await target.request(self.slice('http://localhost:8080'.length))).status).toBe(200);
      url = body._meta.next === null ? null : body._meta.next.slice('http://localhost:8080'.length);
    }
    expect(ids).toEqual(['X3', 'X1', 'X2', 'X4']);
  });

  it('is also answered without the path, as behind a proxy that strips it', async () => {
    expect((await targets[0]!.request('/api/public/dataset?type=exhibition')).status).toBe(200);
    expect((await targets[0]!.request('/elsewhere/api/public/dataset')).status).toBe(404);
  });
});
