/**
 * `dataset-site mcp` as an agent's MCP client runs it: the SDK's own Client spawns the
 * command over stdio against the preview server of the sample site, and every tool's
 * answer is held to what the client SDK (the router) answers for the same query, its
 * structured content to the tool's output schema (test/helpers/mcp.ts).
 */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DatasetClient, type DatasetResponse, type Entity } from '../../src/client/index.js';
import { facetPath, type FacetDocument, entityPath } from '../../src/query/formats/index.js';
import { SEARCH_DEFAULT_LIMIT } from '../../src/mcp/dataset-input.js';
import { DATASET_PARAMETER_SCHEMAS } from '../../src/query/semantics/index.js';
import { serve, type PreviewServer } from '../../src/serve/index.js';
import { CLI, runCli } from '../helpers/cli.js';
import { selfLinks, toolCaller, withoutDictionary } from '../helpers/mcp.js';
import { sampleSite } from '../helpers/site.js';
import { expectRefused, expectStrictInputs, UNKNOWN_ARGUMENTS } from './unknown-arguments.js';

let server: PreviewServer;
let api: DatasetClient;
let mcp: Client;
let tools: Awaited<ReturnType<typeof toolCaller>>;
let stderr = '';
const protocolErrors: Error[] = [];

beforeAll(async () => {
  server = await serve({ dir: sampleSite(), port: 0 });
  api = createClient({ baseUrl: server.url });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--base-url', server.url],
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  mcp = new Client({ name: 'dataset-site-test', version: '1.0.0' });
  // Anything but the protocol on the server's stdout would land here.
  mcp.onerror = (error) => protocolErrors.push(error);
  await mcp.connect(transport);
  tools = await toolCaller(mcp);
});

afterAll(async () => {
  await mcp?.close();
  await server?.close();
});

function textOf(result: CallToolResult): string {
  const [content] = result.content;
  if (content?.type !== 'text') throw new Error(`expected a text content, got ${JSON.stringify(result.content)}`);
  return content.text;
}

describe('dataset-site mcp', () => {
  it('lists the four tools, read-only, each with an output schema; search_dataset described by the dataset parameters themselves', async () => {
    const { tools: listed } = await mcp.listTools();
    expect(listed.map((tool) => tool.name).sort()).toEqual([
      'describe_schema',
      'get_entity',
      'list_facet_values',
      'search_dataset',
    ]);
    const byName = Object.fromEntries(listed.map((tool) => [tool.name, tool]));
    const { fields, facets, ...parameters } = byName.search_dataset!.inputSchema.properties!;
    // fields and facets are lists; format is the query form's alone (a tool answers JSON), which the description names.
    const {
      fields: _asText,
      facets: _facetsAsText,
      format: _notTaken,
      ...datasetParameters
    } = DATASET_PARAMETER_SCHEMAS;
    expect(byName.search_dataset!.description).toContain('format=csv');
    expect(parameters).toEqual({
      ...datasetParameters,
      limit: { ...DATASET_PARAMETER_SCHEMAS.limit, default: SEARCH_DEFAULT_LIMIT, description: expect.any(String) },
    });
    expect(fields).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(facets).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(byName.search_dataset!.inputSchema.required ?? []).toEqual([]);
    expect(byName.get_entity!.inputSchema).toMatchObject({
      properties: {
        kind: { type: 'string', enum: ['exhibition', 'exhibitor', 'service_provider'] },
        id: { type: 'string' },
      },
      required: ['kind', 'id'],
    });
    expect(byName.list_facet_values!.inputSchema).toMatchObject({
      properties: {
        filter: {
          enum: ['industry', 'country', 'city', 'status', 'product', 'service', 'organizer', 'venue', 'verified'],
        },
      },
      required: ['kind', 'filter'],
    });
    for (const tool of listed) {
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, idempotentHint: true });
      expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
    }
    // The limits an agent plans with are in the descriptions.
    expect(byName.search_dataset!.description).toMatch(/limit: 10 per array when not given, at most 500/);
    expect(byName.search_dataset!.description).toMatch(/4 MiB/);
  });

  it.each([
    { type: 'exhibitor', q: 'co', limit: 5 },
    { type: 'all', city: 'shanghai', limit: 3, offset: 1 },
    { type: 'exhibition', q: '汽车' },
    { type: 'service_provider', limit: 700 },
    { type: 'exhibition', status: 'upcoming', from: '2027-01-01', to: '2027-12-31', sort: '-start_date' },
  ])(
    "search_dataset %j answers what the router answers, without the data dictionary, linking each entity's document",
    async (params) => {
      const { value, links } = await tools.answer('search_dataset', params);
      const expected = await api.dataset({ limit: SEARCH_DEFAULT_LIMIT, ...params } as Parameters<
        DatasetClient['dataset']
      >[0]);
      expect(value).toEqual(withoutDictionary(expected));
      expect(expected._meta.total).toBeGreaterThan(0);
      expect(links.map((link) => link.uri)).toEqual(selfLinks(expected, server.url));
      expect(links[0]).toMatchObject({
        type: 'resource_link',
        mimeType: 'application/json',
        name: expect.stringMatching(/^\S+ \S+$/),
      });
    },
  );

  it('search_dataset with no arguments answers 10 entities of each kind in under 100,000 characters, the whole message', async () => {
    const { result, value } = await tools.answer<DatasetResponse>('search_dataset');
    expect(value._meta).toMatchObject({ type: 'all', limit: 10, count: 30 });
    expect(value._meta).not.toHaveProperty('entities');
    expect(JSON.stringify(result).length).toBeLessThan(100_000);
  });

  it('search_dataset passes on what names a filter value no entity holds, its facet document and the closest values', async () => {
    const { value, links } = await tools.answer<DatasetResponse>('search_dataset', {
      type: 'exhibition',
      city: 'koln',
    });
    expect(value._meta.total).toBe(0);
    expect(value._meta.unmatched).toEqual([
      {
        parameter: 'city',
        value: 'koln',
        facets: { exhibitions: `${value._meta.base_url}/${facetPath('exhibition', 'city')}` },
        closest: ['Köln'],
      },
    ]);
    expect(links).toEqual([]);
  });

  it('search_dataset keeps only the fields asked for, id and _links.self, as the API does; an unknown field is an error listing the fields', async () => {
    const { value, links } = await tools.answer<DatasetResponse>('search_dataset', {
      type: 'all',
      limit: 2,
      fields: ['name_en', 'company_en'],
    });
    expect(value.exhibitions!.map(Object.keys)).toEqual([
      ['id', 'name_en', '_links'],
      ['id', 'name_en', '_links'],
    ]);
    expect(value.exhibitors!.map(Object.keys)).toEqual([
      ['id', 'company_en', '_links'],
      ['id', 'company_en', '_links'],
    ]);
    expect(links).toHaveLength(6);
    const { exhibitions } = await api.dataset({ type: 'exhibition', limit: 2, fields: ['name_en'] });
    expect(value.exhibitions).toEqual(exhibitions);

    const unknown = await tools.refusal('search_dataset', {
      type: 'exhibition',
      fields: ['name_en', 'nom', 'company_en'],
    });
    expect(unknown).toMatch(
      /^fields: "nom", "company_en" are no fields of an exhibition; the fields are id, name_cn, name_en, .*start_date.*, _links, _rag_text, _version$/,
    );
  });

  it('search_dataset counts the facets asked as a list, as the API does; facets with type=all is the API refusal', async () => {
    const { value } = await tools.answer<DatasetResponse>('search_dataset', {
      type: 'exhibitor',
      country: 'China',
      facets: ['city', 'industry'],
      facet_size: 3,
      limit: 0,
    });
    const expected = await api.dataset({
      type: 'exhibitor',
      country: 'China',
      facets: ['city', 'industry'],
      facet_size: 3,
      limit: 0,
    });
    expect(value._meta.facets).toEqual(expected._meta.facets);
    expect(Object.keys(value._meta.facets!)).toEqual(['city', 'industry']);
    expect(value._meta.facets!.city).toHaveLength(3);
    expect(await tools.refusal('search_dataset', { facets: ['city'] })).toMatch(
      /^facets counts the values of one kind/,
    );
  });

  it('search_dataset answers a refused query as an error result with the API message, and goes on', async () => {
    expect(await tools.refusal('search_dataset', { type: 'exhibitor', limit: -1 })).toBe(
      'limit must be a whole number from 0 (the totals alone) to 500; got "-1"',
    );
    expect(await tools.refusal('search_dataset', { type: 'exhibitors' })).toBe(
      'type must be one of all, exhibition, exhibitor, service_provider; got "exhibitors"',
    );
    await tools.answer('search_dataset', { type: 'exhibitor', limit: 1 });
  });

  it.each(UNKNOWN_ARGUMENTS)('$tool refuses $unknown, naming it, and answers the call without it', (call) =>
    expectRefused(tools, call),
  );

  it('lists every input schema with additionalProperties: false', () => expectStrictInputs(tools));

  it('get_entity answers the entity document, linking it, and a clear error for an unknown id', async () => {
    const { exhibitors } = await api.dataset({ type: 'exhibitor', limit: 1, offset: 7 });
    const listed = exhibitors![0]!;
    const { value, links } = await tools.answer('get_entity', { kind: 'exhibitor', id: listed.id });
    expect(value).toEqual(listed);
    expect(value).toEqual(JSON.parse((await api.request(`/${entityPath('exhibitor', String(listed.id))}`)).body));
    expect(links).toEqual([
      {
        type: 'resource_link',
        uri: `${server.url}/${entityPath('exhibitor', listed.id)}`,
        name: `exhibitor ${listed.id}`,
        mimeType: 'application/json',
      },
    ]);

    expect(await tools.refusal('get_entity', { kind: 'exhibitor', id: 'NO-SUCH-ID' })).toBe(
      'no exhibitor has the id "NO-SUCH-ID"; search_dataset gives the ids',
    );
  });

  it('list_facet_values answers the facet values, whose counts are the totals of their queries', async () => {
    const { value: facet } = await tools.answer<{
      kind: string;
      filter: string;
      values: { value: string; label: string; count: number }[];
    }>('list_facet_values', { kind: 'exhibitor', filter: 'industry' });
    const document = JSON.parse((await api.request(`/${facetPath('exhibitor', 'industry')}`)).body) as FacetDocument;
    expect(facet).toEqual({
      kind: 'exhibitor',
      filter: 'industry',
      values: document.values.map(({ value, label, count }) => ({ value, label, count })),
    });
    expect(facet.values.length).toBeGreaterThan(3);
    for (const { label, count } of facet.values) {
      expect((await api.dataset({ type: 'exhibitor', industry: label, limit: 1 }))._meta.total, label).toBe(count);
    }
  });

  it('list_facet_values answers the statuses of exhibitions, and says status is no filter of the others', async () => {
    const { value } = await tools.answer<{ values: { value: string }[] }>('list_facet_values', {
      kind: 'exhibition',
      filter: 'status',
    });
    expect(value.values.map((status) => status.value).sort()).toEqual([
      'cancelled',
      'ended',
      'ongoing',
      'postponed',
      'upcoming',
    ]);
    expect(await tools.refusal('list_facet_values', { kind: 'exhibitor', filter: 'status' })).toBe(
      'status is no filter of exhibitors; theirs are industry, country, city, product',
    );
  });

  it('describe_schema answers the schema document', async () => {
    expect((await tools.answer('describe_schema')).value).toEqual(await api.schema());
  });

  it('offers llms.txt as a resource', async () => {
    const { resources } = await mcp.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual([`${server.url}/llms.txt`]);
    const { contents } = await mcp.readResource({ uri: `${server.url}/llms.txt` });
    expect(contents).toEqual([
      {
        uri: `${server.url}/llms.txt`,
        mimeType: 'text/plain; charset=utf-8',
        text: await (await fetch(`${server.url}/llms.txt`)).text(),
      },
    ]);
  });

  it('reads the documents the tools link as resources, from a template, and says which are not there', async () => {
    const { resourceTemplates } = await mcp.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      `${server.url}/api/public/{collection}/{id}.json`,
      `${server.url}/api/public/exhibitions/{id}/{relation}/{page}.json`,
      `${server.url}/api/public/regions/{country}/{city}/providers/{page}.json`,
    ]);
    const { links } = await tools.answer('search_dataset', { type: 'all', limit: 1 });
    expect(links).toHaveLength(3);
    for (const { uri } of links) {
      const { contents } = await mcp.readResource({ uri });
      expect(contents).toEqual([{ uri, mimeType: 'application/json', text: await (await fetch(uri)).text() }]);
    }
    await expect(mcp.readResource({ uri: `${server.url}/api/public/exhibitors/NO-SUCH-ID.json` })).rejects.toThrow(
      `the site has no ${server.url}/api/public/exhibitors/NO-SUCH-ID.json; search_dataset gives the entities' links`,
    );
    await expect(mcp.readResource({ uri: `${server.url}/api/public/facets/index.json` })).rejects.toThrow(
      /no such collection/,
    );
  });

  it("reads an exhibition's _links.exhibitors and _links.providers as resources, and says which relation pages are not there", async () => {
    const { value: exhibition } = await tools.answer<Entity>('get_entity', { kind: 'exhibition', id: 'EXH-0009' });
    const { exhibitors: all } = await api.dataset({ type: 'exhibitor', limit: 500 });
    const its = all!.filter((exhibitor) => (exhibitor.exhibition_ids as string[]).includes('EXH-0009'));
    expect(its.length).toBeGreaterThan(0);
    const relations = exhibition._links as Record<'exhibitors' | 'providers', string>;
    const read = async (link: string) => {
      // The links name the site's published address; this server reads it at server.url.
      const uri = link.replace('http://localhost:8080', server.url);
      const { contents } = await mcp.readResource({ uri });
      expect(contents).toEqual([{ uri, mimeType: 'application/json', text: await (await fetch(uri)).text() }]);
      return JSON.parse((contents[0] as { text: string }).text) as DatasetResponse;
    };
    const exhibitors = await read(relations.exhibitors);
    expect(exhibitors.exhibitors!.map((exhibitor) => exhibitor.id).sort()).toEqual(its.map(({ id }) => id).sort());
    expect(exhibitors._meta.total).toBe(its.length);
    const providers = await read(relations.providers);
    expect(providers.service_providers!.length).toBeGreaterThan(0);

    const relation = `${server.url}/api/public/exhibitions`;
    await expect(mcp.readResource({ uri: `${relation}/NO-SUCH-ID/exhibitors/1.json` })).rejects.toThrow(
      `the site has no ${relation}/NO-SUCH-ID/exhibitors/1.json: no exhibition has the id "NO-SUCH-ID"; get_entity and search_dataset give an exhibition's _links.exhibitors and _links.providers`,
    );
    await expect(mcp.readResource({ uri: `${relation}/EXH-0009/exhibitors/9.json` })).rejects.toThrow(
      `the site has no ${relation}/EXH-0009/exhibitors/9.json: the exhibition's exhibitors have fewer pages; follow _meta.next from page 1`,
    );
    await expect(mcp.readResource({ uri: `${relation}/EXH-0009/exhibitors/0.json` })).rejects.toThrow(
      `no such page in ${relation}/EXH-0009/exhibitors/0.json: pages are numbered from 1`,
    );
    await expect(mcp.readResource({ uri: `${relation}/EXH-0009/providers/1.json` })).rejects.toThrow(
      `no such relation in ${relation}/EXH-0009/providers/1.json: an exhibition's pages here are its exhibitors; its providers are at its _links.providers`,
    );
    await expect(
      mcp.readResource({ uri: `${server.url}/api/public/regions/atlantis/~/providers/1.json` }),
    ).rejects.toThrow(
      `the site has no ${server.url}/api/public/regions/atlantis/~/providers/1.json: no exhibition is in that country and city, or its providers have fewer pages`,
    );
  });

  it('prints nothing but the protocol on stdout, and says where it answers from on stderr', () => {
    expect(protocolErrors).toEqual([]);
    expect(stderr).toBe(`dataset-site mcp: answering from ${server.url} on stdin/stdout\n`);
  });
});

describe('dataset-site mcp usage', () => {
  it('exits 2 with a clear message on a bad or missing --base-url, printing nothing on stdout', async () => {
    const bad = await runCli(['mcp', '--base-url', 'data.example.com']);
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toContain('error: --base-url must be an absolute http(s) URL, such as https://data.example.com');
    const missing = await runCli(['mcp']);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain("required option '--base-url <url>' not specified");
  });

  it('answers a tool call to an unreachable site with an error naming the URL and why', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const client = new Client({ name: 'dataset-site-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--base-url', url], stderr: 'ignore' }),
    );
    try {
      const result = (await client.callTool({
        name: 'search_dataset',
        arguments: { type: 'exhibitor' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        `internal error: GET ${url}/api/public/schema.json failed: connect ECONNREFUSED ${url.slice('http://'.length)}`,
      );
    } finally {
      await client.close();
    }
  });

  it('ends with status 0 when its input ends', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--base-url', 'http://127.0.0.1:9'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Once it is listening (it says so on stderr), or at once if it ended already.
    await Promise.race([new Promise((resolve) => child.stderr.once('data', resolve)), exited]);
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
  });
});
