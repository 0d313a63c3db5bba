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
  bodyCopyPath,
  isBodyCopyPath,
  isWrittenFrom,
  parseSnapshot,
  SiteError,
  SNAPSHOT_ROOT_PATH,
  snapshotPath,
  versionedPath,
  type Snapshot,
} from '../query/formats/index.js';
import {
  ID_BLOCK_SLOTS,
  parseIds,
  type SlotIds,
  searchIndexPath,
  parseSearchEntry,
  parseTextEntry,
  renderSearchIndex,
  type RenderedSearches,
  type SlotAssignment,
  rankSlots,
  versionAt,
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
  bodyOfRank: (kind: Kind, rank: number) => string,
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
    const expected = renderSearchIndex(
      site.dataset,
      kind,
      slots[kind],
      (rank) => bodyOfRank(kind, rank),
      terms?.[kind],
      generations.own,
    );
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
  // Every snapshot the site holds, the current one included: each document its entries name is there, and each body
  // its ids name is the public document's or has its copy.
  const served = servedBodies(site.dataset, bodyOfRank);
  const blocks = new Map<string, Promise<SlotIds | undefined>>();
  const readBlock = (file: string) => {
    if (!blocks.has(file))
      blocks.set(
        file,
        read(file).then((text) => (text === undefined ? undefined : parseIds(file, text, ID_BLOCK_SLOTS))),
      );
    return blocks.get(file)!;
  };
  for (const file of files) {
    if (!file.startsWith(SNAPSHOTS_FOLDER) || absent.has(file)) continue;
    wanted.add(file);
    const named = await snapshotDocuments(file, read, files, readBlock, served).catch((error: unknown) => {
      if (!(error instanceof SiteError)) throw error;
      problem(file, error.message);
      return [];
    });
    for (const document of named) {
      if (files.has(document)) wanted.add(document);
      else problem(file, `this snapshot is not whole: ${document} is missing`);
    }
  }
  // A body's copy is kept for a time after the build that wrote it (docs/api.md#snapshots), named or not.
  for (const file of files)
    if (file.startsWith(SEARCH_FOLDER) && !wanted.has(file) && !absent.has(file) && !isBodyCopyPath(file))
      problem(file, 'this file is not part of the search index the entities make, nor of a snapshot the site retains');
  return problems;
}

// The version of the body each entity's public document holds, by kind and id.
function servedBodies(
  dataset: Dataset,
  bodyOfRank: (kind: Kind, rank: number) => string,
): (kind: Kind, id: string) => string | undefined {
  const byKind = new Map<Kind, Map<string, string>>();
  return (kind, id) => {
    if (!byKind.has(kind))
      byKind.set(kind, new Map(dataset.entities[kind].map((entity, rank) => [entity.id, bodyOfRank(kind, rank)])));
    return byKind.get(kind)!.get(id);
  };
}

// The documents a snapshot names: its entries, every document they name, and the copy of each body its blocks of
// ids name that is not the public document's.
async function snapshotDocuments(
  file: string,
  read: (file: string) => Promise<string | undefined>,
  files: ReadonlySet<string>,
  readBlock: (file: string) => Promise<SlotIds | undefined>,
  served: (kind: Kind, id: string) => string | undefined,
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
    for (let block = 0; block * ID_BLOCK_SLOTS < entry.slots.slots; block++) {
      const blockPath = entry.versions.idBlock(block);
      const held = files.has(blockPath) ? await readBlock(blockPath) : undefined;
      held?.ids.forEach((id, i) => {
        const body = versionAt(held.bodies, i);
        if (id !== '' && served(kind, id) !== body) named.push(bodyCopyPath(kind, id, body));
      });
    }
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
