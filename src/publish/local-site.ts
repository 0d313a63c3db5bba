/** The built site to publish: every file that is served, each with its fingerprint. */
import path from 'node:path';
import { HOST_CONFIG_FILES } from '../hosts/index.js';
import {
  listSiteFiles,
  readManifest,
  type Manifest,
  absentDocuments,
  isPartialSite,
  unbuiltFiles,
} from '../site/index.js';
import { UserError } from '../shared/index.js';
import { assertNoInterruptedBuild } from '../pipeline/write/index.js';
import { MANIFEST_PATH } from '../query/formats/index.js';

/** A built site on disk, as a publish sees it. */
export interface LocalSite {
  /** Path → `[fingerprint, generatedAt]` of every file to publish, in path order. */
  files: Manifest;
  /** The text of the build manifest's `manifest.json` when read, which changes with every build that changes the site: to tell whether one replaced it meanwhile. */
  manifestText: string;
  /** Files of a partial site (site/partial-site.ts) that its manifest lists but its folder lacks: unchanged since the build before, whose publish sent them. */
  absent: ReadonlySet<string>;
}

// Files a refusal names; past them it counts the rest.
const NAMED_FILES = 10;

/**
 * Reads the site in `dir`: every file but the hidden ones (a segment starting with `.`:
 * `.dataset-site/` with the build manifest, which no host serves either), fingerprinted
 * as the build manifest says, so unchanged files are not read. A file the manifest does not
 * list (put there by hand: a deploy configuration, a note) is refused, naming it, as is a
 * site whose manifest cannot tell which files the build wrote: the bucket is public. A
 * partial site's files are those its manifest lists, the unchanged entity documents and
 * pages not in its folder among them. The files hosts read rather than serve
 * (HOST_CONFIG_FILES) are not published. A folder an interrupted build left is refused
 * (interrupted-build.ts).
 */
export async function readLocalSite(dir: string): Promise<LocalSite> {
  await assertNoInterruptedBuild(dir, 'publish');
  const { manifest: built, rootText: manifestText, damage } = await readManifest(dir);
  if (manifestText === undefined)
    throw new UserError(`${dir} is not a built site (no ${MANIFEST_PATH}); did you run dataset-site build?`, 1);
  if (damage !== undefined)
    throw new UserError(
      `${MANIFEST_PATH} in ${dir} ${damage}, so which files the build wrote is unknown; build the site again, then publish`,
      1,
    );
  const present = listSiteFiles(dir);
  const unbuilt = unbuiltFiles(present, built);
  if (unbuilt.length > 0) {
    const more = unbuilt.length > NAMED_FILES ? ` and ${unbuilt.length - NAMED_FILES} more` : '';
    throw new UserError(
      `${dir} holds ${unbuilt.length} ${unbuilt.length === 1 ? 'file' : 'files'} the build did not write (its manifest does not list them): ` +
        `${unbuilt.slice(0, NAMED_FILES).join(', ')}${more}; publish sends only what the build wrote, as anything else in the bucket is public: ` +
        'move them out of the site folder (deploy/ belongs beside it), then publish again',
      1,
    );
  }
  const files: Manifest = new Map();
  for (const file of present) files.set(file, built.get(file)!);
  // The build's own files (`.dataset-site/changes.json`) are listed too, and hidden: never published.
  const absent = new Set(absentDocuments(built, files));
  const [missing] = absent;
  if (missing !== undefined && !isPartialSite(dir))
    throw new UserError(
      `${path.join(dir, missing)} is listed in ${MANIFEST_PATH} but missing; build the site again`,
      1,
    );
  for (const file of absent) files.set(file, built.get(file)!);
  for (const file of HOST_CONFIG_FILES) files.delete(file);
  const inOrder = absent.size === 0 ? files : new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { files: inOrder, manifestText, absent };
}
