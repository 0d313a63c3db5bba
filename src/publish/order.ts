/**
 * The order of a publish's requests, so that a reader following links never reaches a
 * missing object. Objects at new keys go up first: nothing already in the bucket links to
 * them, so no reader can reach them until an object linking to them is written, and by
 * then every new object is there. Then the changed objects, which readers may be reading
 * now and whose links may point to the new ones. Kinds go in link order within each: entity
 * documents, then the listings, search indexes and other documents that point to them,
 * and the entry (`api/public/schema.json`) and the files at the site's root last. The
 * published manifest follows; deletions come after it, when nothing published links to
 * the deleted objects any more. New before changed matters: an entity and its relation
 * listing link to each other (exhibitions/E1.json and exhibitions/E1/exhibitors/1.json),
 * and a changed exhibitor uploaded with the entities could lead a reader to a new
 * exhibition whose exhibitors page is not there yet.
 */
import { SCHEMA_PATH } from '../query/formats/paths.js';
import { API_ROOT } from '../query/formats/urls.js';
import { COLLECTIONS, KINDS } from '../query/semantics/kinds.js';
import type { PublishPlan } from './plan.js';

/** One step of a publish: its requests may run in any order and in parallel, after every earlier step's. */
export type PublishPhase =
  | { action: 'upload'; name: string; paths: string[] }
  | { action: 'write-manifest'; name: string }
  | { action: 'delete'; name: string; paths: string[] };

const ENTITY = new RegExp(`^${API_ROOT}/(?:${KINDS.map((kind) => COLLECTIONS[kind]).join('|')})/[^/]+\\.json$`);

/** Orders a plan into phases (empty upload and deletion phases left out); the manifest is always written. */
export function publishPhases(plan: PublishPlan): PublishPhase[] {
  const groups = { 'new entities': [], 'new documents': [], 'changed entities': [], 'changed documents': [], 'entry and root files': [] } as Record<string, string[]>;
  for (const { path, isNew } of plan.uploads) {
    if (path === SCHEMA_PATH || !path.startsWith(`${API_ROOT}/`)) groups['entry and root files']!.push(path);
    else groups[`${isNew ? 'new' : 'changed'} ${ENTITY.test(path) ? 'entities' : 'documents'}`]!.push(path);
  }
  const phases: PublishPhase[] = Object.entries(groups)
    .filter(([, paths]) => paths.length > 0)
    .map(([name, paths]) => ({ action: 'upload', name, paths }));
  phases.push({ action: 'write-manifest', name: 'published manifest' });
  if (plan.deletions.length > 0) phases.push({ action: 'delete', name: 'deletions', paths: plan.deletions });
  return phases;
}
