/**
 * The term cache: what the search indexes' forward indexes held (term-entries.ts), kept in
 * the state folder so that a rebuild tokenizes only the entities whose records changed, where a
 * build tokenized every entity's texts (at L, 5 of the 15 seconds of the exhibitors' `text`
 * index). It says what it is valid for (`.dataset-site/terms.json`: the code, which tokenizes,
 * and the index version) and, for each search of each kind, the numbering of its terms in
 * files of {@link TERMS_PER_FILE} terms (`terms/{search}/{kind}/terms-{n}.txt`, one a line;
 * a new term is numbered after the others, so that only the last file changes) and its blocks
 * of entries (`terms/{search}/{kind}/slots-{block}.txt`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { documentVersion, TERM_CACHE_FOLDER, TERM_CACHE_PATH } from '../../query/formats/index.js';
import { SEARCH_INDEX_VERSION } from '../../query/search/index.js';
import { KINDS, type Kind, SEARCHES, type Search } from '../../query/semantics/index.js';
import { currentJson } from '../../site/index.js';
import type { OutputFile } from '../assemble/index.js';
import type { PieceCache } from './term-entries.js';

// 1: the first.
const TERM_CACHE_VERSION = documentVersion('terms');

/** Terms in a file of a numbering. */
export const TERMS_PER_FILE = 4_096;

/** The term cache of each search of each kind it holds. */
export type TermCaches = Partial<Record<Search, Partial<Record<Kind, PieceCache>>>>;

const PIECE = z.object({ terms: z.int().nonnegative(), blocks: z.int().nonnegative() });
const ROOT = z.object({
  version: z.literal(TERM_CACHE_VERSION),
  index_version: z.number(),
  code: z.string(),
  pieces: z.partialRecord(z.enum(SEARCHES), z.partialRecord(z.enum(KINDS), PIECE)),
});
type Root = z.infer<typeof ROOT>;

/**
 * The term cache the previous build in `dir` left, for code of fingerprint `code`: none when
 * it is missing, of another version or code; none of a search of a kind whose files are not
 * all there, or whose numbering is not as long as the root says.
 */
export async function readTermCache(dir: string, code: string): Promise<TermCaches> {
  const read = (file: string) => readFile(path.join(dir, file), 'utf8').catch(() => undefined);
  const root = ROOT.safeParse(currentJson(await read(TERM_CACHE_PATH), TERM_CACHE_VERSION)).data;
  if (root === undefined || root.index_version !== SEARCH_INDEX_VERSION || root.code !== code) return {};
  const caches: TermCaches = {};
  for (const search of SEARCHES)
    for (const kind of KINDS) {
      const sizes = root.pieces[search]?.[kind];
      if (sizes === undefined) continue;
      const [termFiles, blocks] = await Promise.all([
        Promise.all(range(Math.ceil(sizes.terms / TERMS_PER_FILE)).map((n) => read(termsPath(search, kind, n)))),
        Promise.all(range(sizes.blocks).map((block) => read(blockPath(search, kind, block)))),
      ]);
      if (termFiles.includes(undefined) || blocks.includes(undefined)) continue;
      const terms = (termFiles as string[]).flatMap((text) => text.split('\n'));
      if (terms.length !== sizes.terms) continue;
      (caches[search] ??= {})[kind] = { terms, blocks: blocks as string[] };
    }
  return caches;
}

/** The files of the term cache of `pieces`, valid for code of fingerprint `code`. */
export function termCacheFiles(code: string, pieces: TermCaches): OutputFile[] {
  const root: Root = { version: TERM_CACHE_VERSION, index_version: SEARCH_INDEX_VERSION, code, pieces: {} };
  const files: OutputFile[] = [];
  for (const search of SEARCHES)
    for (const kind of KINDS) {
      const piece = pieces[search]?.[kind];
      if (piece === undefined) continue;
      (root.pieces[search] ??= {})[kind] = { terms: piece.terms.length, blocks: piece.blocks.length };
      for (let n = 0; n * TERMS_PER_FILE < piece.terms.length; n++)
        files.push({
          path: termsPath(search, kind, n),
          content: piece.terms.slice(n * TERMS_PER_FILE, (n + 1) * TERMS_PER_FILE).join('\n'),
          timestamped: false,
        });
      piece.blocks.forEach((content, block) =>
        files.push({ path: blockPath(search, kind, block), content, timestamped: false }),
      );
    }
  return [{ path: TERM_CACHE_PATH, content: JSON.stringify(root), timestamped: false }, ...files];
}

function termsPath(search: Search, kind: Kind, n: number): string {
  return `${TERM_CACHE_FOLDER}/${search}/${kind}/terms-${n}.txt`;
}

function blockPath(search: Search, kind: Kind, block: number): string {
  return `${TERM_CACHE_FOLDER}/${search}/${kind}/slots-${block}.txt`;
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}
