/**
 * A site under a path (`--base-url http://localhost:8080/data`): its links carry the path,
 * and the preview server and nginx (with `dataset-site serve` beside it) answer requests
 * with the path in front, so an agent following `_meta.next` reaches the last page.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type PreviewServer } from '../../src/serve/index.js';
import { verifySite } from '../../src/verify/index.js';
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
      const body = answer.body as {
        exhibitors: { id: string; _links: { self: string } }[];
        _meta: { next: string | null; base_url: string };
      };
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

  it('answers MCP at the path its schema links, and at /mcp; not elsewhere', async () => {
    for (const endpoint of ['/data/mcp', '/mcp']) {
      const client = new Client({ name: 'dataset-site-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}${endpoint}`)));
      const result = await client.callTool({ name: 'get_entity', arguments: { kind: 'exhibitor', id: 'X3' } });
      expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toMatchObject({
        id: 'X3',
        _links: { self: `${BASE}/api/public/exhibitors/X3.json` },
      });
      await client.close();
    }
    const elsewhere = await fetch(`${server.url}/elsewhere/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(elsewhere.status).toBe(405);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
  });
});
