/**
 * verify(): checks a built site against the contract. The reference is the entities of
 * the site's bulk dumps; every entity document must repeat its dump line, every listing
 * and relation page must be the reference answer for its query, every link must resolve,
 * the search index, facets, feed and generated documents must be those the entities
 * make, and no other document may be there. Each document is read once; the reading and
 * comparing runs on every core (check-pool.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Diagnostic } from '../shared/index.js';
import {
  isWrittenFrom,
  DUMPS_FOLDER,
  SCHEMA_PATH,
  SNAPSHOT_ROOT_PATH,
  parseListingPath,
  API_ROOT,
} from '../query/formats/index.js';
import type { ResponseContext } from '../query/responses/index.js';
import { versionOfBodyBytes } from '../query/search/index.js';
import { KINDS, type Kind } from '../query/semantics/index.js';
import { buildDictionary } from '../schema/index.js';
import { renderTermsAside } from '../pipeline/render/index.js';
import { generatedDocuments } from '../documents/index.js';
import {
  readSchemaDescription,
  readManifest,
  SiteGenerations,
  absentDocuments,
  assertWholeSite,
  isPartialSite,
  listSiteFiles,
  unbuiltFiles,
  type ManifestFiles,
} from '../site/index.js';
import { assertNoInterruptedBuild } from '../pipeline/write/index.js';
import { checkChangesFeed } from './changes-feed.js';
import { linkCheck } from './links.js';
import { readDocuments } from './read-documents.js';
import { readDumpReference } from './reference-dumps.js';
import { checkSearchIndexes, readSiteSlots } from './search-indexes.js';
import { changedSelection, EVERYTHING, selects } from './selection.js';

/** Options of {@link verifySite}. */
export interface VerifyOptions {
  /** Folder of the built site. @default 'dist' */
  dir?: string;
  /** Progress messages. @default none */
  onProgress?: (message: string) => void;
  /** Worker threads that read and compare documents. @default one a core */
  threads?: number;
  /**
   * Read only what the last build changed, what links to it and what it links to, and
   * the next share of a rotation that reads every document within `rotation` runs
   * (selection.ts). Everything else (the dumps, the links, the search index, the feed,
   * the generated documents, which files are there) is checked in full all the same.
   * The only verify of a partial site (`build --partial`), of which it reads what the
   * folder holds.
   * @default false: read every document
   */
  changed?: boolean;
  /** Runs in which the rotation of `changed` reads every document. @default 288, a day of 5-minute runs */
  rotation?: number;
}

/** What verify found. */
export interface VerifyResult {
  problems: Diagnostic[];
  /** Documents of the site. */
  documents: number;
  /** Entity documents and pages read and compared: all of them, unless `changed`. */
  read: number;
}

// Folders whose documents are checked by their own checks, not as pages, entities or generated documents.
const CHECKED_APART = ['search', 'snapshots', 'changes', 'dumps'].map((folder) => `${API_ROOT}/${folder}/`);

/** Checks the site in `dir`; an empty `problems` list means it keeps the contract. */
export async function verifySite(options: VerifyOptions = {}): Promise<VerifyResult> {
  const dir = options.dir ?? 'dist';
  const progress = options.onProgress ?? (() => {});
  const root = path.resolve(dir);
  const description = await readSchemaDescription(dir);
  const problems: Diagnostic[] = [];
  const problem = ({ file, field, message, line }: { file: string; field?: string; message: string; line?: number }) =>
    problems.push({ code: 'invalid_site', severity: 'error', file: path.join(dir, file), line, field, message });
  // A partial site's files are those its manifest lists; those its folder lacks are not read (site/partial-site.ts).
  await assertNoInterruptedBuild(dir, 'verify');
  if (!options.changed) assertWholeSite(dir, 'a full verify');
  const manifest = await readManifest(root);
  const { files, absent } = siteFiles(root, manifest);
  const selection = options.changed ? await changedSelection(root, options.rotation) : EVERYTHING;
  if (options.changed)
    progress(
      selection.everything
        ? 'the last build had nothing to compare with: every document is read'
        : `${selection.changed.size} documents changed in the last build; rotation share ${selection.slot + 1} of ${selection.period}`,
    );
  if (absent.size > 0)
    progress(
      `a partial site: ${absent.size} unchanged documents its manifest lists are not in the folder, and not read`,
    );

  const selected = (file: string) => selects(selection, file);
  const reference = await readDumpReference(root, description.baseUrl, { line: selected, part: selected });
  reference.problems.forEach(problem);
  const { dataset } = reference;
  // The slots the site's search index gives the entities, which it is checked with.
  const slots = await readSiteSlots(root, dataset, problem);
  // The term shards of the search index, the largest part of its making, are made in a worker thread meanwhile.
  const terms = renderTermsAside(dataset, slots).then(({ searches }) => searches);
  terms.catch(() => undefined); // awaited, and so reported, by checkSearchIndexes
  progress(`dumps read: ${KINDS.map((kind) => dataset.entities[kind].length).join(' + ')} entities`);
  if (JSON.stringify(description.dictionary) !== JSON.stringify(buildDictionary()))
    problem({
      file: SCHEMA_PATH,
      field: '_meta.entities',
      message: 'the data dictionary differs from the one this dataset-site generates',
    });

  const check = linkCheck(description.baseUrl, files, problem);
  const context: ResponseContext = {
    baseUrl: description.baseUrl,
    generatedAt: '',
    dictionary: description.dictionary,
  };
  const { expected, read, pages } = await readDocuments({
    root,
    reference,
    context,
    files,
    absent,
    selection,
    pageDepth: description.pageDepth,
    threads: options.threads,
    problem,
    check,
  });
  progress(`${read} of ${expected.size} entity documents and pages read and compared (${pages} pages in all)`);
  expected.add(SCHEMA_PATH).add(SNAPSHOT_ROOT_PATH);
  const generated = generatedDocuments(dataset, description.baseUrl, description.pageDepth);
  for (const document of generated) expected.add(document.path);

  // Without a manifest to read (damaged, or none), the documents' own checks below still name a stray document.
  const unbuilt = new Set(
    manifest.rootText === undefined || manifest.damage ? [] : unbuiltFiles(files, manifest.manifest),
  );
  for (const file of unbuilt)
    problem({
      file,
      message:
        'unexpected file: the build did not write it (the build manifest does not list it); move it out of the site folder, as publish refuses a site holding it',
    });
  for (const file of files) {
    if (unbuilt.has(file)) continue;
    if (file.startsWith(`${DUMPS_FOLDER}/`) && !reference.files.has(file))
      problem({ file, message: 'unexpected file: no dump index lists it' });
    if (!file.endsWith('.json') || expected.has(file) || CHECKED_APART.some((folder) => file.startsWith(folder)))
      continue;
    problem({
      file,
      message: parseListingPath(file)
        ? 'a listing page the reference does not have (no entity matches it)'
        : 'unexpected file',
    });
  }
  const site = { dir: root, dataset, baseUrl: description.baseUrl };
  const generations = SiteGenerations.of(manifest.manifest);
  // Each entity's body version, as the chunks of ids name it: the one its document, which is its dump line, ends with
  // ('' for none, which no document of ids names).
  const bodyOfRank = (kind: Kind, rank: number) => {
    const { bytes, spans } = reference.lines[kind];
    return versionOfBodyBytes(new Uint8Array(bytes, spans[rank * 2]!, spans[rank * 2 + 1]!)) ?? '';
  };
  problems.push(...(await checkSearchIndexes(site, files, dir, slots, generations, bodyOfRank, await terms, absent)));
  problems.push(...(await checkChangesFeed(root, files, dir, description.baseUrl, manifest.manifest)));
  for (const { path: file, content, timestamped } of generated) {
    const written = await readFile(path.join(root, file), 'utf8').catch(() => undefined);
    if (written === undefined) problem({ file, message: 'this document is missing' });
    else if (!isWrittenFrom(written, content, timestamped))
      problem({ file, message: 'this document differs from the one this dataset-site makes' });
  }
  return { problems, documents: files.size, read };
}

// The site's files: those in its folder, and for a partial site those its manifest lists but the folder lacks.
function siteFiles(root: string, manifest: ManifestFiles): { files: Set<string>; absent: Set<string> } {
  const files = new Set(listSiteFiles(root));
  if (!isPartialSite(root)) return { files, absent: new Set() };
  const absent = new Set(absentDocuments(manifest.manifest, files));
  for (const file of absent) files.add(file);
  return { files, absent };
}
