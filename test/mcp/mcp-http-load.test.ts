/**
 * MCP over HTTP on `dataset-site serve` sheds load as docs/api.md#mcp says: of 150 heavy
 * calls sent at once, none is lost (each is answered within the 60 s a client waits), those
 * refused are answered 503 with `Retry-After: 2`, and the query form goes on answering
 * within a second or two meanwhile.
 *
 * How many are refused is not held here: the server takes one new connection a turn of its
 * event loop (libuv since 1.45), so a burst is counted in at the pace its turns allow, which
 * the suite's other files on the same cores change from run to run (31 of 150 refused in one
 * run, none in the next). The line itself (MCP_REQUESTS_AT_ONCE answered, MCP_WAITING_REQUESTS
 * waiting, one more refused at once) is held exactly by mcp-http-bounds.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { buildTempSite, generatedSources } from '../helpers/site.js';

const CALLS = 150;
const CLIENT_WAIT_SECONDS = 60;
const HEAVY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'search_dataset', arguments: { type: 'all', limit: 500 } },
});

interface Outcome {
  status: number;
  seconds: number;
  retryAfter: string | null;
}

let child: ChildProcess;
let url: URL;
beforeAll(async () => {
  // The set: each call reads 1,500 entities, so the calls outlast their arrival.
  const sources = await generatedSources({ exhibitions: 600, exhibitors: 3000, providers: 200, seed: 61 });
  const { out } = await buildTempSite({ sources });
  child = spawn(process.execPath, [CLI, 'serve', '--dir', out, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  url = await new Promise<URL>((resolve) =>
    child.stdout!.on('data', (chunk) => {
      const address = /at (http:\/\/[^/\s]+)/.exec(String(chunk));
      if (address) resolve(new URL(address[1]!));
    }),
  );
}, 180_000);
afterAll(() => void child?.kill());

// Opens `count` connections and resolves once every one is open, so the calls can then be
// written in one go: they arrive together however busy the cores are, not one by one as the
// client manages to open connections.
function openConnections(count: number): Promise<Socket[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(url.port), url.hostname, () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
}

// Writes one heavy call on `socket` and reads its answer whole (the server closes the
// connection after it), timed from `start`; one with no answer by `deadline` ms counts as lost (status 0).
function heavyCall(socket: Socket, start: number, deadline: number): Promise<Outcome> {
  const head = [
    'POST /mcp HTTP/1.1',
    `Host: ${url.host}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `Content-Length: ${Buffer.byteLength(HEAVY)}`,
    'Connection: close',
  ];
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const lost = setTimeout(() => socket.destroy(), deadline);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.once('close', () => {
      clearTimeout(lost);
      const answer = Buffer.concat(chunks).toString('latin1');
      const headers = answer.slice(0, answer.indexOf('\r\n\r\n'));
      return resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0),
        seconds: (performance.now() - start) / 1000,
        retryAfter: /\r\nretry-after: *([^\r]*)/i.exec(headers)?.[1] ?? null,
      });
    });
    socket.write(`${head.join('\r\n')}\r\n\r\n${HEAVY}`);
  });
}

// Asks the query form over `agent`'s connection, timed from when it is asked.
function probe(agent: Agent): Promise<Outcome> {
  const asked = performance.now();
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ status, seconds: (performance.now() - asked) / 1000, retryAfter: null });
    get(new URL('/api/public/dataset?type=exhibitor&q=co&limit=20', url), { agent }, (answer) => {
      answer.resume().on('end', () => done(answer.statusCode ?? 0));
    }).on('error', () => done(0));
  });
}

it('answers 150 heavy calls at once within its bounds, and the query form meanwhile', async () => {
  // The query form is asked on a connection opened before the calls, as a client already
  // connected asks: a new one would wait behind the calls' connections to be taken.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  expect((await probe(agent)).status).toBe(200);
  const sockets = await openConnections(CALLS);
  // A client waits 60 s (http-bounds.ts): one with no answer by then is lost.
  const deadline = CLIENT_WAIT_SECONDS * 1000;
  const start = performance.now();
  const calls = Promise.all(sockets.map((socket) => heavyCall(socket, start, deadline)));
  // The query form, asked three times while the calls are under way.
  const probes: Outcome[] = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    probes.push(await probe(agent));
  }
  const outcomes = await calls;
  agent.destroy();

  const answered = outcomes.filter((outcome) => outcome.status === 200);
  const busy = outcomes.filter((outcome) => outcome.status === 503);
  const summary = JSON.stringify({ answered: answered.length, busy: busy.map((o) => o.seconds), probes });
  expect(
    answered.length + busy.length,
    JSON.stringify(outcomes.filter((o) => o.status !== 200 && o.status !== 503)),
  ).toBe(CALLS);
  // Those refused say when to come back, at once or once they waited their MCP_WAIT_SECONDS.
  expect(busy.every((outcome) => outcome.retryAfter === '2')).toBe(true);
  // The query form answers meanwhile. The first probe, asked while the calls' connections are
  // being taken, waits for them (2–24 s): Node takes one new connection a turn of its loop and
  // reads a kept connection's next request only after them (a plain Node server doing 150 ms a
  // request showed the same, 11.6 s, under a burst of 100). The next ones answer within 5 s
  // (0.00–1.2 s measured) while calls are still answered, rather than once the calls are done.
  expect(probes.map((probe) => probe.status)).toEqual([200, 200, 200]);
  expect(Math.max(...probes.slice(1).map((probe) => probe.seconds)), summary).toBeLessThan(5);
}, 150_000);
