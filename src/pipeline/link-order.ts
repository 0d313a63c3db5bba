/**
 * The order in which a changed site's documents may appear so that no reader ever follows
 * a link to a document that is not there yet: what is linked to before what links to it,
 * the entry points last. Updating a site in place and publishing it use this one order.
 */
import { COLLECTIONS, KINDS } from '../query/semantics/kinds.js';
import { API_ROOT } from '../query/formats/urls.js';

const ENTITY_FOLDERS = KINDS.map((kind) => `${API_ROOT}/${COLLECTIONS[kind]}/`);

/**
 * The phase of a document, from 0 (first to appear) to 4 (last): 0 entity documents,
 * which link to listing pages that may not change; 1 search shards and change sets; 2 listing
 * and relation pages, which link to entities; 3 the entry points that link to those (the
 * schema, search index entries, the changes index, host files); 4 the build's own files
 * (`.dataset-site/`), which say what the site holds. Removals come after every phase.
 */
export function linkPhase(path: string): number {
  if (path.startsWith('.dataset-site/')) return 4;
  if (ENTITY_FOLDERS.some((folder) => path.startsWith(folder) && !path.slice(folder.length).includes('/'))) return 0;
  if (/^api\/public\/search\/[^/]+\/|^api\/public\/changes\/(?!index\.json$)/.test(path)) return 1;
  if (/^api\/public\/(?:dataset|regions|exhibitions)\//.test(path)) return 2;
  return 3;
}

/** Paths sorted by {@link linkPhase}, each phase in path order. */
export function inLinkOrder(paths: Iterable<string>): string[] {
  return [...paths].sort((a, b) => linkPhase(a) - linkPhase(b) || (a < b ? -1 : a > b ? 1 : 0));
}
