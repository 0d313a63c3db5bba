/**
 * The part of http-server 14's API the preview server uses (the package ships no types).
 * `before` middleware receive union's request and response streams; answering without
 * emitting `next` ends the chain.
 */
declare module 'http-server' {
  import type { Server } from 'node:http';

  /** union's request stream: the request line and headers of the raw request. */
  export interface UnionRequest {
    method?: string;
    url?: string;
    /** The raw request's headers, lower-case names. */
    headers: import('node:http').IncomingHttpHeaders;
  }

  /** union's response stream, writing to the raw response. */
  export interface UnionResponse {
    writeHead(status: number, headers: Record<string, string | number>): void;
    removeHeader(name: string): void;
    end(body?: string | Buffer): void;
  }

  export interface HttpServerOptions {
    root?: string;
    /** Middleware run before the static file handler. */
    before?: ((request: UnionRequest, response: UnionResponse) => void)[];
    /** Only the string `'false'` turns these off. */
    showDir?: 'false';
    autoIndex?: 'false';
  }

  export interface HttpServer {
    /** The underlying Node server. */
    server: Server;
  }

  export function createServer(options?: HttpServerOptions): HttpServer;
}
