/**
 * The search index documents must be of this format and agree with the entities
 * (docs/api.md#search-index), at the generations the snapshot root and the entries name; every
 * snapshot the site retains must be whole (docs/api.md#snapshots).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../shared/index.js';
import {
  API_ROOT,
  isWrittenFrom,
  parseSnapshot,
  SiteError,
  SNAPSHOT_ROOT_PATH,
  snapshotPath,
  versionedPath,
  type Snapshot,
} from '../query/formats/index.js';
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
import { KINDS, SEARCHES, type Kind } from '../query/semantics/index.js';
import { readIdsBySlot, type SiteGenerations, type SiteOnDisk } from '../site/index.js';

const SEARCH_FOLDER = `${API_ROOT}/search/`;
const SNAPSHOTS_FOLDER = snapshotPath('x').replace(/x\.json$/, '');

/**
 * Checks each kind's index: the snapshot root naming its entries, each entry's format, and every
 * document equal to the one the entities make with the site's `slots` (with `terms`, its term
 * shards made already) at the site's `generations`, none missing; then each snapshot the site
 * retains, whole; no file of the index that no snapshot names. The `absent` files of a partial
 * site (site/partial-site.ts), which its manifest lists, are not read.
 */
export async function checkSearchIndexes(
  site: Pick<SiteOnDisk, 'dir' | 'dataset'>,
  files: ReadonlySet<string>,
  dir: string,
  slots: Record<Kind, SlotAssignment>,
  generations: SiteGenerations,
  terms?: Record<Kind, RenderedSearches>,
  absent: ReadonlySet<string> = new Set(),
): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  const problem = (file: string, message: string) =>
    problems.push({ code: 'invalid_site', severity: 'error', file: path.join(dir, file), message });
  const read = (file: string) => readFile(path.join(site.dir, file), 'utf8').catch(() => undefined);
  const rootText = await read(SNAPSHOT_ROOT_PATH);
  let root: Snapshot | undefined;
  try {
    root = rootText === undefined ? undefined : parseSnapshot(SNAPSHOT_ROOT_PATH, rootText);
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    problem(SNAPSHOT_ROOT_PATH, error.message);
  }
  if (rootText === undefined) problem(SNAPSHOT_ROOT_PATH, 'the snapshot root is missing');
  const utf8 = new TextDecoder();
  const wanted = new Set<string>();
  const search = {} as Snapshot['search'];
  for (const kind of KINDS) {
    const expected = renderSearchIndex(site.dataset, kind, slots[kind], terms?.[kind], generations.own);
    search[kind] = expected.entries;
    for (const document of expected.documents) {
      wanted.add(document.path);
      if (absent.has(document.path)) continue;
      const text = await read(document.path);
      const rendered = typeof document.content === 'string' ? document.content : utf8.decode(document.content);
      if (text === undefined) problem(document.path, 'this search index document is missing');
      else if (!isWrittenFrom(text, rendered, document.timestamped ?? true))
        problem(document.path, 'this search index document differs from the one the entities make');
    }
    for (const name of SEARCHES)
      if (root !== undefined && root.search[kind][name] !== expected.entries[name])
        problem(
          SNAPSHOT_ROOT_PATH,
          `it names generation ${root.search[kind][name]} of ${searchIndexPath(kind, name)}, not ${expected.entries[name]}, of the index the entities make`,
        );
  }
  if (root !== undefined) wanted.add(snapshotPath(root.id));
  // Every snapshot the site holds, the current one included: each document its entries name is there.
  for (const file of files) {
    if (!file.startsWith(SNAPSHOTS_FOLDER) || absent.has(file)) continue;
    wanted.add(file);
    const named = await snapshotDocuments(file, read, files).catch((error: unknown) => {
      if (!(error instanceof SiteError)) throw error;
      problem(file, error.message);
      return [];
    });
    for (const document of named) {
      if (files.has(document)) wanted.add(document);
      else problem(file, `this snapshot is not whole: ${document} is missing`);
    }
  }
  for (const file of files)
    if (file.startsWith(SEARCH_FOLDER) && !wanted.has(file) && !absent.has(file))
      problem(file, 'this file is not part of the search index the entities make, nor of a snapshot the site retains');
  return problems;
}

// The documents a snapshot names: its entries, and every document they name.
async function snapshotDocuments(
  file: string,
  read: (file: string) => Promise<string | undefined>,
  files: ReadonlySet<string>,
): Promise<string[]> {
  const text = await read(file);
  if (text === undefined) throw new SiteError(`${file} cannot be read`);
  const snapshot = parseSnapshot(file, text);
  const named: string[] = [];
  for (const kind of KINDS) {
    const entryPath = versionedPath(searchIndexPath(kind), snapshot.search[kind].q);
    const textPath = versionedPath(searchIndexPath(kind, 'text'), snapshot.search[kind].text);
    named.push(entryPath, textPath);
    const [entryText, textText] = await Promise.all([read(entryPath), read(textPath)]);
    if (entryText === undefined || textText === undefined || !files.has(entryPath) || !files.has(textPath)) continue;
    const entry = parseSearchEntry(entryPath, entryText, kind);
    named.push(...entry.versions.documents(entry.slots.slots));
    named.push(...parseTextEntry(textPath, textText, kind).versions.documents());
  }
  return named;
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
