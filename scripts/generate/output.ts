/**
 * Where records go: which files each format writes, clearing the files of an earlier
 * run, and streaming records to JSON or NDJSON files a line at a time.
 */
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { pad } from './text.js';

/** The three source collections, named as the build expects. */
export type Collection = 'exhibitions' | 'exhibitors' | 'service_providers';

/** How records are spread over files. */
export type Format = 'mixed' | 'json' | 'ndjson';

/** A run of consecutive records written to one file or a series of part files. */
export interface Segment {
  readonly records: number;
  readonly form: 'json' | 'ndjson';
  /** Relative path of part `part` (from 1) of `parts`. */
  readonly fileName: (part: number, parts: number) => string;
}

/** A file written, with its size. */
export interface WrittenFile {
  readonly path: string;
  readonly bytes: number;
}

/** Most records in one file; bigger segments are split into parts. */
export const PART_SIZE = 50_000;

const COLLECTIONS: readonly Collection[] = ['exhibitions', 'exhibitors', 'service_providers'];
const GENERATED_FILE = /^(exhibitions|exhibitors|service_providers)(-part-\d{3,})?\.json$/u;
const GENERATED_PART = /^(part-\d{3,}|extra)\.ndjson$/u;
const EXTRA_EXHIBITIONS = 5;

const jsonFiles =
  (collection: Collection): Segment['fileName'] =>
  (part, parts) =>
    parts === 1 ? `${collection}.json` : `${collection}-part-${pad(part, 3)}.json`;
const ndjsonParts =
  (collection: Collection): Segment['fileName'] =>
  (part) =>
    `${collection}/part-${pad(part, 3)}.ndjson`;

/**
 * The segments of one collection in a format. `mixed` writes exhibitions and providers
 * as JSON (with a few exhibitions in `exhibitions/extra.ndjson`) and exhibitors as NDJSON.
 */
export function planSegments(format: Format, collection: Collection, records: number): Segment[] {
  const asJson: Segment = { records, form: 'json', fileName: jsonFiles(collection) };
  const asNdjson: Segment = { records, form: 'ndjson', fileName: ndjsonParts(collection) };
  if (format !== 'mixed') return [format === 'json' ? asJson : asNdjson];
  if (collection === 'exhibitors') return [asNdjson];
  if (collection === 'service_providers') return [asJson];
  const extra = Math.min(EXTRA_EXHIBITIONS, Math.floor(records / 2));
  return [
    { ...asJson, records: records - extra },
    { records: extra, form: 'ndjson', fileName: () => 'exhibitions/extra.ndjson' },
  ];
}

/**
 * Makes `dir` ready: creates it if absent, otherwise deletes the files an earlier run
 * generated. Throws, deleting nothing, if it holds anything else.
 */
export async function prepareOutputDir(dir: string): Promise<void> {
  const generated: string[] = [];
  const unexpected: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(absentAsEmpty)) {
    if (entry.isFile() && GENERATED_FILE.test(entry.name)) generated.push(entry.name);
    else if (entry.isDirectory() && COLLECTIONS.includes(entry.name as Collection)) {
      for (const inner of await readdir(join(dir, entry.name), { withFileTypes: true })) {
        const path = `${entry.name}/${inner.name}`;
        if (inner.isFile() && GENERATED_PART.test(inner.name)) generated.push(path);
        else unexpected.push(inner.isDirectory() ? `${path}/` : path);
      }
    } else unexpected.push(entry.isDirectory() ? `${entry.name}/` : entry.name);
  }
  if (unexpected.length > 0) {
    const shown = unexpected.slice(0, 5).join(', ') + (unexpected.length > 5 ? ', …' : '');
    throw new Error(
      `refusing to write into ${dir}: it holds files the generator did not create (${shown}). Use an empty or new --out folder.`,
    );
  }
  await Promise.all(generated.map((path) => rm(join(dir, path))));
  await Promise.all(COLLECTIONS.map((collection) => rmdir(join(dir, collection)).catch(absentAsEmpty)));
  await mkdir(dir, { recursive: true });
}

function absentAsEmpty(error: NodeJS.ErrnoException): [] {
  if (error.code === 'ENOENT') return [];
  throw error;
}

/** Writes the records of one collection into its segments, in order; returns the files. */
export async function writeCollection(
  dir: string,
  collection: Collection,
  segments: readonly Segment[],
  records: Iterable<object>,
): Promise<WrittenFile[]> {
  const iterator = records[Symbol.iterator]();
  const written: WrittenFile[] = [];
  for (const segment of segments) {
    const parts = Math.ceil(segment.records / PART_SIZE);
    for (let part = 1; part <= parts; part++) {
      const path = segment.fileName(part, parts);
      const count = Math.min(PART_SIZE, segment.records - (part - 1) * PART_SIZE);
      const bytes = await writeFile(join(dir, path), segment.form, collection, iterator, count);
      written.push({ path, bytes });
    }
  }
  return written;
}

/** Streams `count` records into one file; JSON files hold one record per line too. */
async function writeFile(
  path: string,
  form: Segment['form'],
  collection: Collection,
  records: Iterator<object>,
  count: number,
): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  const stream = createWriteStream(path);
  const [opening, separator, closing] = form === 'json' ? [`{"${collection}":[\n`, ',\n', '\n]}\n'] : ['', '\n', '\n'];
  await writeChunk(stream, opening);
  for (let index = 0; index < count; index++) {
    const next = records.next();
    if (next.done) throw new Error(`${collection}: ran out of records`);
    await writeChunk(stream, (index > 0 ? separator : '') + JSON.stringify(next.value));
  }
  stream.end(closing);
  await finished(stream);
  return stream.bytesWritten;
}

async function writeChunk(stream: WriteStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}
