/**
 * What `POST /mcp` holds at once, on every host (docs/api.md#mcp): at most
 * {@link MCP_REQUESTS_AT_ONCE} requests are answered at a time, their tool calls run at most
 * {@link MCP_CALLS_AT_ONCE} at a time, and the answers of one request (a batch's together)
 * come to at most {@link MAX_BATCH_ANSWER_BYTES}; so the answers held stay under
 * {@link MCP_REQUESTS_AT_ONCE} × ({@link MAX_BATCH_ANSWER_BYTES} + one answer). A request
 * waits its turn up to {@link MCP_WAIT_SECONDS} behind at most {@link MCP_WAITING_REQUESTS}
 * others, else it is answered `busy`. 50 batches of 20 calls of 1 MB each at once grew the
 * preview server to 1.4 GB before. Nothing here needs Node: the Worker runs it per isolate.
 */
import { utf8Length } from '../query/semantics/index.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** Bytes the answers of one `POST /mcp` (a batch's, together) may come to: 8 MiB; a batch whose answers come to more is refused whole. */
export const MAX_BATCH_ANSWER_BYTES = 8 * 2 ** 20;

/** `POST /mcp` requests answered at once by one process (or Worker isolate): 4. */
export const MCP_REQUESTS_AT_ONCE = 4;

/** Tool calls (and other requests of a batch) running at once, across the requests answered: 4. */
export const MCP_CALLS_AT_ONCE = 4;

/** Requests that may wait for their turn (or have their body read meanwhile): 64; one more is answered `busy` at once. */
export const MCP_WAITING_REQUESTS = 64;

/** Seconds a request waits for its turn before it is answered `busy`: 20, well under the 60 s a client waits. */
export const MCP_WAIT_SECONDS = 20;

/** Why a request was not let in: the message of its JSON-RPC error (HTTP 503). */
export type Busy = { busy: string };

/** The bounds of one endpoint: its places in line and turns for requests, and its slots for calls. */
export interface McpBounds {
  /**
   * Counts a request in as it arrives, before anything of it is read (so a burst is counted
   * however long the event loop takes to read each request on): its place in line, or why it
   * is refused at once, when {@link MCP_REQUESTS_AT_ONCE} + {@link MCP_WAITING_REQUESTS} are in line.
   */
  enter(): Place | Busy;
  /** Waits for one of the {@link MCP_CALLS_AT_ONCE} call slots: the release to call once the call is done. */
  slot: CallSlot;
}

/** Waits for a call slot: the release to call once the call is done. */
export type CallSlot = () => Promise<() => void>;

/** A request's place in line, from its arrival until it is answered. */
export interface Place {
  /**
   * Waits for the request's turn, up to {@link MCP_WAIT_SECONDS} from its arrival: the release
   * to call when it is answered (which gives its place up), or why it is not let in.
   */
  turn(): Promise<(() => void) | Busy>;
  /** Gives the place up without a turn (the request's body could not be read, or it was refused another way). */
  leave(): void;
}

/** A queue of `size` turns; a waiter waits at most the `seconds` it is given (for ever when none). */
function turns(size: number) {
  let free = size;
  const queue: ((granted: boolean) => void)[] = [];
  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      if (next === undefined) free++;
      else next(true);
    };
  };
  return async (seconds = Number.POSITIVE_INFINITY): Promise<(() => void) | 'late'> => {
    if (free > 0) {
      free--;
      return releaser();
    }
    const granted = await new Promise<boolean>((resolve) => {
      queue.push(resolve);
      if (Number.isFinite(seconds)) {
        setTimeout(() => {
          const at = queue.indexOf(resolve);
          if (at >= 0) (queue.splice(at, 1), resolve(false));
        }, seconds * 1000);
      }
    });
    return granted ? releaser() : 'late';
  };
}

/** Calls `release` once, however often the function returned is called. */
function once(release: () => void): () => void {
  let done = false;
  return () => {
    if (!done) ((done = true), release());
  };
}

/** The bounds of an endpoint, with the limits above. */
export function createMcpBounds(): McpBounds {
  const places = MCP_REQUESTS_AT_ONCE + MCP_WAITING_REQUESTS;
  let inLine = 0;
  const requestTurn = turns(MCP_REQUESTS_AT_ONCE);
  const callSlot = turns(MCP_CALLS_AT_ONCE);
  const held = `${MCP_REQUESTS_AT_ONCE} requests are answered at once (MCP_REQUESTS_AT_ONCE)`;
  return {
    enter() {
      if (inLine >= places)
        return {
          busy: `busy: ${held} and ${MCP_WAITING_REQUESTS} more wait (MCP_WAITING_REQUESTS); try again in a few seconds`,
        };
      inLine++;
      const arrived = performance.now();
      const leave = once(() => inLine--);
      return {
        async turn() {
          const waited = (performance.now() - arrived) / 1000;
          const turn = await requestTurn(Math.max(0, MCP_WAIT_SECONDS - waited));
          if (turn !== 'late') return once(() => (turn(), leave()));
          leave();
          return {
            busy: `busy: ${held}, and this one waited ${MCP_WAIT_SECONDS} s for its turn (MCP_WAIT_SECONDS); try again in a few seconds`,
          };
        },
        leave,
      };
    },
    slot: async () => (await callSlot()) as () => void,
  };
}

/**
 * Runs one call of `batch` in a slot `slot` gives (the endpoint's own, or, from a worker
 * thread, one its host's endpoint lends); a call of a batch already refused is not run.
 */
export async function callInSlot<T>(batch: BatchAnswers, slot: CallSlot, work: () => Promise<T>): Promise<T> {
  batch.throwIfRefused();
  const release = await slot();
  try {
    batch.throwIfRefused();
    return await work();
  } finally {
    release();
  }
}

/**
 * `body`, read on only as its reader asks (a host sending it as the connection takes it),
 * calling `done` once it is read to its end or cancelled: a request holds its turn until its
 * answer is sent, so answers a slow client has not taken count against the bound.
 */
export function releasedWhenRead(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await reader.read().catch((error: unknown) => (done(), Promise.reject(error)));
        if (!chunk.done) return controller.enqueue(chunk.value);
        controller.close();
        done();
      },
      cancel(reason) {
        done();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The answers of one `POST /mcp`, counted as they go out. */
export interface BatchAnswers {
  /** Notes a message the client sent (the ids of its requests). */
  received(message: JSONRPCMessage): void;
  /** A message going out, counted; once the batch is over its bound, a small error in its stead. */
  sending(message: JSONRPCMessage): JSONRPCMessage;
  /** Throws the batch's refusal once it is over its bound. */
  throwIfRefused(): void;
  /** The refusal to answer instead of the batch's answers (a JSON-RPC error for each request), or `undefined` while within its bound. */
  refusal(): JSONRPCMessage[] | undefined;
}

/** Counts the answers of one request against {@link MAX_BATCH_ANSWER_BYTES}. */
export function batchAnswers(): BatchAnswers {
  const ids: RequestId[] = [];
  let bytes = 0;
  let refused: string | undefined;
  const limit = `${MAX_BATCH_ANSWER_BYTES} bytes (${MAX_BATCH_ANSWER_BYTES / 2 ** 20} MiB), the most the answers of one POST /mcp may come to (MAX_BATCH_ANSWER_BYTES)`;
  const errorFor = (id: RequestId, message: string): JSONRPCMessage => ({
    jsonrpc: '2.0',
    id,
    error: { code: -32000, message },
  });
  return {
    received(message) {
      if ('method' in message && 'id' in message) ids.push(message.id);
    },
    sending(message) {
      if (!isJSONRPCResultResponse(message) && !isJSONRPCErrorResponse(message)) return message;
      if (refused === undefined) {
        bytes += utf8Length(JSON.stringify(message));
        if (bytes <= MAX_BATCH_ANSWER_BYTES) return message;
        refused = `the answers of this batch of ${ids.length} requests come to more than ${limit}; send fewer calls in one POST, or ask each for less (a smaller limit)`;
      }
      return errorFor(message.id as RequestId, refused);
    },
    throwIfRefused() {
      if (refused !== undefined) throw new Error(refused);
    },
    refusal: () => (refused === undefined ? undefined : ids.map((id) => errorFor(id, refused!))),
  };
}
