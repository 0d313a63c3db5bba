/**
 * A plain static host of a built site on 127.0.0.1 (node:http, files as they are, JSON as
 * `application/json`) whose answers a test may spoil: each request is first offered to
 * `fault`, which answers it itself (a wrong document, a redirect, a dropped connection, a
 * stall) or returns false to let the file be served.
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';

/** Answers a request itself and returns true, or returns false for the file to be served; `count` is the request's number from 1. */
export type HostFault = (request: http.IncomingMessage, response: http.ServerResponse, count: number) => boolean;

/** A running host. */
export interface FaultyHost {
  url: string;
  /** The paths asked for, in order. */
  readonly requests: string[];
  /** Serves files from now on with `fault` in front of them. */
  spoil(fault: HostFault): void;
  close(): Promise<void>;
}

/** Starts a static host of the site in `dir`. */
export async function startFaultyHost(dir: string, fault: HostFault = () => false): Promise<FaultyHost> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer(async (request, response) => {
    const pathname = new URL(request.url!, 'http://host').pathname;
    requests.push(pathname);
    if (fault(request, response, requests.length)) return;
    try {
      const bytes = await readFile(path.join(dir, decodeURIComponent(pathname)));
      response.writeHead(200, { 'content-type': pathname.endsWith('.json') ? 'application/json' : 'text/plain' });
      response.end(bytes);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    spoil(next) {
      fault = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
