/**
 * MCP at the site's own address (docs/api.md#mcp): `POST {base}/mcp` speaks MCP's
 * Streamable HTTP, stateless (no session; a server and a transport per request, the SDK's
 * transport on web `Request`/`Response`), with the tools of the stdio command answered by
 * the host's own router over its document store. `GET` and `DELETE` are a 405, as the spec
 * has a server without a stream or sessions answer; a body over {@link MAX_MCP_BODY_BYTES}
 * is a 413 and malformed JSON-RPC a JSON-RPC error (both from the transport); CORS lets a
 * browser-based agent call it. What it holds at once is bounded (http-bounds.ts): a request
 * waits its turn or is answered 503 `busy`, a batch whose answers come to too much is
 * refused whole, and an error echoes little of what was sent (answers.ts). A request let in
 * is answered by http-answer.ts, in this thread or, on the preview server, in a worker thread
 * (`answer`). Nothing here needs Node: the preview server and the Worker over R2 both run it.
 */
import { readRequestBody, requestBodyTooLargeMessage } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { routerClient } from '../client/index.js';
import { MCP_ROUTE } from '../query/formats/index.js';
import type { Router } from '../query/router/index.js';
import { MAX_MCP_BODY_BYTES, mcpAnswerer, type McpAnswerer } from './http-answer.js';
import { createMcpBounds, releasedWhenRead, type Busy, type Place } from './http-bounds.js';

export { MAX_MCP_BODY_BYTES };

/** Methods the endpoint answers (GET and DELETE with 405, which a browser must be let to read). */
const PREFLIGHT_METHODS = 'POST, GET, DELETE, OPTIONS';

/** Headers of every answer of the endpoint. */
const MCP_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id, Mcp-Protocol-Version',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

/** Options of {@link createMcpEndpoint}. */
export interface McpEndpointOptions {
  /** The host's router, over the site's document store: the tools are answered by it. */
  route: Router;
  /** The version of dataset-site the server names. */
  version: string;
  /**
   * Answers a request once it has its turn: the preview server passes its worker threads
   * (src/serve/mcp-workers.ts), so its own thread only takes, counts and refuses requests and
   * sends answers. @default answered in this thread, by `mcpAnswerer(route, version)`
   */
  answer?: McpAnswerer;
}

/**
 * Answers a request for `{base}/mcp` (or `/mcp`, as the router answers paths with or
 * without the base URL's path); `undefined` for any other path, which the host routes as usual.
 *
 * ### Usage:
 * ```ts
 * const mcp = createMcpEndpoint({ route, version });
 * const answer = (await mcp(request)) ?? (await routeAsUsual(request));
 * ```
 */
export function createMcpEndpoint(options: McpEndpointOptions): (request: Request) => Promise<Response | undefined> {
  const client = routerClient(options.route);
  const answerer = options.answer ?? mcpAnswerer(options.route, options.version);
  const bounds = createMcpBounds();
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (!pathname.endsWith(`/${MCP_ROUTE}`)) return undefined;
    // A call is counted in as it arrives, before anything of it is read: a burst past the line is refused at once.
    const place = request.method === 'POST' ? bounds.enter() : undefined;
    if (place !== undefined && 'busy' in place) return busy(place);
    const turns = { taken: false };
    try {
      return await answer(request, pathname, place, turns);
    } finally {
      if (!turns.taken) place?.leave();
    }
  };

  // Answers a request for a path ending in /mcp, holding `place` (a POST's) in line until its turn (then `turns.taken`).
  async function answer(
    request: Request,
    pathname: string,
    place: Place | undefined,
    turns: { taken: boolean },
  ): Promise<Response | undefined> {
    let baseUrl: string;
    try {
      baseUrl = String(((await client.schema())._meta as { base_url: string }).base_url);
    } catch (error) {
      return rpcError(
        500,
        -32603,
        `the site cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
    if (pathname !== `/${MCP_ROUTE}` && pathname !== `${basePath}/${MCP_ROUTE}`) return undefined;

    if (request.method === 'OPTIONS') return preflight(request);
    if (place === undefined) {
      const why =
        request.method === 'GET' || request.method === 'DELETE'
          ? 'this stateless MCP server offers no event stream and no session'
          : 'the MCP endpoint takes POST';
      return rpcError(405, -32000, `Method not allowed: ${why}; send JSON-RPC messages with POST`, {
        Allow: 'POST, OPTIONS',
      });
    }
    // The body is read before the request waits for its turn: a client sending it slowly holds a place, not a turn.
    const sent = await readRequestBody(request, MAX_MCP_BODY_BYTES).catch(() => undefined);
    if (sent === undefined) return rpcError(400, -32700, 'Parse error: the request body could not be read to its end');
    if (sent.tooLarge) return rpcError(413, -32000, requestBodyTooLargeMessage(MAX_MCP_BODY_BYTES));
    const admitted = await place.turn();
    if ('busy' in admitted) return busy(admitted);
    turns.taken = true;
    // The request's turn ends when its answer has been read out (sent), not when it is made.
    let answered = admitted;
    try {
      const response = await answerer(
        { url: request.url, headers: [...request.headers], body: sent.text, baseUrl },
        bounds.slot,
      );
      const body = response.body === null ? null : releasedWhenRead(response.body, admitted);
      if (body !== null) answered = () => {};
      return withHeaders(response, MCP_HEADERS, body);
    } finally {
      answered();
    }
  }
}

// The answer of a request not let in: 503, saying when to come back.
function busy(refused: Busy): Response {
  return rpcError(503, -32000, refused.busy, { 'Retry-After': '2' });
}

function preflight(request: Request): Response {
  const asked = request.headers.get('access-control-request-headers');
  return new Response(null, {
    status: 204,
    headers: {
      ...MCP_HEADERS,
      'Access-Control-Allow-Methods': PREFLIGHT_METHODS,
      ...(asked === null ? {} : { 'Access-Control-Allow-Headers': asked }),
      'Access-Control-Max-Age': '86400',
      Vary: 'Access-Control-Request-Headers',
    },
  });
}

/** A JSON-RPC error with no id and the endpoint's headers, as the transport answers a request it refuses. */
export function rpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  return new Response(body, { status, headers: { ...MCP_HEADERS, 'Content-Type': 'application/json', ...headers } });
}

function withHeaders(
  response: Response,
  headers: Readonly<Record<string, string>>,
  body: ReadableStream<Uint8Array> | null,
): Response {
  const merged = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: merged });
}
