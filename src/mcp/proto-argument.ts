/**
 * A call's argument named `__proto__`, kept to be refused by name. JSON.parse makes it an own
 * key of the arguments, but the SDK copies the arguments into a new object when it parses a
 * call, and there the key sets the copy's prototype (or is ignored): the argument was dropped
 * and the call answered as if it were never given, where every other unknown argument is a
 * tool error naming it (strict-input.ts).
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The key a call's `__proto__` argument goes by through the SDK; a tool's refusal names it `__proto__`. */
export const PROTO_ARGUMENT = '\u0000__proto__';

/** Renames, in place, an own `__proto__` key of a `tools/call` message's arguments to {@link PROTO_ARGUMENT}. */
export function keepProtoArgument(message: JSONRPCMessage): void {
  if (!('method' in message) || message.method !== 'tools/call') return;
  const args = (message.params as { arguments?: unknown } | undefined)?.arguments;
  if (typeof args !== 'object' || args === null || !Object.hasOwn(args, '__proto__')) return;
  const { value } = Object.getOwnPropertyDescriptor(args, '__proto__')!;
  delete (args as Record<string, unknown>)['__proto__'];
  Object.defineProperty(args, PROTO_ARGUMENT, { value, enumerable: true, writable: true, configurable: true });
}
