/**
 * MCP at the site's own address (docs/api.md#mcp): the official SDK's Streamable HTTP
 * client against `POST /mcp` of the preview server and of the Worker over R2 under
 * `wrangler dev`, both over the sample site. Every tool is called, and each answer is held
 * to the router's answer to the same query, its structured content to the tool's output
 * schema (test/helpers/mcp.ts); GET and DELETE, an oversized body, malformed
 * JSON-RPC and a browser's preflight get the answers the spec and docs give.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  routerClient,
  type DatasetClient,
  type DatasetParams,
  type DatasetResponse,
  type Entity,
} from '../../src/client/index.js';
import { SEARCH_DEFAULT_LIMIT } from '../../src/mcp/dataset-input.js';
import { MAX_MCP_BODY_BYTES } from '../../src/mcp/http.js';
import { facetPath, entityPath } from '../../src/query/formats/index.js';
import { createRouter } from '../../src/query/router/index.js';
import { fileStore, serve } from '../../src/serve/index.js';
import { selfLinks, toolCaller, withoutDictionary } from '../helpers/mcp.js';
import { sampleSite } from '../helpers/site.js';
import { r2WorkerTarget } from '../hosts/hosts.js';
import { expectRefused, expectStrictInputs, UNKNOWN_ARGUMENTS } from './unknown-arguments.js';

const TOOLS = ['describe_schema', 'get_entity', 'list_facet_values', 'search_dataset'];
const RPC_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

interface Host {
  url: string;
  close(): Promise<void>;
}

const HOSTS: [name: string, start: () => Promise<Host>][] = [
  ['the preview server', async () => serve({ dir: sampleSite(), port: 0 })],
  [
    'the Worker over R2 (wrangler dev)',
    async () => {
      const worker = await r2WorkerTarget(sampleSite());
      return { url: worker.url!, close: () => worker.close!() };
    },
  ],
];

describe.each(HOSTS)('POST /mcp on %s', (_, start) => {
  let host: Host;
  let mcp: Client;
  let api: DatasetClient;
  let tools: Awaited<ReturnType<typeof toolCaller>>;
  const protocolErrors: Error[] = [];

  beforeAll(async () => {
    host = await start();
    api = routerClient(createRouter({ store: fileStore(sampleSite()) }));
    mcp = new Client({ name: 'dataset-site-test', version: '1.0.0' });
    mcp.onerror = (error) => protocolErrors.push(error);
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${host.url}/mcp`)));
    tools = await toolCaller(mcp);
  }, 180_000);

  afterAll(async () => {
    await mcp?.close();
    await host?.close();
  });

  it('lists the tools of the stdio command', async () => {
    expect((await mcp.listTools()).tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    expect(mcp.getServerVersion()).toMatchObject({ name: 'dataset-site' });
  });

  it.each<DatasetParams>([
    { type: 'exhibitor', q: 'co', limit: 5 },
    { type: 'all', city: 'shanghai', limit: 3, offset: 1 },
    { type: 'exhibition', q: '汽车' },
    { type: 'service_provider', limit: 700 },
  ])('search_dataset %j answers what the query form answers, without the data dictionary', async (params) => {
    const { value, links } = await tools.answer('search_dataset', params as Record<string, unknown>);
    const expected = await api.dataset({ limit: SEARCH_DEFAULT_LIMIT, ...params });
    expect(value).toEqual(withoutDictionary(expected));
    expect(expected._meta.total).toBeGreaterThan(0);
    expect(links.map((link) => link.uri)).toEqual(selfLinks(expected, expected._meta.base_url));
  });

  it('search_dataset with no arguments answers 10 of each kind in under 100,000 characters; fields cuts each entity', async () => {
    const { result } = await tools.answer('search_dataset');
    expect(JSON.stringify(result).length).toBeLessThan(100_000);
    const { value } = await tools.answer<{ exhibitors: object[] }>('search_dataset', {
      type: 'exhibitor',
      limit: 3,
      fields: ['city'],
    });
    expect(value.exhibitors.map(Object.keys)).toEqual([
      ['id', 'city', '_links'],
      ['id', 'city', '_links'],
      ['id', 'city', '_links'],
    ]);
  });

  it("search_dataset answers a refused query with the API's message", async () => {
    const refused = await tools.call('search_dataset', { type: 'exhibitor', limit: -1 });
    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([
      { type: 'text', text: 'limit must be a whole number from 0 (the totals alone) to 500; got "-1"' },
    ]);
  });

  it.each(UNKNOWN_ARGUMENTS)('$tool refuses $unknown, naming it, and answers the call without it', (call) =>
    expectRefused(tools, call),
  );

  it('lists every input schema with additionalProperties: false', () => expectStrictInputs(tools));

  it('get_entity answers the entity document of every kind, and an error for an unknown id', async () => {
    for (const kind of ['exhibition', 'exhibitor', 'service_provider'] as const) {
      const answer = (await api.dataset({ type: kind, limit: 1, offset: 2 })) as unknown as Record<
        string,
        { id: string; _links: { self: string } }[]
      >;
      const listed =
        answer[
          ({ exhibition: 'exhibitions', exhibitor: 'exhibitors', service_provider: 'service_providers' } as const)[kind]
        ]![0]!;
      const { value, links } = await tools.answer('get_entity', { kind, id: listed.id });
      expect(value).toEqual(JSON.parse((await api.request(`/${entityPath(kind, listed.id)}`)).body));
      expect(links.map((link) => link.uri)).toEqual([listed._links.self]);
    }
    const unknown = await tools.call('get_entity', { kind: 'exhibitor', id: 'NO SUCH ID' });
    expect(unknown).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'no exhibitor has the id "NO SUCH ID"; search_dataset gives the ids' }],
    });
  });

  it("list_facet_values answers the facet document's values", async () => {
    const { value: facet } = await tools.answer<{ values: { value: string; label: string; count: number }[] }>(
      'list_facet_values',
      {
        kind: 'exhibition',
        filter: 'country',
      },
    );
    const document = JSON.parse((await api.request(`/${facetPath('exhibition', 'country')}`)).body) as {
      values: { value: string; label: string; count: number }[];
    };
    expect(facet).toEqual({
      kind: 'exhibition',
      filter: 'country',
      values: document.values.map(({ value, label, count }) => ({ value, label, count })),
    });
    expect(facet.values.length).toBeGreaterThan(3);
  });

  it('describe_schema answers the schema document, which links the endpoint', async () => {
    const { value: schema } = await tools.answer<{ _links: { mcp: string } }>('describe_schema');
    expect(schema).toEqual(await api.schema());
    expect(schema._links.mcp).toBe('http://localhost:8080/mcp');
  });

  it('offers llms.txt as a resource', async () => {
    const { resources } = await mcp.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['http://localhost:8080/llms.txt']);
    const uri = resources[0]!.uri;
    const { contents } = await mcp.readResource({ uri });
    expect(contents).toEqual([
      { uri, mimeType: 'text/plain; charset=utf-8', text: (await api.request('/llms.txt')).body },
    ]);
  });

  it('reads the documents the tools link as resources', async () => {
    const { links } = await tools.answer('search_dataset', { type: 'exhibition', limit: 2 });
    for (const { uri } of links) {
      const { contents } = await mcp.readResource({ uri });
      expect(contents).toEqual([
        { uri, mimeType: 'application/json', text: (await api.request(new URL(uri).pathname)).body },
      ]);
    }
  });

  it("reads an exhibition's _links.exhibitors and _links.providers as resources, and an unknown one is a clear error", async () => {
    const { value: exhibition } = await tools.answer<Entity>('get_entity', { kind: 'exhibition', id: 'EXH-0009' });
    const relations = exhibition._links as Record<'exhibitors' | 'providers', string>;
    for (const uri of [relations.exhibitors, relations.providers]) {
      const { contents } = await mcp.readResource({ uri });
      expect(contents).toEqual([
        { uri, mimeType: 'application/json', text: (await api.request(new URL(uri).pathname)).body },
      ]);
    }
    const { contents } = await mcp.readResource({ uri: relations.exhibitors });
    const { exhibitors } = JSON.parse((contents[0] as { text: string }).text) as DatasetResponse;
    expect(exhibitors!.length).toBeGreaterThan(0);
    for (const exhibitor of exhibitors!) expect(exhibitor.exhibition_ids).toContain('EXH-0009');
    const unknown = 'http://localhost:8080/api/public/exhibitions/NO-SUCH-ID/exhibitors/1.json';
    await expect(mcp.readResource({ uri: unknown })).rejects.toThrow(
      `the site has no ${unknown}: no exhibition has the id "NO-SUCH-ID"`,
    );
  });

  it('reads a relation page of a 5,000-character id as missing, and answers its document with a 404, naming no path of the server', async () => {
    const id = 'x'.repeat(5000);
    const uri = `http://localhost:8080/api/public/exhibitions/${id}/exhibitors/1.json`;
    const error = await mcp.readResource({ uri }).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^MCP error -32603: the site has no http:\/\/localhost:8080\/api\/public\/exhibitions\/x+/,
    );
    expect((error as Error).message).not.toMatch(/internal error|ENAMETOOLONG|10020|\/tmp\//);
    const answer = await fetch(`${host.url}/api/public/exhibitions/${id}.json`);
    const text = await answer.text();
    expect(answer.status, text).toBe(404);
    expect(JSON.parse(text).error.code).toBe('not_found');
    expect(text).not.toMatch(/ENAMETOOLONG|10020|\/tmp\//);
  });

  it.each(['GET', 'DELETE'])('answers %s with 405 and a JSON-RPC error, as a stateless server does', async (method) => {
    const answer = await fetch(`${host.url}/mcp`, { method, headers: { Accept: 'text/event-stream' } });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST, OPTIONS');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(await answer.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: expect.stringContaining('stateless') },
      id: null,
    });
  });

  it('answers a body over the limit with 413 in JSON', async () => {
    const answer = await fetch(`${host.url}/mcp`, {
      method: 'POST',
      headers: RPC_HEADERS,
      body: `{"jsonrpc":"2.0","method":"x","params":{"pad":"${'x'.repeat(MAX_MCP_BODY_BYTES)}"}}`,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
  });

  it.each([
    ['text that is not JSON', '{"jsonrpc":'],
    ['JSON that is not JSON-RPC', '{"hello":"world"}'],
  ])('answers %s with a JSON-RPC parse error', async (_, body) => {
    const answer = await fetch(`${host.url}/mcp`, { method: 'POST', headers: RPC_HEADERS, body });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
  });

  it("answers a browser's preflight so a browser-based agent may call it", async () => {
    const answer = await fetch(`${host.url}/mcp`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://agent.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-protocol-version',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe('content-type, mcp-protocol-version');
  });

  it('leaves every other path to the router', async () => {
    const answer = await fetch(`${host.url}/api/public/mcp`, { method: 'POST', headers: RPC_HEADERS, body: '{}' });
    expect(answer.status).toBe(405);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
    expect(protocolErrors).toEqual([]);
  });
});
