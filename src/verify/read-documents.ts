/**
 * The bulk of verify: every entity document and every listing and relation page the
 * reference says the site has, each read once and compared byte for byte (check-pool.ts),
 * or, for `--changed`, only those the selection names and those linked to or from what
 * changed (selection.ts). Missing documents and links to them are found from the file
 * list without reading anything.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  eachLeaf,
  entityPath,
  type LeafMap,
  leafMapPath,
  leafMapText,
  leafPath,
  listingLeaves,
} from '../query/formats/index.js';
import { type ResponseContext, totalsOf, heldPageCount } from '../query/responses/index.js';
import { KINDS, type Kind, kindsOf } from '../query/semantics/index.js';
import { OUTPUT_SCHEMAS } from '../schema/index.js';
import { checkContext, type Check, type CheckOutcome } from './check-batch.js';
import { startCheckPool } from './check-pool.js';
import { expectedListings, type ExpectedListing, pagePath } from './expected-listings.js';
import { entityLinks, linkTarget, type LinkCheck } from './links.js';
import { leafSkeleton, pageEntities, pageSkeleton } from './page-skeleton.js';
import type { DumpReference } from './reference-dumps.js';
import { selects, type Selection } from './selection.js';

/** A problem to report, by the site-relative path of its file. */
export type ReportProblem = (problem: { file: string; field?: string; message: string }) => void;

/** What reading the documents needs. */
export interface ReadDocumentsInput {
  root: string;
  reference: DumpReference;
  context: ResponseContext;
  /** Every file of the site. */
  files: ReadonlySet<string>;
  /** Files of a partial site that its manifest lists but its folder lacks (site/partial-site.ts): unchanged, never read. */
  absent: ReadonlySet<string>;
  selection: Selection;
  /** How many pages of each dataset listing the site holds (its schema document's `static_pages.depth`); `undefined`: every page. */
  pageDepth: number | undefined;
  threads?: number;
  problem: ReportProblem;
  check: LinkCheck;
}

/** The entity documents and pages the reference expects, how many were read, how many pages there are. */
export interface DocumentsRead {
  expected: Set<string>;
  read: number;
  pages: number;
}

const BATCH = 256;
const MISSING_ENTITY = 'missing: the dump lists this entity';
const MISSING_PAGE = 'missing: the reference says this page exists';
const MISSING_LEAVES = "missing: the reference says this listing's leaves are here";

/** Reads and compares the entity documents and pages the selection calls for; reports what is wrong. */
export async function readDocuments(input: ReadDocumentsInput): Promise<DocumentsRead> {
  const { root, reference, context, files, absent, selection, problem, check, pageDepth } = input;
  const { dataset } = reference;
  const { changed } = selection;
  const expected = new Set<string>();
  const pool = startCheckPool(checkContext(root, reference.lines), input.threads);
  let batch: Check[] = [];
  let read = 0;
  let pages = 0;
  const submit = async (item: Check) => {
    read++;
    batch.push(item);
    if (batch.length >= BATCH) await pool.submit(batch.splice(0));
  };
  const entityFiles = KINDS.map((kind) => dataset.entities[kind].map((entity) => entityPath(kind, entity.id)));
  const entityFile = (pairs: readonly number[], i: number) => entityFiles[pairs[i]!]![pairs[i + 1]!]!;
  const targetsOf = (kind: number, rank: number) =>
    entityLinks(dataset.entities[KINDS[kind]!][rank]!._links).map(([, url]) => linkTarget(context.baseUrl, url));
  // What a changed document links to: its entities' targets, and (below) the entities a changed page lists.
  const linkedFromChanged = new Set<string>();
  // A listing's leaves, each against its skeleton when selected or when it lists what changed, and their map, made again.
  const readLeaves = async (folder: string, leaves: LeafMap, matches: ExpectedListing['matches']) => {
    const mapFile = leafMapPath(folder);
    expected.add(mapFile);
    if (!files.has(mapFile)) problem({ file: mapFile, message: MISSING_LEAVES });
    else if (selects(selection, mapFile) && !absent.has(mapFile)) {
      const text = await readFile(path.join(root, mapFile), 'utf8');
      if (text !== leafMapText(leaves))
        problem({ file: mapFile, message: "differs from the map of the listing's leaves" });
    }
    for (const { kind, key, from, to } of eachLeaf(leaves)) {
      const ranks = matches[kind]!.slice(from, to);
      const file = leafPath(folder, kind, key);
      expected.add(file);
      if (!files.has(file)) {
        problem({ file, message: MISSING_LEAVES });
        continue;
      }
      const listsChanged = ranks.some((rank) => changed.has(entityFiles[KINDS.indexOf(kind)]![rank]!));
      if ((selects(selection, file) || listsChanged) && !absent.has(file))
        await submit({ page: leafSkeleton(file, kind, ranks) });
    }
  };
  entityFiles.forEach((paths, k) =>
    paths.forEach(
      (file, rank) =>
        changed.has(file) && targetsOf(k, rank).forEach((target) => target && linkedFromChanged.add(target)),
    ),
  );

  const idOf = (kind: Kind, rank: number) => dataset.entities[kind][rank]!.id;
  for (const listing of expectedListings(dataset)) {
    const { filters, type, matches } = listing;
    const held = filters === undefined || pageDepth === undefined ? undefined : { depth: pageDepth, type, filters };
    const count = heldPageCount(totalsOf(matches), held);
    for (let page = 1; page <= count; page++) {
      const file = pagePath(listing, page);
      const [next, prev] = [
        page < count ? pagePath(listing, page + 1) : null,
        page > 1 ? pagePath(listing, page - 1) : null,
      ];
      expected.add(file);
      pages++;
      if (next !== null && !files.has(next)) check(file, '_meta.next', `${context.baseUrl}/${next}`);
      if (prev !== null && !files.has(prev)) check(file, '_meta.prev', `${context.baseUrl}/${prev}`);
      if (!files.has(file)) {
        problem({ file, message: MISSING_PAGE });
        continue;
      }
      const entities = pageEntities(listing, page, kindsOf(listing.type));
      let listsChanged = false;
      for (let i = 0; i < entities.length && !listsChanged; i += 2) listsChanged = changed.has(entityFile(entities, i));
      if (changed.has(file))
        for (let i = 0; i < entities.length; i += 2) linkedFromChanged.add(entityFile(entities, i));
      const neighbourChanged = (next !== null && changed.has(next)) || (prev !== null && changed.has(prev));
      if (
        (selects(selection, file) || linkedFromChanged.has(file) || neighbourChanged || listsChanged) &&
        !absent.has(file)
      ) {
        await submit({ page: pageSkeleton(listing, page, context, held) });
      }
    }
    const leaves = filters === undefined ? undefined : listingLeaves(type, matches, idOf, pageDepth);
    if (leaves !== undefined) await readLeaves(listing.folder, leaves, matches);
  }
  for (const [k, paths] of entityFiles.entries()) {
    for (const [rank, file] of paths.entries()) {
      expected.add(file);
      if (!files.has(file)) {
        problem({ file, message: MISSING_ENTITY });
        continue;
      }
      const linksToChanged = () => targetsOf(k, rank).some((target) => target !== undefined && changed.has(target));
      if (absent.has(file) || !(selects(selection, file) || linkedFromChanged.has(file) || linksToChanged())) continue;
      // A link breaks when its target goes: the target is among what changed, and this document links to it.
      for (const [field, url] of entityLinks(dataset.entities[KINDS[k]!][rank]!._links)) check(file, field, url);
      await submit({ entity: file, kind: k, rank });
    }
  }
  await pool.submit(batch);
  const outcomes = await pool.finish();
  for (const outcome of outcomes.sort((a, b) => (a.file < b.file ? -1 : 1)))
    await reportOutcome(root, outcome, problem, check);
  return { expected, read, pages };
}

// What a failed check means: a page or entity missing, or one that differs (and why, where it can tell).
async function reportOutcome(
  root: string,
  { file, found, kind }: CheckOutcome,
  problem: ReportProblem,
  check: LinkCheck,
): Promise<void> {
  const entityKind = kind === undefined ? undefined : KINDS[kind]!;
  if (found === 'missing') return problem({ file, message: entityKind ? MISSING_ENTITY : MISSING_PAGE });
  let document: { _meta?: { next?: unknown; prev?: unknown } } | undefined;
  try {
    document = JSON.parse(await readFile(path.join(root, file), 'utf8'));
  } catch {
    // not JSON: reported as differing below
  }
  if (entityKind !== undefined) {
    const parsed = OUTPUT_SCHEMAS[entityKind].safeParse(document);
    if (!parsed.success)
      for (const issue of parsed.error.issues) problem({ file, field: issue.path.join('.'), message: issue.message });
    else problem({ file, message: "differs from the entity's line in its dump" });
    return;
  }
  problem({ file, message: 'differs from the reference answer for its query' });
  const meta = document?._meta ?? {};
  if (meta.next !== null) check(file, '_meta.next', meta.next);
  if (meta.prev !== null) check(file, '_meta.prev', meta.prev);
}
