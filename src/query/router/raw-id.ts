/**
 * Entities by their raw id (docs/api.md#raw-ids). Files are named by the escaped id
 * (`EXH~201.json`, segments.ts), which every `_links` URL holds; a client generated from
 * the OpenAPI document puts the raw id into the path percent-encoded instead
 * (`EXH%201.json`, `a%2Fb.json`). Where a router answers, a request for an entity document
 * or an exhibition's exhibitors page that names no file is read once more as such a raw id.
 */
import { entityPath, folderPages, relationFolder, API_ROOT } from '../formats/index.js';
import { COLLECTIONS, KINDS } from '../semantics/index.js';

const ENTITY = new RegExp(`^/${API_ROOT}/(${KINDS.map((kind) => COLLECTIONS[kind]).join('|')})/([^/]+)\\.json$`);
const EXHIBITORS_PAGE = new RegExp(`^/${API_ROOT}/${COLLECTIONS.exhibition}/([^/]+)/exhibitors/([1-9]\\d*)\\.json$`);

/**
 * The static path of the document a request path names when its id segment is the raw id
 * percent-encoded (`/api/public/exhibitors/EXH%201.json` → `api/public/exhibitors/EXH~201.json`),
 * or `undefined` when the path is not of an entity document or an exhibitors page, or its
 * segment does not decode. The id is escaped again, so no id can reach outside its folder.
 */
export function rawIdPath(requestPath: string): string | undefined {
  const entity = ENTITY.exec(requestPath);
  if (entity !== null) {
    const id = decoded(entity[2]!);
    const kind = KINDS.find((candidate) => COLLECTIONS[candidate] === entity[1])!;
    return id === undefined ? undefined : entityPath(kind, id);
  }
  const page = EXHIBITORS_PAGE.exec(requestPath);
  if (page !== null) {
    const id = decoded(page[1]!);
    return id === undefined ? undefined : folderPages(relationFolder({ id }, 'exhibitors'))(Number(page[2]));
  }
  return undefined;
}

function decoded(segment: string): string | undefined {
  try {
    const id = decodeURIComponent(segment);
    return id === '' ? undefined : id;
  } catch {
    return undefined;
  }
}
