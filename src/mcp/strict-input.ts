/**
 * A tool's input that refuses what it does not know: an argument outside the tool's shape is
 * a tool error naming it (an agent's `page` or `founded_after` was dropped silently, and
 * answered as if never given), and `tools/list` shows `additionalProperties: false`.
 */
import { z } from 'zod';
import { closestName } from './closest-name.js';
import { PROTO_ARGUMENT } from './proto-argument.js';

/**
 * `shape` as the strict input of `tool`. The SDK answers a call with an argument outside it
 * as a tool error result (`isError`, text `MCP error -32602: Input validation error: Invalid
 * arguments for tool TOOL: …`), which the SDK's client hands the agent as the call's answer;
 * its message says, for each such argument, `unknown(name)` (by default, the tool's
 * arguments) and the argument it most likely meant (`did you mean limit?`).
 */
export function strictInput<Shape extends z.ZodRawShape>(
  tool: string,
  shape: Shape,
  unknown: (name: string) => string = (name) =>
    `unknown argument ${JSON.stringify(name)}; ${tool} takes ${argumentsOf(shape)}`,
) {
  const known = Object.keys(shape);
  const refusal = (key: string) => {
    const name = key === PROTO_ARGUMENT ? '__proto__' : key;
    const meant = closestName(name, known);
    return meant === undefined ? unknown(name) : `${unknown(name)}; did you mean ${meant}?`;
  };
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? issue.keys.map(refusal).join('\n') : undefined),
  });
}

function argumentsOf(shape: z.ZodRawShape): string {
  const names = Object.keys(shape);
  return names.length === 0 ? 'no arguments' : names.join(', ');
}
