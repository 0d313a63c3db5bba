/**
 * The order in which a changed site's documents may appear so that no reader ever follows
 * a link to a document that is not there yet: what is linked to before what links to it,
 * the entry points last. Updating a site in place (journal.ts) and publishing it
 * (publish/order.ts) use this one order.
 */
import { COLLECTIONS, KINDS } from '../query/semantics/index.js';
import { API_ROOT, STATE_FOLDER } from '../query/formats/index.js';

const ENTITY_FOLDERS = KINDS.map((kind) => `${API_ROOT}/${COLLECTIONS[kind]}/`);
const LEAF = new RegExp(`^${API_ROOT}/dataset/.+/leaves/(?:${KINDS.join('|')})/[0-9a-f]{12}(?:-\\d+)?\\.json$`);
const LEAF_MAP = new RegExp(`^${API_ROOT}/dataset/.+/leaves\\.json$`);

/**
 * The phase of a document, from 0 (first to appear) to 8 (last), each phase linking only
 * to earlier ones: 0 entity documents (their links to listing pages name pages that exist
 * before and after); 1 search shards, change sets and the parts of the bulk dumps; 2 listing and relation pages, which
 * link to entities; 3 the documents reached by their well-known paths that list those:
 * search index entries, the changes index, facet documents, the indexes of the bulk dumps, the OpenAPI
 * description and the entity schemas, the copies of the snapshots (docs/api.md#snapshots); 4 the facets index; 5
 * the schema document, the entry, which links to all of these; 6 the snapshot root, which names the current snapshot,
 * so that a reader finds every document of it in place; 7 every other file (`llms.txt`, the browse page, the host
 * files), which link to the entry; 8 the build's own files (`.dataset-site/`), which say
 * what the site holds. Removals come after every phase.
 */
export function linkPhase(path: string): number {
  if (path.startsWith(`${STATE_FOLDER}/`)) return 8;
  if (ENTITY_FOLDERS.some((folder) => path.startsWith(folder) && !path.slice(folder.length).includes('/'))) return 0;
  if (/^api\/public\/(?:search|dumps)\/[^/]+\/|^api\/public\/changes\/(?!index\.json$)/.test(path)) return 1;
  // A listing's leaves and their map (formats/listing-leaves.ts); no page's path ends so: a page's name is its number, after a filter's value.
  if (LEAF.test(path)) return 1;
  if (LEAF_MAP.test(path)) return 3;
  if (/^api\/public\/(?:dataset|regions|exhibitions)\//.test(path)) return 2;
  if (
    /^api\/public\/(?:search\/[^/]+\.json|changes\/index\.json|facets\/[^/]+\/|dumps\/[^/]+\.json$|schemas\/|openapi\.json$)/.test(
      path,
    )
  )
    return 3;
  // A snapshot's copy names its entries; the root names the current snapshot and is the one that changes last.
  if (path.startsWith('api/public/snapshots/')) return 3;
  if (path === 'api/public/facets/index.json') return 4;
  if (path === 'api/public/schema.json') return 5;
  if (path === 'api/public/snapshot.json') return 6;
  return 7;
}

/** A file to put in place: its path, and whether the site had none there before. */
export interface FileToPlace {
  path: string;
  isNew: boolean;
}

/** Files that may appear together, in any order, once every earlier group is in place. */
export interface LinkOrderGroup {
  name: string;
  paths: string[];
}

/**
 * The groups in which new and changed files may appear so that no reader follows a link
 * to a file not there yet: new files first, which nothing links to until a changed file
 * does (new entities, then the new documents linking to them), then the changed entities,
 * then the changed documents, then the documents reached by well-known paths, new or
 * changed, by phase (they come last even on a first publish), then the build's own files.
 * Within a group, paths by phase, then in path order; empty groups are left out.
 */
export function linkOrderGroups(files: Iterable<FileToPlace>): LinkOrderGroup[] {
  const groups: [name: string, test: (file: FileToPlace, phase: number) => boolean][] = [
    ['new entities', (file, phase) => file.isNew && phase === 0],
    ['new documents', (file, phase) => file.isNew && (phase === 1 || phase === 2)],
    ['changed entities', (file, phase) => !file.isNew && phase === 0],
    ['changed documents', (file, phase) => !file.isNew && (phase === 1 || phase === 2)],
    ['indexes', (_, phase) => phase === 3],
    ['index of facets', (_, phase) => phase === 4],
    ['the schema', (_, phase) => phase === 5],
    ['the snapshot root', (_, phase) => phase === 6],
    ['root files', (_, phase) => phase === 7],
    ["the build's own files", (_, phase) => phase === 8],
  ];
  const sorted = [...files].sort(
    (a, b) => linkPhase(a.path) - linkPhase(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  return groups
    .map(([name, test]) => ({
      name,
      paths: sorted.filter((file) => test(file, linkPhase(file.path))).map((file) => file.path),
    }))
    .filter((group) => group.paths.length > 0);
}
