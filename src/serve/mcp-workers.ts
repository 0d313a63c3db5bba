/**
 * The worker threads that answer the preview server's MCP requests. A heavy call
 * (`search_dataset type=all limit=500`) is 130–165 ms of work that never awaits: building a
 * 3.4 MB answer, JSON, counting its bytes, hashing its ETag. On the server's own thread, each
 * such call held the event loop, and Node takes one new connection a turn of it: a burst of
 * 150 was taken at about 6 a second, some calls waited past the 20 s the docs promise and the
 * query form waited behind them. Here the server's thread only takes, counts and refuses
 * requests (src/mcp/http.ts) and sends the answers the threads hand over.
 *
 * The threads start as MCP calls come (most uses of `serve` make none: no thread, no memory
 * for it), up to {@link MCP_WORKER_THREADS}; a call goes to an idle one, or to the one with
 * fewest calls. A thread that stops is replaced by the next call, its calls answered with a
 * JSON-RPC error and its call slots given back.
 */
import { Worker } from 'node:worker_threads';
import { rpcError, type CallSlot, type McpAnswerer } from '../mcp/index.js';
import { errorOf, type FromMcpWorker, type McpWorkerData, type ToMcpWorker } from './mcp-thread-messages.js';

/**
 * Worker threads answering MCP requests at most: 1. Each thread is a heap of its own, holding
 * the answers it builds: under 50 clients each sending a batch of 20 heavy calls, the server
 * peaked at 365 MB with one thread and 382–429 MB with two, over the 400 MB it is held to
 * (test/mcp/mcp-http-bounds.test.ts). On 2 busy cores, 1, 2 and 4 threads answered 40 heavy
 * calls (4 at once) in the same 22–24 s, and a burst of 150 alike: one thread is what frees
 * the server's own; more would need a bound on each thread's heap first.
 */
export const MCP_WORKER_THREADS = 1;

/** Options of {@link mcpWorkers}. */
export interface McpWorkersOptions extends McpWorkerData {
  /** Called with every unexpected error of a thread, and when one stops. */
  onError: (error: unknown) => void;
  /** Threads at most. @default MCP_WORKER_THREADS */
  threads?: number;
  /** The module a thread runs. @default the answering thread, mcp-worker.ts */
  entry?: URL;
}

/** The worker threads of one server. */
export interface McpWorkers {
  /** Answers a request let in, in a thread: the endpoint's `answer` (src/mcp/http.ts). */
  answer: McpAnswerer;
  /** Stops every thread; a request still being answered gets a JSON-RPC error. */
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  /** The requests it answers, by id: each one's answer, and the slots lent for its calls. */
  calls: Map<number, { answered: (response: Response) => void; slot: CallSlot }>;
  /** Call slots lent to it, by its number of them: their releases. */
  lent: Map<number, () => void>;
  stopped: boolean;
}

/** Threads answering MCP requests over the site in `dir`, started as calls come. */
export function mcpWorkers(options: McpWorkersOptions): McpWorkers {
  const most = options.threads ?? MCP_WORKER_THREADS;
  const data: McpWorkerData = { dir: options.dir, version: options.version };
  const threads = new Set<Thread>();
  let ids = 0;
  let closed = false;

  function start(): Thread {
    const thread: Thread = {
      worker: startWorker(options.entry, data),
      calls: new Map(),
      lent: new Map(),
      stopped: false,
    };
    const tell = (message: ToMcpWorker) => thread.worker.postMessage(message);
    thread.worker.on('message', (message: FromMcpWorker) => {
      if (message.type === 'answer') {
        const { status, statusText, headers, body } = message;
        thread.calls.get(message.id)?.answered(new Response(body, { status, statusText, headers }));
        thread.calls.delete(message.id);
      } else if (message.type === 'failed') {
        options.onError(errorOf(message.error));
        thread.calls.get(message.id)?.answered(internalError('the call failed; the server log says why'));
        thread.calls.delete(message.id);
      } else if (message.type === 'slot') {
        void thread.calls
          .get(message.id)
          ?.slot()
          .then((release) => {
            if (thread.stopped) return release();
            thread.lent.set(message.slot, release);
            tell({ type: 'slot', slot: message.slot });
          });
      } else if (message.type === 'release') {
        thread.lent.get(message.slot)?.();
        thread.lent.delete(message.slot);
      } else options.onError(errorOf(message.error));
    });
    // An uncaught error stops the thread: 'exit' follows.
    thread.worker.on('error', (error) => options.onError(error));
    thread.worker.on('exit', (code) => {
      thread.stopped = true;
      threads.delete(thread);
      for (const release of thread.lent.values()) release();
      thread.lent.clear();
      if (!closed && code !== 0) options.onError(new Error(`an MCP worker thread stopped (exit code ${code})`));
      const why = closed ? 'the server is closing' : 'the thread answering it stopped; try again';
      for (const { answered } of thread.calls.values()) answered(internalError(why));
      thread.calls.clear();
    });
    threads.add(thread);
    return thread;
  }

  // An idle thread, a new one while there are fewer than `most`, else the one with fewest calls.
  function pick(): Thread {
    const running = [...threads];
    const idle = running.find((thread) => thread.calls.size === 0);
    if (idle !== undefined) return idle;
    if (running.length < most) return start();
    return running.reduce((least, thread) => (thread.calls.size < least.calls.size ? thread : least));
  }

  return {
    answer: (request, slot) =>
      new Promise((answered) => {
        if (closed) return answered(internalError('the server is closing'));
        const thread = pick();
        const id = ids++;
        thread.calls.set(id, { answered, slot });
        thread.worker.postMessage({ type: 'answer', id, request } satisfies ToMcpWorker);
      }),
    async close() {
      closed = true;
      await Promise.all([...threads].map((thread) => thread.worker.terminate()));
    },
  };
}

// A request's answer when its thread cannot give one: a JSON-RPC internal error.
function internalError(why: string): Response {
  return rpcError(500, -32603, `internal error: ${why}`);
}

// The thread's module: the compiled mcp-worker.js, or, run from source (the tests), mcp-worker.ts through tsx.
function startWorker(entry: URL | undefined, workerData: McpWorkerData): Worker {
  if (entry !== undefined || !import.meta.url.endsWith('.ts'))
    return new Worker(entry ?? new URL('./mcp-worker.js', import.meta.url), { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const source = JSON.stringify(new URL('./mcp-worker.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then((tsx) => (tsx.register(), import(${source})))`, { eval: true, workerData });
}
