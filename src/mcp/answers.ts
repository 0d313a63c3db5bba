/**
 * The answers of the tools, bounded: an MCP client refuses a message over 10 MiB (the
 * official SDK's limit over stdio) and the session ends with it, so an answer over
 * {@link MAX_ANSWER_BYTES} is a tool error saying how to ask for less; an error echoes at
 * most {@link MAX_ECHO_CHARS} of a value the client sent ({@link clipEchoes}).
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  type CallToolResult,
  type JSONRPCMessage,
  type ResourceLink,
} from '@modelcontextprotocol/sdk/types.js';
import { utf8Length } from '../query/semantics/index.js';
import { keepProtoArgument } from './proto-argument.js';

/**
 * Largest answer of a tool, in bytes of what its message carries (its JSON text, JSON-escaped,
 * its structured content and its links): 4 MiB, well under the clients' 10 MiB.
 */
export const MAX_ANSWER_BYTES = 4 * 2 ** 20;

// Throws when an answer of `bytes` is over the bound, the message ending with `advice(bytes)`.
function checkAnswerBytes(bytes: number, advice: (bytes: number) => string): void {
  if (bytes <= MAX_ANSWER_BYTES) return;
  const limit = `${MAX_ANSWER_BYTES} (${MAX_ANSWER_BYTES / 2 ** 20} MiB) an answer of this MCP server may be, as MCP clients refuse a message over 10 MiB`;
  throw new Error(`the answer is ${bytes} bytes, more than the ${limit}; ${advice(bytes)}`);
}

/** `text`, checked to be at most {@link MAX_ANSWER_BYTES}; else an error whose message ends with `advice(bytes)`. */
export function boundedText(text: string, advice: (bytes: number) => string): string {
  checkAnswerBytes(utf8Length(JSON.stringify(text)), advice);
  return text;
}

/**
 * A tool's answer of `value`: the value as `structuredContent` (checked against the tool's
 * `outputSchema`), its JSON as text for clients before structured content, then `links`;
 * all of it at most {@link MAX_ANSWER_BYTES}, else an error whose message ends with `advice(bytes)`.
 */
export function structuredResult(
  value: object,
  links: readonly ResourceLink[],
  advice: (bytes: number) => string,
): CallToolResult {
  const text = JSON.stringify(value);
  checkAnswerBytes(utf8Length(JSON.stringify(text)) + utf8Length(text) + utf8Length(JSON.stringify(links)), advice);
  return { content: [{ type: 'text', text }, ...links], structuredContent: value as Record<string, unknown> };
}

/** Characters of a value the client sent that an error quotes back: 200 (a 900 kB id was echoed whole). */
export const MAX_ECHO_CHARS = 200;

/** Characters of an error's text: 1,000; past them its middle is cut, as no message of the server is that long but one echoing a value. */
export const MAX_ERROR_CHARS = 1000;

// A JSON string in a message, as the API's messages quote a value (`got "…"`).
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

/**
 * `text` (an error's) with each quoted value over {@link MAX_ECHO_CHARS} cut there
 * (`"xxxx…" (900000 characters)`), then, if still over {@link MAX_ERROR_CHARS}, its middle cut.
 */
export function clipEchoes(text: string): string {
  if (text.length <= MAX_ECHO_CHARS) return text;
  const clipped = text.replace(QUOTED, (quoted) => {
    const value = parsedString(quoted);
    if (value.length <= MAX_ECHO_CHARS) return quoted;
    return `${JSON.stringify(value.slice(0, MAX_ECHO_CHARS)).slice(0, -1)}…" (${value.length} characters)`;
  });
  if (clipped.length <= MAX_ERROR_CHARS) return clipped;
  const tail = MAX_ERROR_CHARS / 4;
  return `${clipped.slice(0, MAX_ERROR_CHARS - tail)} … (${clipped.length - MAX_ERROR_CHARS} characters cut) … ${clipped.slice(-tail)}`;
}

function parsedString(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

/** `message` as it goes to the client: the text of an error (a protocol error, or a tool's error result) through {@link clipEchoes}. */
export function withClippedEchoes(message: JSONRPCMessage): JSONRPCMessage {
  if (isJSONRPCErrorResponse(message))
    return { ...message, error: { ...message.error, message: clipEchoes(message.error.message) } };
  if (!isJSONRPCResultResponse(message) || message.result.isError !== true || !Array.isArray(message.result.content))
    return message;
  const content = (message.result.content as { type: string; text?: string }[]).map((part) =>
    part.type === 'text' && typeof part.text === 'string' ? { ...part, text: clipEchoes(part.text) } : part,
  );
  return { ...message, result: { ...message.result, content } };
}

/**
 * Makes `transport` send every message through {@link withClippedEchoes}, and keep a call's
 * `__proto__` argument to be refused by name (proto-argument.ts); returns it. Call it before
 * the server connects, which hands each message to this `onmessage` first.
 */
export function clippingEchoes<T extends Transport>(transport: T): T {
  transport.onmessage = keepProtoArgument;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(withClippedEchoes(message), options);
  return transport;
}
