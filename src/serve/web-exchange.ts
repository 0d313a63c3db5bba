/**
 * A Node request as a web `Request`, and a web `Response` written to Node's response: the
 * MCP endpoint (src/mcp/http.ts) speaks web `Request`/`Response`, as it does in the Worker.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** `request` as a web `Request` for `origin`; its body, if any, is streamed, not read beforehand. */
export function webRequestOf(request: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const method = request.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : (Readable.toWeb(request) as ReadableStream<Uint8Array>);
  return new Request(new URL(request.url ?? '/', origin), { method, headers, body, duplex: 'half' } as RequestInit);
}

/**
 * Writes `answer` (status, headers, body) to the response of `request` and ends it. When the
 * request's body was not read to its end (a 413), the connection is closed after the answer:
 * the rest of the body would otherwise be read as the next request.
 */
export async function sendWebResponse(answer: Response, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = answer.body === null ? Buffer.alloc(0) : Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string | number> = Object.fromEntries(answer.headers);
  if (answer.status !== 204 && answer.status !== 304) headers['Content-Length'] = body.length;
  if (!request.complete) headers.Connection = 'close';
  response.writeHead(answer.status, headers);
  response.end(body);
}
