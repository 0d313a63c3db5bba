/**
 * Arguments an agent guesses or misspells (issue 47: `founded_after` answered the whole
 * 50,000, `page: 2` offset 0), each with a call it spoils and the tool error it gets: the
 * SDK's refusal of invalid arguments, with the API's message for an unknown parameter and
 * the argument most likely meant. Both the stdio command and POST /mcp are held to them.
 */
import { expect } from 'vitest';
import type { toolCaller } from '../helpers/mcp.js';

/** A call with an argument its tool does not know. */
export interface UnknownArgument {
  tool: string;
  /** The call's valid arguments, answered without {@link unknown}. */
  args: Record<string, unknown>;
  unknown: Record<string, unknown>;
  /** The text of the tool error, after the SDK's `MCP error -32602: Input validation error: …`. */
  says: string;
}

const SEARCH_ARGUMENTS =
  'the accepted ones are type, q, text, industry, country, city, status, product, service, organizer, venue, verified, exhibition, exhibitor, from, to, start_from, start_to, sort, fields, meta, facets, facet_size, limit, offset, snapshot';

// search_dataset's refusal of `unknown`: the API's message, with its hint for a name agents guess, and the argument meant.
function search(args: Record<string, unknown>, unknown: Record<string, unknown>, hint = '', meant?: string) {
  const did = meant === undefined ? '' : `; did you mean ${meant}?`;
  const says = `unknown parameter ${JSON.stringify(Object.keys(unknown)[0])}; ${hint}${SEARCH_ARGUMENTS}${did}`;
  return { tool: 'search_dataset', args, unknown, says };
}

/** Calls of every tool with an argument it does not know; ten of search_dataset. */
export const UNKNOWN_ARGUMENTS: UnknownArgument[] = [
  search({ type: 'exhibitor' }, { founded_after: 2015 }),
  search({ type: 'exhibition' }, { organiser: 'Messe Frankfurt' }, '', 'organizer'),
  search({}, { is_verified: true }, 'give verified (true or false); '),
  search({ limit: 5 }, { page: 2 }, 'this API pages by offset: give offset=(page − 1) × limit; '),
  search(
    { type: 'exhibition' },
    { start_date: '2027-01-01' },
    'give start_from and start_to (exhibitions opening in the window), or from and to (whose days overlap it); ',
  ),
  search({ type: 'exhibitor' }, { country_code: 'CN' }),
  search({ type: 'exhibitor' }, { limt: 5 }, '', 'limit'),
  search({ type: 'exhibitor' }, { ofset: 10 }, '', 'offset'),
  search({}, { typ: 'exhibitor' }, '', 'type'),
  search({ type: 'exhibitor' }, { qq: 'auto' }, '', 'q'),
  // An own `__proto__` key, as JSON.parse makes it from the call's JSON (an object literal would set the prototype).
  search({ type: 'exhibitor' }, JSON.parse('{"__proto__": {"is_verified": true}}')),
  {
    tool: 'get_entity',
    args: { kind: 'exhibitor', id: 'EXR-000001' },
    unknown: JSON.parse('{"__proto__": 1}'),
    says: 'unknown argument "__proto__"; get_entity takes kind, id',
  },
  {
    tool: 'get_entity',
    args: { kind: 'exhibitor', id: 'EXR-000001' },
    unknown: { fields: ['name_en'] },
    says: 'unknown argument "fields"; get_entity takes kind, id',
  },
  {
    tool: 'get_entity',
    args: { kind: 'exhibitor', id: 'EXR-000001' },
    unknown: { kid: 'exhibitor' },
    says: 'unknown argument "kid"; get_entity takes kind, id; did you mean kind?',
  },
  {
    tool: 'list_facet_values',
    args: { kind: 'exhibitor', filter: 'industry' },
    unknown: { q: 'auto' },
    says: 'unknown argument "q"; list_facet_values takes kind, filter',
  },
  {
    tool: 'describe_schema',
    args: {},
    unknown: { kind: 'exhibitor' },
    says: 'unknown argument "kind"; describe_schema takes no arguments',
  },
];

/** Calls `tool` with the unknown argument, expecting its refusal, then without it, expecting an answer. */
export async function expectRefused(
  tools: Awaited<ReturnType<typeof toolCaller>>,
  { tool, args, unknown, says }: UnknownArgument,
): Promise<void> {
  expect(await tools.refusal(tool, { ...args, ...unknown })).toBe(
    `MCP error -32602: Input validation error: Invalid arguments for tool ${tool}: ${says}`,
  );
  await tools.answer(tool, args);
}

/** Expects every tool `tools/list` shows to take no argument outside its input schema's properties. */
export function expectStrictInputs(tools: Awaited<ReturnType<typeof toolCaller>>): void {
  expect(tools.tools.map((tool) => [tool.name, tool.inputSchema.additionalProperties])).toEqual(
    ['search_dataset', 'get_entity', 'list_facet_values', 'describe_schema'].map((name) => [name, false]),
  );
}
