/**
 * A misbehaving store for tests: an HTTP proxy on 127.0.0.1 in front of the local S3 server
 * (test/helpers/s3.ts) that does to a share of the requests what a failing store or network
 * does: hangs, answers 503 `SlowDown`, answers slowly, answers bytes that are not HTTP, or
 * resets the connection halfway through the body. The other requests pass untouched.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the proxy does to the requests it picks. */
export type Fault =
  /** Takes the request and never answers a byte. */
  | 'hang'
  /** Answers 503 with S3's `SlowDown` error. */
  | '503'
  /** Passes the answer on slowly: the headers after `delayMs`, then each 4 kB (or less), and the end, `delayMs` after the one before. */
  | 'slow'
  /** Answers bytes that are not HTTP, then closes. */
  | 'garbage'
  /** Reads half of the request's body (or passes on half of the answer's), then resets the connection. */
  | 'reset';

/** Which requests the proxy spoils. */
export interface FaultPlan {
  fault: Fault;
  /** Requests let through untouched first. @default 0 */
  after?: number;
  /**
   * Share of the later requests spoiled, spread evenly (1/3 spoils every third). Below 1, a
   * store failing a share of its requests, one request (method and path) is spoiled at most
   * {@link MOST_IN_A_ROW} times in a row: requests retried in lockstep (timers firing together
   * on a loaded machine) would otherwise meet the same turn of the pattern every time.
   * @default 1
   */
  share?: number;
  /** For `slow`: milliseconds before each piece of the answer. @default 200 */
  delayMs?: number;
}

/** Times in a row one request (method and path) is spoiled when only a share of requests is. */
export const MOST_IN_A_ROW = 3;

/** A running proxy. */
export interface FaultyProxy {
  /** Its URL, to publish to (path-style). */
  endpoint: string;
  /** Requests spoiled so far. */
  readonly spoiled: number;
  /** Requests received so far. */
  readonly received: number;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (an `http://127.0.0.1:port` URL) that spoils requests as `plan` says. */
export async function startFaultyProxy(target: string, plan: FaultPlan): Promise<FaultyProxy> {
  const upstream = new URL(target);
  const { fault, after = 0, share = 1, delayMs = 200 } = plan;
  const sockets = new Set<Socket>();
  let received = 0;
  let spoiled = 0;
  const inARow = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const server = http.createServer((request, response) => {
    const index = ++received - after;
    // Spread evenly: request n is spoiled when floor(n × share) steps up.
    const turn = index > 0 && Math.floor(index * share) > Math.floor((index - 1) * share);
    const key = `${request.method} ${request.url}`;
    const row = inARow.get(key) ?? 0;
    const spoil = turn && (share >= 1 || row < MOST_IN_A_ROW);
    inARow.set(key, spoil ? row + 1 : 0);
    if (spoil) spoiled++;
    if (spoil && fault === 'hang') return;
    if (spoil && fault === '503') {
      request.resume();
      response.writeHead(503, { 'content-type': 'application/xml' });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
      );
      return;
    }
    if (spoil && fault === 'garbage') {
      request.resume();
      request.socket.end('\u0000\u00ff garbage, not HTTP \r\n\r\n\u0000');
      return;
    }
    if (spoil && fault === 'reset' && Number(request.headers['content-length'] ?? 0) > 1) {
      let seen = 0;
      const half = Number(request.headers['content-length']) / 2;
      request.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen >= half) request.socket.resetAndDestroy();
      });
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        if (spoil && fault === 'reset') {
          // No body to cut on the way in: cut the answer's body on the way out.
          const length = Number(answer.headers['content-length'] ?? 0);
          response.writeHead(answer.statusCode!, answer.headers);
          answer.once('data', (chunk: Buffer) => {
            response.write(chunk.subarray(0, Math.max(1, Math.floor(Math.min(chunk.length, length) / 2))));
            later(20, () => request.socket.resetAndDestroy());
          });
          answer.once('end', () => request.socket.resetAndDestroy());
          return;
        }
        if (spoil && fault === 'slow') {
          const pieces: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => pieces.push(chunk));
          answer.on('end', () => {
            const body = Buffer.concat(pieces);
            later(delayMs, () => {
              response.writeHead(answer.statusCode!, answer.headers);
              const send = (offset: number): void =>
                later(delayMs, () => {
                  if (offset >= body.length) return void response.end();
                  response.write(body.subarray(offset, offset + 4096));
                  send(offset + 4096);
                });
              send(0);
            });
          });
          return;
        }
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get spoiled() {
      return spoiled;
    },
    get received() {
      return received;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
