/** The search index files must be of a known version and agree with the entities. */
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { FILTERS, KINDS, SEARCH_INDEX_FORMAT, SEARCH_INDEX_VERSION, encodePostings, loadSearchIndex, searchIndexPath } from '../query/index.js';
import { readJson, type SiteOnDisk } from '../site/read-site.js';

interface SearchIndexFile {
  format?: string;
  kind?: string;
  version?: number;
  ids?: string[];
  postings?: Record<string, Record<string, string>>;
  index?: unknown;
}

/** Checks each kind's index: version, ids in the default order, postings, and that it loads. */
export async function checkSearchIndexes(site: SiteOnDisk, dir: string): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  for (const kind of KINDS) {
    const file = searchIndexPath(kind);
    const problem = (message: string) => problems.push({ code: 'site', severity: 'error', file: path.join(dir, file), message });
    let document: SearchIndexFile;
    try {
      document = (await readJson(site.dir, file)) as SearchIndexFile;
    } catch (error) {
      problem(`cannot read the search index: ${(error as Error).message}`);
      continue;
    }
    if (document.format !== SEARCH_INDEX_FORMAT || document.version !== SEARCH_INDEX_VERSION || document.kind !== kind) {
      problem(`search index ${JSON.stringify(document.format)} version ${JSON.stringify(document.version)} of ${JSON.stringify(document.kind)}; expected ${SEARCH_INDEX_FORMAT} version ${SEARCH_INDEX_VERSION} of ${kind}`);
      continue;
    }
    const ids = site.dataset.entities[kind].map((entity) => entity.id);
    if (JSON.stringify(document.ids) !== JSON.stringify(ids)) problem('ids are not the entities in the default order');
    for (const filter of FILTERS) {
      const want = JSON.stringify(encodePostings(site.dataset.postings(kind, filter)));
      if (JSON.stringify(document.postings?.[filter]) !== want) problem(`postings of ${filter} differ from the entities`);
    }
    try {
      if (loadSearchIndex(document.index).documentCount !== ids.length) problem('the index does not hold every entity');
    } catch (error) {
      problem(`the index does not load: ${(error as Error).message}`);
    }
  }
  return problems;
}
