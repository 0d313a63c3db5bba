/**
 * The floor: the least a build could do to produce the same site. It only serializes
 * and writes the same files (same paths, so the same fan-out, and the same size each)
 * with no pipeline: for each file, `JSON.stringify` of real entity objects padded to the
 * exact size, written sequentially with `writeFileSync` (one `mkdirSync` per folder).
 *
 *   node --import tsx bench/floor.ts <files.json> <pool.json> <out-dir> [shard count]
 *
 * `files.json` is `[[path, size], …]`, `pool.json` an array of entity objects. With a
 * shard (0-based) and a count, writes only every count-th block of 256 files, so that
 * `count` processes together write the site on as many cores, as the build's writer
 * threads do. Prints `{"files", "bytes", "serializeMs", "writeMs"}` on standard output.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [listFile, poolFile, outDir, shard = '0', shards = '1'] = process.argv.slice(2);
if (!listFile || !poolFile || !outDir)
  throw new Error('usage: floor.ts <files.json> <pool.json> <out-dir> [shard count]');
const BLOCK = 256;

const files = (JSON.parse(readFileSync(listFile, 'utf8')) as [string, number][]).filter(
  (_, i) => Math.floor(i / BLOCK) % Number(shards) === Number(shard),
);
const pool = JSON.parse(readFileSync(poolFile, 'utf8')) as object[];
const poolBytes = pool.map((item) => Buffer.byteLength(JSON.stringify(item)));
const PADDING = 'x'.repeat(1 << 20);
const OVERHEAD = '{"items":[],"pad":""}'.length;

let next = 0;
let bytes = 0;
let serializeMs = 0;
let writeMs = 0;
const folders = new Set<string>();
for (const [file, size] of files) {
  const t0 = performance.now();
  const content = serializeOfSize(size);
  const t1 = performance.now();
  const target = path.join(outDir, file);
  const folder = path.dirname(target);
  if (!folders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    folders.add(folder);
  }
  writeFileSync(target, content);
  writeMs += performance.now() - t1;
  serializeMs += t1 - t0;
  bytes += size;
}
process.stdout.write(
  `${JSON.stringify({ files: files.length, bytes, serializeMs: Math.round(serializeMs), writeMs: Math.round(writeMs) })}\n`,
);

// Entities from the pool, in turn, as long as they fit; then ASCII padding up to the exact size.
function serializeOfSize(size: number): string {
  if (size < OVERHEAD) return size >= 2 ? JSON.stringify(PADDING.slice(0, size - 2)) : ' '.repeat(size);
  const items: object[] = [];
  let used = 0;
  for (;;) {
    const cost = poolBytes[next]! + (items.length > 0 ? 1 : 0);
    if (used + cost > size - OVERHEAD) break;
    items.push(pool[next]!);
    used += cost;
    next = (next + 1) % pool.length;
  }
  return JSON.stringify({ items, pad: padding(size - OVERHEAD - used) });
}

function padding(length: number): string {
  return length <= PADDING.length ? PADDING.slice(0, length) : 'x'.repeat(length);
}
