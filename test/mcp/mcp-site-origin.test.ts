/**
 * `dataset-site mcp` reads only its own site (issue 39, item 1): the SDK's own Client runs the
 * command over stdio against the sample site served on 127.0.0.1 by a server that answers
 * some entity documents with a redirect, beside a second server standing for an internal
 * service. A redirect off the site's origin is a tool error naming the URL (its query
 * masked) and the internal service is never reached; a redirect on the site's origin is read.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath } from '../../src/query/formats/index.js';
import { CLI } from '../helpers/cli.js';
import { sampleSite } from '../helpers/site.js';

const ENTITY = entityPath('exhibitor', 'EXR-000001');
let site: http.Server;
let internal: http.Server;
let url: string;
let internalUrl: string;
const internalHits: string[] = [];
/** Where the site redirects each id's document to, relative to the site or absolute. */
const redirects = new Map<string, string>();
let mcp: Client;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  internal = http.createServer((request, response) => {
    internalHits.push(request.url ?? '/');
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"secret":1}');
  });
  site = http.createServer((request, response) => {
    const file = decodeURIComponent(new URL(request.url!, 'http://site').pathname).slice(1);
    const id = /^api\/public\/exhibitors\/(.+)\.json$/.exec(file)?.[1];
    const to = id === undefined ? undefined : redirects.get(id);
    if (to !== undefined) return void response.writeHead(302, { Location: to }).end();
    readFile(path.join(sampleSite(), path.normalize(file))).then(
      (bytes) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(bytes),
      () => response.writeHead(404, { 'Content-Type': 'application/json' }).end('{}'),
    );
  });
  [url, internalUrl] = [await listen(site), await listen(internal)];
  const port = new URL(internalUrl).port;
  redirects.set('TO-INTERNAL', `${internalUrl}/secret.json?token=SECRET-TOKEN`);
  redirects.set('TO-LOCALHOST', `http://localhost:${port}/secret.json`);
  redirects.set('TO-IPV6', `http://[::1]:${port}/secret.json`);
  redirects.set('TO-METADATA', 'http://169.254.169.254/latest/meta-data/iam/security-credentials/');
  redirects.set('TO-PRIVATE', 'http://10.0.0.5/secret.json');
  redirects.set('TO-PUBLIC', 'https://data.example.com/x.json?X-Amz-Signature=SIGSECRET');
  redirects.set('TO-FILE', 'file:///etc/passwd');
  redirects.set('WITH-PASSWORD', `http://user:pa55word@${new URL(url).host}/${ENTITY}`);
  redirects.set('SAME-ORIGIN', `/${ENTITY}`);
  mcp = new Client({ name: 'dataset-site-test', version: '1.0.0' });
  await mcp.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--base-url', url, '--timeout', '5'],
      stderr: 'ignore',
    }),
  );
});

afterAll(async () => {
  await mcp?.close();
  for (const server of [site, internal]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
});

async function getEntity(id: string): Promise<CallToolResult & { text: string }> {
  const result = (await mcp.callTool({ name: 'get_entity', arguments: { kind: 'exhibitor', id } })) as CallToolResult;
  const [content] = result.content;
  if (content?.type !== 'text') throw new Error(`expected a text, got ${JSON.stringify(result.content)}`);
  return { ...result, text: content.text };
}

describe('dataset-site mcp reads only its own site', () => {
  it.each([
    ['TO-INTERNAL', () => `http://127.0.0.1:PORT/secret.json?token=***, on http://127.0.0.1:PORT, a loopback address`],
    ['TO-LOCALHOST', () => `http://localhost:PORT/secret.json, on http://localhost:PORT, a loopback address`],
    ['TO-IPV6', () => `http://[::1]:PORT/secret.json, on http://[::1]:PORT, a loopback address`],
    [
      'TO-METADATA',
      () =>
        'http://169.254.169.254/latest/meta-data/iam/security-credentials/, on http://169.254.169.254, a link-local address',
    ],
    ['TO-PRIVATE', () => 'http://10.0.0.5/secret.json, on http://10.0.0.5, a private address'],
    ['TO-PUBLIC', () => 'https://data.example.com/x.json?X-Amz-Signature=***, on https://data.example.com, an origin'],
  ])('refuses a redirect of %s off the site, naming the URL with its query masked', async (id, target) => {
    const answer = await getEntity(id);
    expect(answer.isError).toBe(true);
    const port = new URL(internalUrl).port;
    expect(answer.text).toBe(
      `internal error: GET ${url}/api/public/exhibitors/${id}.json failed: it redirects to ${target().replaceAll('PORT', port)} you did not name in --base-url`,
    );
    expect(answer.text).not.toMatch(/SECRET/);
    expect(internalHits).toEqual([]);
  });

  it('refuses a redirect to file: or to a URL holding a password, never printing it', async () => {
    expect((await getEntity('TO-FILE')).text).toBe(
      `internal error: GET ${url}/api/public/exhibitors/TO-FILE.json failed: it redirects to file:///etc/passwd, not an http(s) URL`,
    );
    const withPassword = await getEntity('WITH-PASSWORD');
    expect(withPassword).toMatchObject({ isError: true });
    expect(withPassword.text).toBe(
      `internal error: GET ${url}/api/public/exhibitors/WITH-PASSWORD.json failed: it redirects to http://***@${new URL(url).host}/${ENTITY}, a URL holding a user name or password`,
    );
  });

  it("follows a redirect on the site's own origin", async () => {
    const answer = await getEntity('SAME-ORIGIN');
    expect(answer.isError).toBeFalsy();
    expect(JSON.parse(answer.text)).toMatchObject({ id: 'EXR-000001' });
    expect(internalHits).toEqual([]);
  });
});
