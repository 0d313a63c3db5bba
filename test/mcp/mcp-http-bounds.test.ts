/**
 * `POST /mcp` holds a bounded amount at once (issue 39, item 2). The endpoint over a store
 * whose `HOLD` documents answer only when let go shows the turns: calls run
 * MCP_CALLS_AT_ONCE at a time, MCP_REQUESTS_AT_ONCE requests are answered while
 * MCP_WAITING_REQUESTS wait, one more is `busy`. Over HTTP, the preview server and the Worker
 * over R2 refuse a batch whose answers come to more than MAX_BATCH_ANSWER_BYTES and echo
 * little of a long value; the preview server, as a process, stays under 400 MB while 50
 * clients each send a batch of 20 large searches.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ECHO_CHARS, MAX_ERROR_CHARS } from '../../src/mcp/answers.js';
import {
  MAX_BATCH_ANSWER_BYTES,
  MCP_CALLS_AT_ONCE,
  MCP_REQUESTS_AT_ONCE,
  MCP_WAITING_REQUESTS,
} from '../../src/mcp/http-bounds.js';
import { createMcpEndpoint } from '../../src/mcp/http.js';
import { entityPath } from '../../src/query/formats/index.js';
import { createRouter } from '../../src/query/router/index.js';
import { fileStore, serve } from '../../src/serve/index.js';
import { r2WorkerTarget } from '../hosts/hosts.js';
import { CLI } from '../helpers/cli.js';
import { sampleSite } from '../helpers/site.js';

const RPC_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const HOLD = entityPath('exhibitor', 'HOLD');

interface RpcAnswer {
  id: number | null;
  result?: { isError?: boolean; content: { text: string }[] };
  error?: { code: number; message: string };
}

const call = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
const searches = (count: number, limit: number) =>
  Array.from({ length: count }, (_, i) => call(i + 1, 'search_dataset', { type: 'all', limit }));

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: RPC_HEADERS, body: JSON.stringify(body) });
}

describe('POST /mcp takes its turns', () => {
  const held = { now: 0, most: 0, reads: 0 };
  let letGo: () => void = () => {};
  let gate = new Promise<void>((resolve) => (letGo = resolve));
  const files = fileStore(sampleSite());
  const mcp = createMcpEndpoint({
    version: 'test',
    route: createRouter({
      store: {
        ...files,
        async read(path) {
          if (path !== HOLD) return files.read(path);
          held.reads++;
          held.most = Math.max(held.most, ++held.now);
          await gate;
          held.now--;
          return '{"id":"HOLD"}';
        },
      },
    }),
  });
  const send = (body: unknown) =>
    mcp(new Request('http://site.test/mcp', { method: 'POST', headers: RPC_HEADERS, body: JSON.stringify(body) }));
  const holding = (reads: number) => expect.poll(() => held.reads, { timeout: 10_000 }).toBe(reads);
  // Lets the held reads go, again and again, until `reads` reads have been made and none is held.
  const letAllGo = async (reads: number) => {
    while (held.reads < reads || held.now > 0) {
      letGo();
      gate = new Promise<void>((resolve) => (letGo = resolve));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it('runs at most MCP_CALLS_AT_ONCE calls at once, the others of a batch waiting', async () => {
    const batch = Array.from({ length: 20 }, (_, i) => call(i + 1, 'get_entity', { kind: 'exhibitor', id: 'HOLD' }));
    const answer = send(batch);
    await holding(MCP_CALLS_AT_ONCE);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(held.now).toBe(MCP_CALLS_AT_ONCE);
    await letAllGo(20);
    const answers = (await (await answer)!.json()) as RpcAnswer[];
    expect(answers.map((one) => one.result?.isError ?? false)).toEqual(Array(20).fill(false));
    expect(held.most).toBe(MCP_CALLS_AT_ONCE);
  });

  it('answers MCP_REQUESTS_AT_ONCE requests at once, lets MCP_WAITING_REQUESTS wait their turn, and one more is busy at once', async () => {
    held.reads = 0;
    const single = (id: number) => send(call(id, 'get_entity', { kind: 'exhibitor', id: 'HOLD' }));
    const waiting = Array.from({ length: MCP_REQUESTS_AT_ONCE + MCP_WAITING_REQUESTS }, (_, i) => single(i + 1));
    await holding(MCP_REQUESTS_AT_ONCE);
    await new Promise((resolve) => setTimeout(resolve, 100)); // every other request is waiting by now
    const busy = (await single(999))!;
    expect(busy.status).toBe(503);
    expect(busy.headers.get('Retry-After')).toBe('2');
    expect(await busy.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: `busy: ${MCP_REQUESTS_AT_ONCE} requests are answered at once (MCP_REQUESTS_AT_ONCE) and ${MCP_WAITING_REQUESTS} more wait (MCP_WAITING_REQUESTS); try again in a few seconds`,
      },
    });
    // A request's turn ends once its answer is read: read each.
    const statuses = Promise.all(
      waiting.map(async (answer) => [
        (await answer)!.status,
        ((await (await answer)!.json()) as RpcAnswer).result?.isError ?? false,
      ]),
    );
    await letAllGo(waiting.length);
    expect(await statuses).toEqual(waiting.map(() => [200, false]));
  });
});

const HOSTS: [name: string, start: () => Promise<{ url: string; close(): Promise<void> }>][] = [
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
  let host: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    host = await start();
  }, 180_000);
  afterAll(() => host?.close());

  it('refuses a batch whose answers come to more than MAX_BATCH_ANSWER_BYTES, a JSON-RPC error for each call naming the limit', async () => {
    const answer = await post(`${host.url}/mcp`, searches(20, 500));
    expect(answer.status).toBe(200);
    const answers = (await answer.json()) as RpcAnswer[];
    expect(answers.map(({ id }) => id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const { error } of answers)
      expect(error).toEqual({
        code: -32000,
        message: `the answers of this batch of 20 requests come to more than ${MAX_BATCH_ANSWER_BYTES} bytes (8 MiB), the most the answers of one POST /mcp may come to (MAX_BATCH_ANSWER_BYTES); send fewer calls in one POST, or ask each for less (a smaller limit)`,
      });
  }, 60_000);

  it('answers a batch within the bound whole', async () => {
    const answers = (await (await post(`${host.url}/mcp`, searches(5, 500))).json()) as RpcAnswer[];
    expect(answers.map(({ id, result }) => [id, result?.isError ?? false])).toEqual(
      [1, 2, 3, 4, 5].map((id) => [id, false]),
    );
  }, 60_000);

  it('echoes at most MAX_ECHO_CHARS of a refused value', async () => {
    const id = 'x'.repeat(900_000);
    const answer = (await (
      await post(`${host.url}/mcp`, call(1, 'get_entity', { kind: 'exhibitor', id }))
    ).json()) as RpcAnswer;
    expect(answer.result?.isError).toBe(true);
    const text = answer.result!.content[0]!.text;
    expect(text).toBe(
      `no exhibitor has the id "${'x'.repeat(MAX_ECHO_CHARS)}…" (900000 characters); search_dataset gives the ids`,
    );
    const type = (await (
      await post(`${host.url}/mcp`, call(2, 'search_dataset', { type: 'y'.repeat(900_000) }))
    ).json()) as RpcAnswer;
    expect(type.result!.content[0]!.text).toMatch(/^type must be one of .*; got "y{200}…" \(900000 characters\)$/);
    const tool = (await (
      await post(`${host.url}/mcp`, {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'z'.repeat(900_000) },
      })
    ).json()) as RpcAnswer;
    const message = tool.error?.message ?? tool.result!.content[0]!.text;
    expect(message.length).toBeLessThan(MAX_ERROR_CHARS + 100);
    expect(message).toMatch(/characters cut/);
  }, 60_000);
});

describe('dataset-site serve under 50 clients each sending a batch of 20 large searches', () => {
  let child: ChildProcess;
  let url: string;
  beforeAll(async () => {
    child = spawn(process.execPath, [CLI, 'serve', '--dir', sampleSite(), '--port', '0'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    url = await new Promise<string>((resolve) =>
      child.stdout!.on(
        'data',
        (chunk) =>
          /at (http:\/\/[^/\s]+)/.exec(String(chunk)) && resolve(/at (http:\/\/[^/\s]+)/.exec(String(chunk))![1]!),
      ),
    );
  });
  afterAll(() => void child?.kill());

  it.runIf(process.platform === 'linux')(
    'stays under 400 MB, each batch refused with the limit',
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const answer = await post(`${url}/mcp`, searches(20, 500));
          return { status: answer.status, body: (await answer.json()) as RpcAnswer[] | RpcAnswer };
        }),
      );
      // Each batch is refused with the limit; one that waited past MCP_WAIT_SECONDS for its turn is busy.
      const refused = answers.filter(
        ({ status, body }) =>
          status === 200 &&
          Array.isArray(body) &&
          body.length === 20 &&
          body.every(({ error }) => error?.message.includes('MAX_BATCH_ANSWER_BYTES')),
      );
      const busy = answers.filter(
        ({ status, body }) => status === 503 && !Array.isArray(body) && body.error?.message.startsWith('busy: '),
      );
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.length + busy.length).toBe(50);
      const peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024;
      expect(peak).toBeLessThan(400 * 2 ** 20);
    },
    120_000,
  );
});
