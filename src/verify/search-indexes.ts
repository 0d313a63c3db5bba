/** The search index documents must be of this format and agree with the entities (docs/api.md#search-index). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../shared/index.js';
import { isWrittenFrom, SiteError } from '../query/formats/index.js';
import {
  searchIndexPath,
  parseSearchEntry,
  parseTextEntry,
  renderSearchIndex,
  type RenderedSearches,
  type SlotAssignment,
  rankSlots,
  siteSlots,
} from '../query/search/index.js';
import { type Dataset } from '../query/dataset/index.js';
import { KINDS, type Kind } from '../query/semantics/index.js';
import { readIdsBySlot, type SiteOnDisk } from '../site/index.js';

/**
 * Checks each kind's index: its entry's format, and every shard equal to the one the entities
 * make with the site's `slots` (with `terms`, its term shards made already), none missing, none extra.
 */
export async function checkSearchIndexes(
  site: Pick<SiteOnDisk, 'dir' | 'dataset'>,
  files: ReadonlySet<string>,
  dir: string,
  slots: Record<Kind, SlotAssignment>,
  terms?: Record<Kind, RenderedSearches>,
): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  const problem = (file: string, message: string) =>
    problems.push({ code: 'invalid_site', severity: 'error', file: path.join(dir, file), message });
  const utf8 = new TextDecoder();
  for (const kind of KINDS) {
    const entryPath = searchIndexPath(kind);
    const textPath = searchIndexPath(kind, 'text');
    try {
      parseSearchEntry(entryPath, await readFile(path.join(site.dir, entryPath), 'utf8'), kind);
      parseTextEntry(textPath, await readFile(path.join(site.dir, textPath), 'utf8'), kind);
    } catch (error) {
      const failed =
        error instanceof SiteError ? error.message : `cannot read the search index: ${(error as Error).message}`;
      problem(error instanceof SiteError && failed.startsWith(textPath) ? textPath : entryPath, failed);
      continue;
    }
    const expected = renderSearchIndex(site.dataset, kind, slots[kind], terms?.[kind]);
    for (const document of expected) {
      const text = await readFile(path.join(site.dir, document.path), 'utf8').catch(() => undefined);
      const rendered = typeof document.content === 'string' ? document.content : utf8.decode(document.content);
      if (text === undefined) problem(document.path, 'this search index document is missing');
      else if (!isWrittenFrom(text, rendered, document.timestamped ?? true))
        problem(document.path, 'this search index document differs from the one the entities make');
    }
    const wanted = new Set(expected.map((document) => document.path));
    const shardFolder = `${entryPath.replace(/\.json$/, '')}/`;
    for (const file of files) {
      if (file.startsWith(shardFolder) && !wanted.has(file))
        problem(file, 'this file is not part of the search index the entities make');
    }
  }
  return problems;
}

/**
 * The slots the search index of the site in `root` gives each kind's entities, for checking it:
 * where they cannot be read, or do not name each entity once, a `problem` said of the kind's
 * entry, and the slots a first build gives, so that the rest is still checked.
 */
export async function readSiteSlots(
  root: string,
  dataset: Dataset,
  problem: (problem: { file: string; message: string }) => void,
): Promise<Record<Kind, SlotAssignment>> {
  const slots = {} as Record<Kind, SlotAssignment>;
  for (const kind of KINDS) {
    const ids = dataset.entities[kind].map((entity) => entity.id);
    const read = await readIdsBySlot(root, kind);
    const assigned = typeof read === 'string' ? read : siteSlots(read, ids);
    if (typeof assigned === 'string')
      problem({ file: searchIndexPath(kind), message: `the slots of the search index: ${assigned}` });
    slots[kind] = typeof assigned === 'string' ? rankSlots(ids) : assigned;
  }
  return slots;
}
