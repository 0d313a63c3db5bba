/** The changes feed must list exactly its change sets, each present and linked in order (docs/api.md#changes). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentFingerprint, type Diagnostic } from '../shared/index.js';
import {
  CHANGES_INDEX_PATH,
  changeSetPath,
  parseChangesIndex,
  type ChangeSetDocument,
  API_ROOT,
  staticUrl,
  unstampedText,
} from '../query/formats/index.js';
import type { Manifest } from '../site/index.js';

/**
 * Checks the feed's index, that every build it lists has its change set chained to its
 * neighbours, that no other file is in the feed's folder, and that the index and the sets
 * are the documents the build wrote (their fingerprints in `built`, the build manifest): the
 * feed is made from the state of builds before, which verify cannot make again, so a changed
 * `window_days` or count is caught only so.
 */
export async function checkChangesFeed(
  siteDir: string,
  files: ReadonlySet<string>,
  dir: string,
  baseUrl: string,
  built: Manifest,
): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  const problem = (file: string, message: string) =>
    problems.push({ code: 'invalid_site', severity: 'error', file: path.join(dir, file), message });
  const read = async <T>(file: string): Promise<T | undefined> =>
    JSON.parse(await readFile(path.join(siteDir, file), 'utf8')) as T;
  let builds: string[];
  try {
    builds = parseChangesIndex(await readFile(path.join(siteDir, CHANGES_INDEX_PATH), 'utf8')).builds.map(
      (build) => build.build,
    );
  } catch (error) {
    problem(CHANGES_INDEX_PATH, `the changes feed has no readable index: ${(error as Error).message}`);
    return problems;
  }
  const listed = new Set([CHANGES_INDEX_PATH, ...builds.map(changeSetPath)]);
  const urlOf = (build: string | undefined) => (build === undefined ? null : staticUrl(baseUrl, changeSetPath(build)));
  for (const [i, build] of builds.entries()) {
    const file = changeSetPath(build);
    const set = files.has(file) ? await read<ChangeSetDocument>(file).catch(() => undefined) : undefined;
    if (set === undefined) problem(file, 'a change set the feed index lists is missing or not JSON');
    else if (
      set.build !== build ||
      set._links?.previous !== urlOf(builds[i - 1]) ||
      set._links?.next !== urlOf(builds[i + 1])
    ) {
      problem(file, 'this change set is not chained to the builds before and after it in the index');
    }
  }
  for (const file of files)
    if (file.startsWith(`${API_ROOT}/changes/`) && !listed.has(file))
      problem(file, 'a change set the feed index does not list');
  for (const file of listed) {
    const fingerprint = built.get(file)?.[0];
    const written = files.has(file)
      ? await readFile(path.join(siteDir, file), 'utf8').catch(() => undefined)
      : undefined;
    if (
      fingerprint !== undefined &&
      written !== undefined &&
      contentFingerprint(unstampedText(written)) !== fingerprint
    )
      problem(
        file,
        'this document is not the one the build wrote (its bytes differ from its fingerprint in the build manifest); rebuild the site',
      );
  }
  return problems;
}
