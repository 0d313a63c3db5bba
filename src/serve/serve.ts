/**
 * serve(): the local preview server. http-server's union server runs the router as its
 * one `before` middleware over a file store, so every path — query form, schema, static
 * documents, errors — gets the router's answer and the API headers (docs/api.md#headers); http-server's
 * own static handler (directory listings off) is never reached. `{base}/mcp`, the MCP
 * endpoint (src/mcp/http.ts), is answered before union: this thread takes, counts and refuses
 * its requests, and worker threads over the same site folder answer them (mcp-workers.ts).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { createServer, type UnionRequest, type UnionResponse } from 'http-server';
import { assertWholeSite } from '../site/index.js';
import { UserError, PACKAGE_VERSION } from '../shared/index.js';
import { createMcpEndpoint } from '../mcp/index.js';
import { SCHEMA_PATH, MCP_ROUTE } from '../query/formats/index.js';
import { parseSchemaDocument } from '../query/responses/index.js';
import { COMPRESS_FROM_BYTES, contentCoding } from './content-coding.js';
import { createRouter, type Router } from '../query/router/index.js';
import { answerClientErrors } from './client-errors.js';
import { fileStore } from './file-store.js';
import { mcpWorkers } from './mcp-workers.js';
import { sendWebResponse, webRequestOf } from './web-exchange.js';

/** Options of {@link serve}. */
export interface ServeOptions {
  /** Folder of the built site. @default 'dist' */
  dir?: string;
  /** TCP port; 0 picks a free one. @default 8080 */
  port?: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** Called with every unexpected error (answered as a 500). @default prints it to stderr */
  onError?: (error: unknown) => void;
}

/** Milliseconds an idle connection is kept open: 75 s, as nginx keeps one. */
const KEEP_ALIVE_MS = 75_000;

/** A running preview server. */
export interface PreviewServer {
  /** Where it listens, without a trailing slash (`http://127.0.0.1:8080`). */
  url: string;
  /** The base URL the site was built for: every link in it starts there. */
  siteBaseUrl: string;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}

/**
 * Serves a built site locally with the full query form and the API headers.
 *
 * ### Usage:
 * ```ts
 * import { serve } from 'dataset-site';
 * const server = await serve({ dir: 'dist', port: 0 });
 * const answer = await fetch(`${server.url}/api/public/dataset?type=exhibitor&q=汽车`);
 * await server.close();
 * ```
 */
export async function serve(options: ServeOptions = {}): Promise<PreviewServer> {
  const dir = options.dir ?? 'dist';
  const port = options.port ?? 8080;
  const host = options.host ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UserError('--port must be a whole number from 0 to 65535', 2);
  const store = fileStore(dir);
  const schema = await store.read(SCHEMA_PATH);
  if (schema === undefined)
    throw new UserError(`${dir} is not a built site (no ${SCHEMA_PATH}); run dataset-site build first`, 1);
  assertWholeSite(dir, 'serve');
  const { baseUrl: siteBaseUrl } = parseSchemaDocument(schema);

  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const router = createRouter({ store, onError });
  const { server } = createServer({
    root: dir,
    before: [routerMiddleware(router)],
    showDir: 'false',
    autoIndex: 'false',
  });
  // union (under http-server) reads and sets `response._headers` and `_headerNames`, which
  // Node deprecates (DEP0066, printed on the first request); own properties of those names,
  // which Node itself no longer reads, spare the warning.
  server.prependListener('request', (_request, response) => {
    for (const name of ['_headers', '_headerNames'])
      Object.defineProperty(response, name, { value: undefined, writable: true, configurable: true });
  });
  // An idle connection is kept as long as nginx keeps one (75 s), not Node's 5 s: while heavy
  // MCP calls hold the event loop for seconds, a kept connection timed out before the request
  // a client had already sent on it was read, and the client got a reset instead of an answer.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // MCP requests are answered in worker threads, so that heavy calls leave this thread free to
  // take connections, refuse past the bounds at once and answer the query form (mcp-workers.ts).
  const workers = mcpWorkers({ dir, version: PACKAGE_VERSION, onError });
  const mcp = createMcpEndpoint({ route: router, version: PACKAGE_VERSION, answer: workers.answer });
  answerMcpFirst(server, mcp, onError);
  answerClientErrors(server, store);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new UserError(`port ${port} on ${host} is in use; choose another with --port`, 1)
          : error,
      ),
    );
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostPart}:${address.port}`,
    siteBaseUrl,
    close: async () => {
      await Promise.all([
        new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        }),
        workers.close(),
      ]);
    },
  };
}

// The MCP endpoint reads the request's body itself, which union would take first: a request
// for a path ending in /mcp goes to it, and to union's listeners only when it is not the endpoint's.
function answerMcpFirst(
  server: Server,
  mcp: ReturnType<typeof createMcpEndpoint>,
  onError: (error: unknown) => void,
): void {
  const others = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const pass = () => others.forEach((listener) => listener.call(server, request, response));
    if (!(request.url ?? '').split('?')[0]!.endsWith(`/${MCP_ROUTE}`)) return pass();
    // Only the path of the URL is read: the origin is a placeholder.
    mcp(webRequestOf(request, 'http://preview.invalid')).then(
      (answer) => (answer === undefined ? pass() : sendWebResponse(answer, request, response)),
      (error: unknown) => {
        onError(error);
        response.destroy();
      },
    );
  });
}

function routerMiddleware(router: Router) {
  return (request: UnionRequest, response: UnionResponse) => {
    const method = request.method ?? 'GET';
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
    );
    void router({ method, url: request.url ?? '/', headers }).then((answer) => {
      // http-server adds `Accept-Ranges: bytes` to every response; the router serves no ranges.
      response.removeHeader('Accept-Ranges');
      // A binary body (a gzipped dump) goes as it is.
      const { body, encoding } = answer.bytes
        ? { body: Buffer.from(answer.bytes), encoding: undefined }
        : encode(answer.body, headers['accept-encoding']);
      const sent: Record<string, string | number> = { ...answer.headers };
      if (answer.status === 200 || answer.status === 304) sent.Vary = 'Accept-Encoding';
      if (encoding !== undefined) sent['Content-Encoding'] = encoding;
      if (method !== 'HEAD' && answer.status !== 304 && answer.status !== 204) sent['Content-Length'] = body.length;
      response.writeHead(answer.status, sent);
      response.end(body);
    });
  };
}

// The body compressed as the client accepts, or as it is.
function encode(text: string, accepted: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const body = Buffer.from(text);
  const coding = body.length < COMPRESS_FROM_BYTES ? undefined : contentCoding(accepted);
  // Quality 5: most of Brotli's gain at a small share of its top level's time.
  if (coding === 'br')
    return { body: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  if (coding === 'gzip') return { body: gzipSync(body), encoding: 'gzip' };
  return { body };
}
