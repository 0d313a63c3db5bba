/**
 * What the preview server's thread and its MCP worker threads (mcp-workers.ts, mcp-worker.ts)
 * say to each other: plain data, as `postMessage` carries it.
 */
import type { AdmittedRequest } from '../mcp/index.js';

/** What a worker thread is started with. */
export interface McpWorkerData {
  /** Folder of the built site, which the thread reads with its own file store. */
  dir: string;
  /** The version of dataset-site the MCP server names. */
  version: string;
}

/** An error as it crosses threads. */
export interface ErrorData {
  /** The error's message. */
  message: string;
  /** Its stack, where it had one. */
  stack?: string;
}

/** From the server's thread: a request to answer, or a call slot lent to a call of one. */
export type ToMcpWorker = { type: 'answer'; id: number; request: AdmittedRequest } | { type: 'slot'; slot: number };

/**
 * From a worker thread: a request's answer (its body's bytes handed over, not copied), or
 * why it could not answer it; a call slot asked for one of a request's calls, or given back;
 * an error of its router, for the server's log.
 */
export type FromMcpWorker =
  | {
      type: 'answer';
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      body: Uint8Array | null;
    }
  | { type: 'failed'; id: number; error: ErrorData }
  | { type: 'slot'; id: number; slot: number }
  | { type: 'release'; slot: number }
  | { type: 'error'; error: ErrorData };

/** `error` as it crosses threads: its message and stack, the rest of it dropped. */
export function errorData(error: unknown): ErrorData {
  return error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
}

/** An {@link ErrorData} as an `Error` again, for the server's log. */
export function errorOf(data: ErrorData): Error {
  const error = new Error(data.message);
  if (data.stack !== undefined) error.stack = data.stack;
  return error;
}
