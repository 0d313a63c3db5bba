/**
 * The order of a publish's requests, so that a reader following links never reaches a
 * missing object: the uploads in the groups of the one link order (site/link-order.ts:
 * new objects first, which nothing links to yet, then the changed ones, entities before the
 * documents linking to them, the entry and root files last), then the published manifest,
 * then the deletions, when nothing published links to the deleted objects any more.
 */
import { linkOrderGroups } from '../site/index.js';
import type { PublishPlan } from './publish-plan.js';

/** One step of a publish: its requests may run in any order and in parallel, after every earlier step's. */
export type PublishPhase =
  | { action: 'upload'; name: string; paths: string[] }
  | { action: 'write-manifest'; name: string }
  | { action: 'delete'; name: string; paths: string[] };

/** Orders a plan into phases (empty upload and deletion phases left out); the manifest is always written. */
export function publishPhases(plan: PublishPlan): PublishPhase[] {
  const phases: PublishPhase[] = linkOrderGroups(plan.uploads).map(({ name, paths }) => ({
    action: 'upload',
    name,
    paths,
  }));
  phases.push({ action: 'write-manifest', name: 'published manifest' });
  if (plan.deletions.length > 0) phases.push({ action: 'delete', name: 'deletions', paths: plan.deletions });
  return phases;
}
