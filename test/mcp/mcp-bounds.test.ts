/**
 * `dataset-site mcp` bounds what it takes and what it answers (issue 24, item 5): the SDK's
 * own Client runs the command over stdio against the sample site, its exhibitors' intros made
 * long, served over HTTP on 127.0.0.1 by a server that also serves an endless document, slow
 * ones and one that is not JSON. Each is a tool error naming the URL and the
 * limit, and the server goes on answering.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES, MAX_ECHO_CHARS } from '../../src/mcp/answers.js';
import { MAX_DOCUMENT_BYTES } from '../../src/mcp/stdio/index.js';
import { entityPath } from '../../src/query/formats/index.js';
import { CLI } from '../helpers/cli.js';
import { buildTempSite, copyFolder } from '../helpers/site.js';

/** Seconds a tool call may wait for the site, given to the server with --timeout. */
const TIMEOUT = 3;
const HUGE = entityPath('exhibitor', 'HUGE');
const SLOW_BODY = entityPath('exhibitor', 'SLOW-BODY');
const SLOW_HEAD = entityPath('exhibitor', 'SLOW-HEAD');
const HTML = entityPath('exhibitor', 'HTML');
const BIG = entityPath('exhibitor', 'BIG');

let site: http.Server;
let url: string;
let mcp: Client;
let transport: StdioClientTransport;
const protocolErrors: Error[] = [];
/** Bytes the server wrote of the endless document, and whether its reader hung up. */
const huge = { sent: 0, closed: undefined as Promise<void> | undefined };

beforeAll(async () => {
  // The sample with every exhibitor's intro 60,000 characters long, built: its answers are long, and its own.
  const sources = path.join(await mkdtemp(path.join(tmpdir(), 'ds-mcp-bounds-')), 'sources');
  await copyFolder('sources', sources);
  for (const file of await readdir(path.join(sources, 'exhibitors'))) {
    const lines = (await readFile(path.join(sources, 'exhibitors', file), 'utf8')).split('\n').filter(Boolean);
    const long = lines.map((line) => JSON.stringify({ ...JSON.parse(line), intro: 'x'.repeat(60_000) }));
    await writeFile(path.join(sources, 'exhibitors', file), `${long.join('\n')}\n`);
  }
  const { out } = await buildTempSite({ sources });
  site = http.createServer((request, response) => {
    const file = decodeURIComponent(new URL(request.url!, 'http://site').pathname).slice(1);
    const json = (body: string) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    if (file === HUGE) return void endless(response);
    if (file === SLOW_HEAD) return; // never answers
    if (file === SLOW_BODY) {
      response.writeHead(200, { 'Content-Type': 'application/json' }).write('{"id": "SLOW-BODY", "intro": "');
      const drip = setInterval(() => response.write('x'), 100);
      response.on('close', () => clearInterval(drip));
      return;
    }
    if (file === HTML)
      return void response
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<!doctype html><html><body>Not here</body></html>');
    if (file === BIG) return json(JSON.stringify({ id: 'BIG', intro: 'x'.repeat(6 * 2 ** 20) }));
    readFile(path.join(out, path.normalize(file))).then(
      (bytes) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(bytes),
      () => response.writeHead(404, { 'Content-Type': 'application/json' }).end('{}'),
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--base-url', url, '--timeout', String(TIMEOUT)],
    stderr: 'ignore',
  });
  mcp = new Client({ name: 'dataset-site-test', version: '1.0.0' });
  mcp.onerror = (error) => protocolErrors.push(error);
  await mcp.connect(transport);
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

// A JSON document that never ends, written as fast as its reader takes it.
function endless(response: http.ServerResponse): void {
  huge.closed = new Promise((resolve) => response.on('close', resolve));
  response.writeHead(200, { 'Content-Type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const write = (): void => {
    while (!response.destroyed) {
      huge.sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', write);
    }
  };
  response.write('{"id": "HUGE", "intro": "');
  write();
}

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await mcp.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a tool error. */
async function refusal(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await call(name, args);
  const [content] = result.content;
  if (content?.type !== 'text') throw new Error(`expected a text, got ${JSON.stringify(result.content)}`);
  expect(result.isError, content.text.slice(0, 200)).toBe(true);
  return content.text;
}

function peakMemoryBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

describe('dataset-site mcp reading a hostile site', () => {
  it('stops reading a document at MAX_DOCUMENT_BYTES, and says so naming the URL and the limit', async () => {
    expect(await refusal('get_entity', { kind: 'exhibitor', id: 'HUGE' })).toBe(
      `internal error: GET ${url}/${HUGE} failed: the document is larger than ${MAX_DOCUMENT_BYTES} bytes (16 MiB), the most the MCP server reads of one document; stopped reading`,
    );
    // The document never ends: the server hung up on it, having taken about the limit.
    await huge.closed;
    expect(huge.sent).toBeLessThan(MAX_DOCUMENT_BYTES + 16 * 2 ** 20);
    if (process.platform === 'linux') expect(peakMemoryBytes(transport.pid!)).toBeLessThan(400 * 2 ** 20);
  });

  it.each([
    ['a body that trickles', SLOW_BODY, 'SLOW-BODY'],
    ['an answer that never starts', SLOW_HEAD, 'SLOW-HEAD'],
  ])(
    'ends a call waiting on %s at the deadline, naming the URL and the limit',
    async (_, file, id) => {
      expect(await refusal('get_entity', { kind: 'exhibitor', id })).toBe(
        `internal error: GET ${url}/${file} failed: no complete answer within ${TIMEOUT} s, the most a tool call waits for the site (--timeout)`,
      );
    },
    60_000,
  );

  it('refuses a document that is not JSON, naming the URL', async () => {
    expect(await refusal('get_entity', { kind: 'exhibitor', id: 'HTML' })).toMatch(
      new RegExp(
        `^internal error: GET ${url}/${HTML} failed: answered a web page where the site has a JSON document: a captive portal, a login page or a host that answers every path with one page; check the network and that baseUrl is the root of a built dataset site$`,
      ),
    );
  });

  it('answers nothing larger than MAX_ANSWER_BYTES, well under the 10 MiB an MCP client takes, and says what would fit', async () => {
    expect(await refusal('get_entity', { kind: 'exhibitor', id: 'BIG' })).toMatch(
      new RegExp(
        `^the answer is \\d+ bytes, more than the ${MAX_ANSWER_BYTES} \\(4 MiB\\) an answer of this MCP server may be, as MCP clients refuse a message over 10 MiB; read the entity from ${url}/${BIG} itself$`,
      ),
    );
    const refused = await refusal('search_dataset', { type: 'exhibitor', limit: 100 });
    const [, fits] = /; ask for fewer entities: limit (\d+) would fit$/.exec(refused) ?? [];
    expect(refused).toMatch(/^the answer is \d+ bytes, more than the 4194304 \(4 MiB\)/);
    const answer = await call('search_dataset', { type: 'exhibitor', limit: Number(fits) });
    expect(answer.isError).toBeFalsy();
    expect(
      (JSON.parse((answer.content[0] as { text: string }).text) as { exhibitors: unknown[] }).exhibitors,
    ).toHaveLength(Number(fits));
  });

  it("refuses a lone surrogate in an argument with the API's invalid_parameter message", async () => {
    expect(await refusal('search_dataset', { type: 'exhibitor', q: 'ab\uD800' })).toBe(
      'q must be well-formed Unicode text; it holds a lone surrogate, U+D800, at character 3',
    );
    expect(await refusal('search_dataset', { city: '\uDC00x' })).toBe(
      'city must be well-formed Unicode text; it holds a lone surrogate, U+DC00, at character 1',
    );
    expect(await refusal('get_entity', { kind: 'exhibitor', id: 'X\uD83D' })).toBe(
      'id must be well-formed Unicode text; it holds a lone surrogate, U+D83D, at character 2',
    );
    // A whole pair is text like any other.
    expect((await call('search_dataset', { type: 'exhibitor', q: '\uD83D\uDE00', limit: 1 })).isError).toBeFalsy();
  });

  it('echoes at most MAX_ECHO_CHARS of a value it refuses', async () => {
    expect(await refusal('search_dataset', { type: 'y'.repeat(900_000) })).toMatch(
      new RegExp(`^type must be one of .*; got "y{${MAX_ECHO_CHARS}}…" \\(900000 characters\\)$`),
    );
    expect(await refusal('get_entity', { kind: 'exhibitor', id: 'x'.repeat(900_000) })).toBe(
      `no exhibitor has the id "${'x'.repeat(MAX_ECHO_CHARS)}…" (900000 characters); search_dataset gives the ids`,
    );
  });

  it('goes on answering after all of them, with nothing but the protocol on stdout', async () => {
    const schema = await call('describe_schema', {});
    expect(schema.isError).toBeFalsy();
    expect(protocolErrors).toEqual([]);
  });
});
