/**
 * Requests Node's HTTP parser refuses before any handler sees them (an unknown method, a
 * request line or header block over the parser's limit, bytes that are not HTTP) are
 * answered in the API's JSON error shape with its headers (docs/api.md#errors), not with
 * Node's bare status line.
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../query/responses/index.js';
import { ALLOWED_METHODS } from '../query/formats/index.js';
import { refuseRequest, uriTooLongMessage, type DocumentStore } from '../query/router/index.js';

/**
 * An error of Node's HTTP parser: `code` is llhttp's (`HPE_INVALID_METHOD`…), `rawPacket`
 * the chunk it was reading, `bytesParsed` where in that chunk it stopped.
 */
type ParserError = Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number };

/** Answers every request the server's parser refuses with the API's JSON error. */
export function answerClientErrors(server: Server, store: DocumentStore): void {
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    const refusal = refusalOf(error);
    if (refusal === undefined || !socket.writable) {
      socket.destroy();
      return;
    }
    void refuseRequest(store, refusal.code, refusal.message).then((answer) => {
      if (!socket.writable) return;
      const headers = {
        ...answer.headers,
        'Content-Length': String(Buffer.byteLength(answer.body)),
        Connection: 'close',
      };
      const head = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n`;
      socket.end(head + answer.body);
    });
  });
}

function refusalOf(error: ParserError): { code: ErrorCode; message: string } | undefined {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return undefined; // the client is gone or too slow: nobody to answer
    case 'HPE_INVALID_METHOD':
      return {
        code: 'method_not_allowed',
        message: `the method is not allowed; this API is read-only and answers ${ALLOWED_METHODS}`,
      };
    case 'HPE_HEADER_OVERFLOW':
      // Node's limit covers the request line and the headers: a request line that never ended within it is a long URL.
      return requestLineEnded(error)
        ? { code: 'headers_too_large', message: 'the request headers are too large; send fewer or shorter headers' }
        : { code: 'uri_too_long', message: uriTooLongMessage(readPart(error).toString('latin1')) };
    default:
      return { code: 'bad_request', message: `the request is not valid HTTP (${error.code ?? error.message})` };
  }
}

/**
 * Whether the request line had ended where the parser stopped: a line end before that point
 * of the chunk, after any blank line that ended a request before it on the connection. The
 * chunk's own bytes after that point do not count: a 20 kB URL sent in one chunk holds its
 * line end there, though the limit ran out in the URL. (A header over the limit arriving in
 * pieces, the limit running out in a piece holding no line end, reads as a long URL.)
 */
function requestLineEnded(error: ParserError): boolean {
  return readPart(error).includes('\r\n');
}

// What the parser read of the chunk of the request it stopped in, after any request before it on the connection.
function readPart({ rawPacket, bytesParsed }: ParserError): Buffer {
  if (rawPacket === undefined) return Buffer.alloc(0);
  const read = rawPacket.subarray(0, bytesParsed ?? rawPacket.length);
  const blank = read.lastIndexOf('\r\n\r\n');
  return blank === -1 ? read : read.subarray(blank + 4);
}
