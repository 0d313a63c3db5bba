/** Reading a built site's bulk dump of a kind as a client would: its index, then its parts in order. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { dumpIndexPath, dumpPartPath } from '../../src/query/formats/index.js';
import type { Kind } from '../../src/query/semantics/index.js';
import { parseDumpIndex } from '../../src/schema/index.js';

/** A kind's dump in `site`: the index's parts with their files, and the parts' lines joined. */
export async function readDump(
  site: string,
  kind: Kind,
): Promise<{ parts: { key: string; file: string; count: number; bytes: number; sha256: string }[]; text: string }> {
  const index = parseDumpIndex(kind, await readFile(path.join(site, dumpIndexPath(kind)), 'utf8'));
  if ('error' in index) throw new Error(`${dumpIndexPath(kind)}: ${index.error}`);
  const parts = index.parts.map((part) => ({ ...part, file: dumpPartPath(kind, part.key) }));
  const texts = await Promise.all(parts.map((part) => readFile(path.join(site, part.file), 'utf8')));
  return { parts, text: texts.join('') };
}
