/**
 * The shape of a dump's index document (query/formats/dump-index.ts) as a zod schema: the
 * parser that the record cache and verify read an index with, and the schema OpenAPI
 * describes it by.
 */
import { z } from 'zod';
import { DUMP_INDEX_VERSION, type DumpPartEntry, DUMPS_FOLDER, parseDumpPartPath } from '../query/formats/index.js';
import { COLLECTIONS, type Kind } from '../query/semantics/index.js';

/** The index document of a kind's dump. */
export const DUMP_INDEX_SCHEMA = z.object({
  collection: z.string().describe('The collection the dump holds.'),
  count: z
    .number()
    .int()
    .nonnegative()
    .describe("Entities in the dump (the kind's total): the sum of the parts' counts."),
  bytes: z.number().int().nonnegative().describe("Bytes of the dump's NDJSON: the sum of the parts' bytes."),
  parts: z
    .array(
      z.object({
        url: z
          .string()
          .describe('The part, NDJSON (application/x-ndjson): one entity a line, each line ending with a newline.'),
        gzip_url: z.string().describe('The same bytes gzipped (application/gzip).'),
        count: z.number().int().nonnegative().describe('Entities (lines) in the part.'),
        bytes: z.number().int().nonnegative().describe("Bytes of the part's NDJSON."),
        sha256: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .describe("SHA-256 of the part's NDJSON, in hex."),
      }),
    )
    .describe('The parts in order: read one after the other, every entity of the kind in the default order.'),
  _links: z.object({ self: z.string() }),
  _meta: z.object({ type: z.literal('dump_index'), format_version: z.literal(DUMP_INDEX_VERSION) }),
});

/**
 * The parts a kind's index lists, or why it cannot be read: not JSON, not of this shape
 * and version, another collection, a part whose URLs do not name a part of this kind, or
 * totals that are not the sums of the parts.
 */
export function parseDumpIndex(kind: Kind, text: string): { parts: DumpPartEntry[] } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: `not JSON: ${(error as Error).message}` };
  }
  const parsed = DUMP_INDEX_SCHEMA.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      error: `not a dump index of format ${DUMP_INDEX_VERSION}: ${issue.path.join('.') || 'the document'}: ${issue.message}`,
    };
  }
  const index = parsed.data;
  if (index.collection !== COLLECTIONS[kind])
    return { error: `indexes ${JSON.stringify(index.collection)}, not ${COLLECTIONS[kind]}` };
  const parts: DumpPartEntry[] = [];
  for (const [i, part] of index.parts.entries()) {
    // The URL is the site's base URL and the part's path (paths.ts): its path from the dumps' folder on.
    const named = parseDumpPartPath(part.url.slice(part.url.lastIndexOf(`/${DUMPS_FOLDER}/`) + 1));
    if (named?.kind !== kind || named.gzip || part.gzip_url !== `${part.url}.gz`)
      return { error: `parts.${i}: ${JSON.stringify(part.url)} is not a part of this dump` };
    parts.push({ key: named.key, count: part.count, bytes: part.bytes, sha256: part.sha256 });
  }
  if (
    parts.reduce((sum, part) => sum + part.count, 0) !== index.count ||
    parts.reduce((sum, part) => sum + part.bytes, 0) !== index.bytes
  ) {
    return { error: 'count and bytes are not the sums of the parts' };
  }
  return { parts };
}
