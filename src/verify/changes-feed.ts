/** The changes feed must list exactly its change sets, each present and linked in order (docs/api.md#changes). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../shared/index.js';
import {
  CHANGES_INDEX_PATH,
  changeSetPath,
  parseChangesIndex,
  type ChangeSetDocument,
  API_ROOT,
  staticUrl,
} from '../query/formats/index.js';

/** Checks the feed's index, that every build it lists has its change set chained to its neighbours, and that no other file is in the feed's folder. */
export async function checkChangesFeed(
  siteDir: string,
  files: ReadonlySet<string>,
  dir: string,
  baseUrl: string,
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
  return problems;
}
