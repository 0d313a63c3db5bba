/**
 * The answer to one `POST /mcp` request once it has its turn (http.ts): a server and a
 * stateless transport (the SDK's, on web `Request`/`Response`) for it alone, its tool calls
 * run in the call slots it is lent, its answers counted against the batch's bound
 * (http-bounds.ts) and their errors echoing little (answers.ts). Whoever runs it — the
 * endpoint's own thread (the Worker), or a worker thread of the preview server
 * (src/serve/mcp-workers.ts) — gives the same answers. Nothing here needs Node.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { routerClient } from '../client/index.js';
import type { Router } from '../query/router/index.js';
import { withClippedEchoes } from './answers.js';
import { datasetMcpServer } from './dataset-server.js';
import { batchAnswers, callInSlot, type CallSlot } from './http-bounds.js';
import { keepProtoArgument } from './proto-argument.js';

/** Largest request body the endpoint reads: 1 MiB, far above any call of its tools. */
export const MAX_MCP_BODY_BYTES = 2 ** 20;

/** A request let in, as it goes to whoever answers it: plain data, so it can cross to a worker thread. */
export interface AdmittedRequest {
  /** The request's URL. */
  url: string;
  /** Its headers, as name and value pairs. */
  headers: [string, string][];
  /** Its body, read whole (at most {@link MAX_MCP_BODY_BYTES}). */
  body: string;
  /** The base URL the site was built for, as its schema document says. */
  baseUrl: string;
}

/** Answers a request let in; its tool calls run in the call slots `slot` lends. */
export type McpAnswerer = (request: AdmittedRequest, slot: CallSlot) => Promise<Response>;

/**
 * The answerer of the site `route` answers, for the server version `version`: the answer of
 * each request is whole (a JSON body) when it is returned, or the refusal of a batch whose
 * answers come to more than the batch bound.
 */
export function mcpAnswerer(route: Router, version: string): McpAnswerer {
  const client = routerClient(route);
  return async (admitted, slot) => {
    const batch = batchAnswers();
    const server = datasetMcpServer(client, {
      baseUrl: admitted.baseUrl,
      version,
      within: (work) => callInSlot(batch, slot, work),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MAX_MCP_BODY_BYTES,
    });
    try {
      await server.connect(transport);
      countingAnswers(transport, batch);
      const response = await transport.handleRequest(
        new Request(admitted.url, { method: 'POST', headers: admitted.headers, body: admitted.body }),
      );
      const refusal = batch.refusal();
      if (refusal === undefined) return response;
      await response.body?.cancel();
      return new Response(JSON.stringify(refusal), { status: 200, headers: { 'Content-Type': 'application/json' } });
    } finally {
      await server.close();
    }
  };
}

// The transport's messages in and out pass the batch's count (a call's `__proto__` argument kept to be refused), and its errors echo little.
function countingAnswers(
  transport: WebStandardStreamableHTTPServerTransport,
  batch: ReturnType<typeof batchAnswers>,
): void {
  const deliver = transport.onmessage!;
  transport.onmessage = (message, extra) => {
    keepProtoArgument(message);
    batch.received(message);
    deliver(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message, sendOptions) => send(withClippedEchoes(batch.sending(message)), sendOptions);
}
