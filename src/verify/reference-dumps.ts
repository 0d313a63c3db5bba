/**
 * The reference verify checks a site against: the entities of each kind as the site's
 * bulk dumps hold them (docs/api.md#dumps), one JSON a line in the default order, in the
 * parts each kind's index lists. Each part is read once, its bytes kept in shared memory
 * back to back, so every entity document and every page can be compared byte for byte
 * with the lines they must repeat, in any thread.
 */
import { dumpPartDigest } from '../shared/index.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  dumpIndexDocument,
  type DumpPartEntry,
  dumpIndexPath,
  dumpPartPath,
  entityPath,
} from '../query/formats/index.js';
import { Dataset } from '../query/dataset/index.js';
import { type Entity, KINDS, type Kind } from '../query/semantics/index.js';
import { parseDumpIndex, OUTPUT_SCHEMAS } from '../schema/index.js';

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

/** The reference: the dataset of the dumps' entities, the lines they came from, and the files of the dumps. */
export interface DumpReference {
  dataset: Dataset;
  lines: Record<Kind, DumpLines>;
  problems: DumpProblem[];
  /** The indexes and the parts they list, with their gzip copies. */
  files: Set<string>;
}

const NEWLINE = 0x0a;

/** Which parts of the dumps are checked beyond what the reference needs (all, unless `verify --changed`). */
export interface DumpChecks {
  /** Whether the line of an entity, at its document's path, is checked against its kind's schema. */
  line(file: string): boolean;
  /** Whether a part, by its path, is checked for its SHA-256 and its gzip copy to hold its bytes. */
  part(file: string): boolean;
}

const CHECK_ALL: DumpChecks = { line: () => true, part: () => true };

/**
 * Reads the dump of every kind in `root`: its index must be the one its parts make under
 * `baseUrl`, each part as long as listed and of the SHA-256 listed, its gzip copy the same
 * bytes, each line JSON, an entity of its kind's schema, the lines in the default order.
 */
export async function readDumpReference(
  root: string,
  baseUrl: string,
  checks: DumpChecks = CHECK_ALL,
): Promise<DumpReference> {
  const problems: DumpProblem[] = [];
  const files = new Set<string>();
  const entities = {} as Record<Kind, Entity[]>;
  const lines = {} as Record<Kind, DumpLines>;
  for (const kind of KINDS) {
    const parts = await readIndex(root, kind, baseUrl, problems);
    files.add(dumpIndexPath(kind));
    const read: Buffer[] = [];
    for (const part of parts) {
      const file = dumpPartPath(kind, part.key);
      files.add(file).add(dumpPartPath(kind, part.key, true));
      read.push(await readPart(root, file, part, checks.part(file), problems));
    }
    const shared = new SharedArrayBuffer(read.reduce((sum, bytes) => sum + bytes.length, 0));
    const bytes = Buffer.from(shared);
    const parsed = { entities: [] as Entity[], spans: [] as number[] };
    let at = 0;
    parts.forEach((part, i) => {
      bytes.set(read[i]!, at);
      const file = dumpPartPath(kind, part.key);
      const count = parseLines(kind, file, bytes, at, at + read[i]!.length, parsed, problems, checks);
      if (count !== part.count) problems.push({ file, message: `holds ${count} lines; its index says ${part.count}` });
      at += read[i]!.length;
    });
    entities[kind] = parsed.entities;
    const spans = new Int32Array(new SharedArrayBuffer(parsed.spans.length * Int32Array.BYTES_PER_ELEMENT));
    spans.set(parsed.spans);
    lines[kind] = { bytes: shared, spans };
  }
  const dataset = new Dataset(entities);
  for (const kind of KINDS) {
    const order = dataset.entities[kind];
    const first = order.findIndex((entity, rank) => entity !== entities[kind][rank]);
    if (first < 0) continue;
    problems.push({
      file: dumpIndexPath(kind),
      message: `the parts' lines are not in the default order (docs/api.md#order) from entity ${first + 1} on`,
    });
    lines[kind].spans = reorder(lines[kind].spans, entities[kind], order);
  }
  return { dataset, lines, problems, files };
}

// The parts a kind's index lists; none, with the problem, when it cannot be read or is not the one they make.
async function readIndex(root: string, kind: Kind, baseUrl: string, problems: DumpProblem[]): Promise<DumpPartEntry[]> {
  const file = dumpIndexPath(kind);
  const text = await readFile(path.join(root, file), 'utf8').catch((error: Error) => {
    problems.push({ file, message: `this dump index cannot be read: ${error.message}` });
    return undefined;
  });
  if (text === undefined) return [];
  const index = parseDumpIndex(kind, text);
  if ('error' in index) {
    problems.push({ file, message: `this dump index is ${index.error}` });
    return [];
  }
  if (text !== JSON.stringify(dumpIndexDocument(kind, index.parts, baseUrl)))
    problems.push({ file, message: 'this dump index differs from the one its parts make' });
  return index.parts;
}

// A part's bytes (none when it cannot be read), its length checked, and when `checked` its SHA-256 and gzip copy.
async function readPart(
  root: string,
  file: string,
  part: DumpPartEntry,
  checked: boolean,
  problems: DumpProblem[],
): Promise<Buffer> {
  const bytes = await readFile(path.join(root, file)).catch((error: Error) => {
    problems.push({ file, message: `missing: the dump index lists this part (${error.message})` });
    return Buffer.alloc(0);
  });
  if (bytes.length !== part.bytes)
    problems.push({ file, message: `holds ${bytes.length} bytes; its index says ${part.bytes}` });
  if (!checked) return bytes;
  if (dumpPartDigest().update(bytes).digest('hex') !== part.sha256)
    problems.push({ file, message: 'its SHA-256 is not the one its index lists' });
  const gzipFile = `${file}.gz`;
  try {
    if (!gunzipSync(await readFile(path.join(root, gzipFile))).equals(bytes))
      problems.push({ file: gzipFile, message: `this gzip copy does not hold the bytes of ${file}` });
  } catch (error) {
    problems.push({ file: gzipFile, message: `this gzip copy cannot be read: ${(error as Error).message}` });
  }
  return bytes;
}

// Adds each line's entity and span in bytes [start, end) (a part's lines); a line that is not a valid entity is reported and left out. Returns the count of lines.
function parseLines(
  kind: Kind,
  file: string,
  bytes: Buffer,
  start: number,
  end: number,
  into: { entities: Entity[]; spans: number[] },
  problems: DumpProblem[],
  checks: DumpChecks,
): number {
  let line = 0;
  for (let from = start; from < end;) {
    line++;
    let to = bytes.indexOf(NEWLINE, from);
    if (to < 0 || to >= end) {
      problems.push({ file, line, message: 'the last line has no newline' });
      to = end;
    }
    const problem = (message: string, field?: string) => problems.push({ file, line, field, message });
    let entity: Entity | undefined;
    try {
      entity = JSON.parse(bytes.toString('utf8', from, to)) as Entity;
    } catch (error) {
      problem(`not JSON: ${(error as Error).message}`);
    }
    if (entity !== undefined) {
      const checked =
        typeof entity?.id !== 'string' || checks.line(entityPath(kind, entity.id))
          ? OUTPUT_SCHEMAS[kind].safeParse(entity)
          : { success: true as const };
      if (checked.success) {
        into.entities.push(entity);
        into.spans.push(from, to - from);
      } else for (const issue of checked.error.issues) problem(issue.message, issue.path.join('.'));
    }
    from = to + 1;
  }
  return line;
}

// The spans put in the default order, from the order the lines came in.
function reorder(spans: Int32Array, lineOrder: readonly Entity[], order: readonly Entity[]): Int32Array {
  const lineOf = new Map(lineOrder.map((entity, line) => [entity, line]));
  const sorted = new Int32Array(new SharedArrayBuffer(spans.byteLength));
  order.forEach((entity, rank) =>
    sorted.set(spans.subarray(lineOf.get(entity)! * 2, lineOf.get(entity)! * 2 + 2), rank * 2),
  );
  return sorted;
}
