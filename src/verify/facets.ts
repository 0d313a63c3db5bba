/** The facet documents must be those the entities make, none missing, none extra (docs/api.md#facets). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { facetDocument, facetPath, FACETS_INDEX_PATH, facetsIndexDocument } from '../query/formats/facets.js';
import { isStampedFrom } from '../query/formats/generated-at.js';
import { API_ROOT } from '../query/formats/urls.js';
import { FILTERS, KINDS } from '../query/semantics/kinds.js';
import type { SiteOnDisk } from '../site/read-site.js';

/** Checks every facet document and the index against what the entities make. */
export async function checkFacets(site: Pick<SiteOnDisk, 'dir' | 'dataset' | 'baseUrl'>, files: ReadonlySet<string>, dir: string): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  const expected = new Map<string, unknown>([[FACETS_INDEX_PATH, facetsIndexDocument(site.baseUrl)]]);
  for (const kind of KINDS) for (const filter of FILTERS) expected.set(facetPath(kind, filter), facetDocument(site.dataset, kind, filter, site.baseUrl));
  for (const [file, document] of expected) {
    const text = files.has(file) ? await readFile(path.join(site.dir, file), 'utf8') : undefined;
    if (text === undefined) problems.push({ code: 'invalid_site', severity: 'error', file: path.join(dir, file), message: 'this facet document is missing' });
    else if (!isStampedFrom(text, JSON.stringify(document))) problems.push({ code: 'invalid_site', severity: 'error', file: path.join(dir, file), message: 'this facet document differs from the one the entities make' });
  }
  for (const file of files) {
    if (file.startsWith(`${API_ROOT}/facets/`) && !expected.has(file)) problems.push({ code: 'invalid_site', severity: 'error', file: path.join(dir, file), message: 'a facet document the entities do not make' });
  }
  return problems;
}
