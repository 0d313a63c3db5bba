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
  const body =
    method === 'GET' || method === 'HEAD' ? undefined : (Readable.toWeb(request) as ReadableStream<Uint8Array>);
  return new Request(new URL(request.url ?? '/', origin), { method, headers, body, duplex: 'half' } as RequestInit);
}

/**
 * Writes `answer` (status, headers, body) to the response of `request` and ends it, its body
 * as the connection takes it (a chunk is read only once the one before is sent, so an answer
 * a slow client has not taken is not held whole twice). When the request's body was not
 * read to its end (a 413), the connection is closed after the answer: the rest of the body
 * would otherwise be read as the next request.
 */
export async function sendWebResponse(
  answer: Response,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const headers: Record<string, string | number> = Object.fromEntries(answer.headers);
  if (answer.body === null && answer.status !== 204 && answer.status !== 304) headers['Content-Length'] = 0;
  if (!request.complete) headers.Connection = 'close';
  response.writeHead(answer.status, headers);
  if (answer.body !== null) {
    for await (const chunk of answer.body) {
      if (response.destroyed) break; // the client went: the loop's end cancels the body
      if (!response.write(chunk)) await drained(response);
    }
  }
  response.end();
}

function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done).off('close', done);
      resolve();
    };
    response.on('drain', done).on('close', done);
  });
}
