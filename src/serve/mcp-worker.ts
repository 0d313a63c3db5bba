/**
 * A worker thread of the preview server's MCP endpoint (mcp-workers.ts): it answers the
 * requests its server's thread lets in, with its own router over its own file store of the
 * same site folder, through the same MCP answerer as the Worker (src/mcp/http-answer.ts). A
 * tool call waits for a call slot lent by the server's thread, so the endpoint's bound on
 * calls at once holds across threads.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { mcpAnswerer, type AdmittedRequest } from '../mcp/index.js';
import { createRouter } from '../query/router/index.js';
import { fileStore } from './file-store.js';
import { errorData, type FromMcpWorker, type McpWorkerData, type ToMcpWorker } from './mcp-thread-messages.js';

const port = parentPort!;
const say = (message: FromMcpWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const { dir, version } = workerData as McpWorkerData;
const answer = mcpAnswerer(
  createRouter({ store: fileStore(dir), onError: (error) => say({ type: 'error', error: errorData(error) }) }),
  version,
);

// Slots asked for and not yet lent, by their number.
const asked = new Map<number, () => void>();
let slots = 0;

port.on('message', (message: ToMcpWorker) => {
  if (message.type === 'slot') {
    asked.get(message.slot)?.();
    asked.delete(message.slot);
  } else void answerRequest(message.id, message.request);
});

async function answerRequest(id: number, request: AdmittedRequest): Promise<void> {
  const slot = () =>
    new Promise<() => void>((lent) => {
      const number = slots++;
      asked.set(number, () => lent(() => say({ type: 'release', slot: number })));
      say({ type: 'slot', id, slot: number });
    });
  try {
    const response = await answer(request, slot);
    const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer());
    const { status, statusText } = response;
    say({ type: 'answer', id, status, statusText, headers: [...response.headers], body }, body ? [body.buffer] : []);
  } catch (error) {
    say({ type: 'failed', id, error: errorData(error) });
  }
}
