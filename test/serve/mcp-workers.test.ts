/**
 * The preview server's MCP worker threads (src/serve/mcp-workers.ts) as a pool: a thread that
 * stops is replaced by the next call, the calls it held are answered with a JSON-RPC internal
 * error (naming no path of the server) and the call slots lent to it are given back; a thread
 * that cannot answer a call answers that error too, the cause going to the server's log. The
 * answers themselves are held by test/mcp, over `serve`.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import type { AdmittedRequest } from '../../src/mcp/index.js';
import { mcpWorkers, type McpWorkers } from '../../src/serve/mcp-workers.js';

// A thread that asks a call slot for each request, then: stops for a body "stop", fails for
// "fail", answers its thread's id otherwise. Plain JavaScript, as a thread runs it.
const THREAD = `
import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', (message) => {
  if (message.type !== 'answer') return;
  parentPort.postMessage({ type: 'slot', id: message.id, slot: message.id });
  const { body } = message.request;
  if (body === 'stop') setTimeout(() => process.exit(3), 100);
  else if (body === 'fail') parentPort.postMessage({ type: 'failed', id: message.id, error: { message: 'cannot read /srv/x' } });
  else {
    parentPort.postMessage({ type: 'release', slot: message.id });
    const answer = new TextEncoder().encode(JSON.stringify({ threadId }));
    parentPort.postMessage({ type: 'answer', id: message.id, status: 200, statusText: 'OK', headers: [], body: answer });
  }
});
`;

const request = (body: string): AdmittedRequest => ({ url: 'http://site.test/mcp', headers: [], body, baseUrl: '' });

let workers: McpWorkers | undefined;
afterEach(() => workers?.close());

async function pool(threads: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ds-mcp-thread-'));
  await writeFile(path.join(dir, 'thread.mjs'), THREAD);
  const errors: string[] = [];
  const held = { now: 0 };
  const slot = async () => {
    held.now++;
    return () => void held.now--;
  };
  workers = mcpWorkers({
    dir,
    version: 'test',
    threads,
    entry: pathToFileURL(path.join(dir, 'thread.mjs')),
    onError: (error) => errors.push(String(error)),
  });
  return { workers, errors, held, slot };
}

it('answers the calls of a thread that stops with a JSON-RPC internal error, gives its slots back, and replaces it', async () => {
  const { workers, errors, held, slot } = await pool(1);
  const first = (await (await workers.answer(request('ok'), slot)).json()) as { threadId: number };
  const stopped = await workers.answer(request('stop'), slot);
  expect(stopped.status).toBe(500);
  expect(await stopped.json()).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32603, message: 'internal error: the thread answering it stopped; try again' },
  });
  expect(errors).toEqual(['Error: an MCP worker thread stopped (exit code 3)']);
  expect(held.now).toBe(0);
  const next = (await (await workers.answer(request('ok'), slot)).json()) as { threadId: number };
  expect(next.threadId).not.toBe(first.threadId);
});

it("answers a call its thread cannot answer with a JSON-RPC internal error, the cause only in the server's log", async () => {
  const { workers, errors, slot } = await pool(1);
  const failed = await workers.answer(request('fail'), slot);
  expect(failed.status).toBe(500);
  expect(await failed.text()).not.toContain('/srv/x');
  expect(errors).toEqual(['Error: cannot read /srv/x']);
});

it('starts threads as calls come, up to its most, and answers a closing pool with an error', async () => {
  const { workers, slot } = await pool(2);
  const ids = await Promise.all(
    ['ok', 'ok', 'ok'].map(
      async (body) => ((await (await workers.answer(request(body), slot)).json()) as { threadId: number }).threadId,
    ),
  );
  expect(new Set(ids).size).toBeLessThanOrEqual(2);
  await workers.close();
  expect((await workers.answer(request('ok'), slot)).status).toBe(500);
});
