/**
 * The reference verify checks a site against: the entities of each kind as the site's
 * bulk dumps hold them (docs/api.md#dumps), one JSON a line in the default order. Each
 * dump is read once, its bytes kept in shared memory, so every entity document and every
 * page can be compared byte for byte with the lines they must repeat, in any thread.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { dumpPath, entityPath } from '../query/formats/paths.js';
import { Dataset } from '../query/semantics/dataset.js';
import type { Entity } from '../query/semantics/entity.js';
import { KINDS, type Kind } from '../query/semantics/kinds.js';
import { OUTPUT_SCHEMAS } from '../schema/entities.js';

/** One kind's dump: its bytes (shared) and where each entity's line is, by rank in the default order. */
export interface DumpLines {
  bytes: SharedArrayBuffer;
  /** Per rank: byte offset and byte length of the entity's JSON in `bytes` (shared). */
  spans: Int32Array;
}

/** A problem in a dump: its file, the 1-based line when one is to blame, what is wrong. */
export interface DumpProblem {
  file: string;
  line?: number;
  field?: string;
  message: string;
}

/** The reference: the dataset of the dumps' entities, and the lines they came from. */
export interface DumpReference {
  dataset: Dataset;
  lines: Record<Kind, DumpLines>;
  problems: DumpProblem[];
}

const NEWLINE = 0x0a;

/** Which parts of the dumps are checked beyond what the reference needs (all, unless `verify --changed`). */
export interface DumpChecks {
  /** Whether the line of an entity, at its document's path, is checked against its kind's schema. */
  line(file: string): boolean;
  /** Whether a gzip copy, by its path, is checked to hold its dump's bytes. */
  gzip(file: string): boolean;
}

const CHECK_ALL: DumpChecks = { line: () => true, gzip: () => true };

/**
 * Reads the dump of every kind in `root`: each line must be JSON, an entity of its kind's
 * schema, the lines in the default order, and the gzip copy must hold the same bytes.
 */
export async function readDumpReference(root: string, checks: DumpChecks = CHECK_ALL): Promise<DumpReference> {
  const problems: DumpProblem[] = [];
  const entities = {} as Record<Kind, Entity[]>;
  const lines = {} as Record<Kind, DumpLines>;
  for (const kind of KINDS) {
    const file = dumpPath(kind);
    const text = await readFile(path.join(root, file)).catch((error: Error) => {
      problems.push({ file, message: `this dump cannot be read: ${error.message}` });
      return Buffer.alloc(0);
    });
    const shared = new SharedArrayBuffer(text.length);
    const bytes = Buffer.from(shared);
    text.copy(bytes);
    const parsed = parseLines(kind, file, bytes, problems, checks);
    entities[kind] = parsed.entities;
    lines[kind] = { bytes: shared, spans: parsed.spans };
    if (checks.gzip(dumpPath(kind, true))) await checkGzipCopy(root, kind, bytes, problems);
  }
  const dataset = new Dataset(entities);
  for (const kind of KINDS) {
    const order = dataset.entities[kind];
    const first = order.findIndex((entity, rank) => entity !== entities[kind][rank]);
    if (first < 0) continue;
    problems.push({ file: dumpPath(kind), line: first + 1, message: 'the lines are not in the default order (docs/api.md#order)' });
    lines[kind].spans = reorder(lines[kind].spans, entities[kind], order);
  }
  return { dataset, lines, problems };
}

// Each line's entity and span; a line that is not a valid entity is reported and left out.
function parseLines(kind: Kind, file: string, bytes: Buffer, problems: DumpProblem[], checks: DumpChecks): { entities: Entity[]; spans: Int32Array } {
  const entities: Entity[] = [];
  const spans: number[] = [];
  let start = 0;
  for (let line = 1; start < bytes.length; line++) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end < 0) {
      problems.push({ file, line, message: 'the last line has no newline' });
      end = bytes.length;
    }
    const problem = (message: string, field?: string) => problems.push({ file, line, field, message });
    let entity: Entity | undefined;
    try {
      entity = JSON.parse(bytes.toString('utf8', start, end)) as Entity;
    } catch (error) {
      problem(`not JSON: ${(error as Error).message}`);
    }
    if (entity !== undefined) {
      const checked = typeof entity?.id !== 'string' || checks.line(entityPath(kind, entity.id)) ? OUTPUT_SCHEMAS[kind].safeParse(entity) : { success: true as const };
      if (checked.success) {
        entities.push(entity);
        spans.push(start, end - start);
      } else for (const issue of checked.error.issues) problem(issue.message, issue.path.join('.'));
    }
    start = end + 1;
  }
  const shared = new Int32Array(new SharedArrayBuffer(spans.length * Int32Array.BYTES_PER_ELEMENT));
  shared.set(spans);
  return { entities, spans: shared };
}

async function checkGzipCopy(root: string, kind: Kind, bytes: Buffer, problems: DumpProblem[]): Promise<void> {
  const file = dumpPath(kind, true);
  try {
    if (!gunzipSync(await readFile(path.join(root, file))).equals(bytes)) problems.push({ file, message: `this gzip copy does not hold the bytes of ${dumpPath(kind)}` });
  } catch (error) {
    problems.push({ file, message: `this gzip copy cannot be read: ${(error as Error).message}` });
  }
}

// The spans put in the default order, from the order the lines came in.
function reorder(spans: Int32Array, lineOrder: readonly Entity[], order: readonly Entity[]): Int32Array {
  const lineOf = new Map(lineOrder.map((entity, line) => [entity, line]));
  const sorted = new Int32Array(new SharedArrayBuffer(spans.byteLength));
  order.forEach((entity, rank) => sorted.set(spans.subarray(lineOf.get(entity)! * 2, lineOf.get(entity)! * 2 + 2), rank * 2));
  return sorted;
}
