/** The search index files must be of this format and agree with the entities (docs/api.md#search-index). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { searchIndexPath } from '../query/formats/paths.js';
import { parseSearchIndex, renderSearchIndex, type SearchIndexFile } from '../query/formats/search-index.js';
import { SiteError } from '../query/formats/site-error.js';
import { FILTERS, KINDS } from '../query/semantics/kinds.js';
import type { SiteOnDisk } from '../site/read-site.js';

/** Checks each kind's index: format, ids in the default order, postings and names. */
export async function checkSearchIndexes(site: SiteOnDisk, dir: string): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  for (const kind of KINDS) {
    const file = searchIndexPath(kind);
    const problem = (message: string) => problems.push({ code: 'invalid_site', severity: 'error', file: path.join(dir, file), message });
    let index: SearchIndexFile;
    try {
      index = parseSearchIndex(file, await readFile(path.join(site.dir, file), 'utf8'), kind);
    } catch (error) {
      problem(error instanceof SiteError ? error.message : `cannot read the search index: ${(error as Error).message}`);
      continue;
    }
    const expected = JSON.parse(renderSearchIndex(site.dataset, kind)) as SearchIndexFile;
    const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
    if (differs(index.ids, expected.ids)) problem('ids are not the entities in the default order');
    for (const filter of FILTERS) if (differs(index.postings[filter], expected.postings[filter])) problem(`postings of ${filter} differ from the entities`);
    if (differs(index.index, expected.index)) problem('the names differ from the entities');
  }
  return problems;
}
