/** Default order of each kind (docs/api.md#order); ties by `id` in code-point order. */
import type { Kind } from './kinds.js';
import { compareCodePoints } from './text.js';
import type { Entity } from './entity.js';

type Compare = (a: Entity, b: Entity) => number;

const byKind: Record<Kind, Compare> = {
  exhibition: (a, b) => compareCodePoints(String(a.start_date), String(b.start_date)),
  exhibitor: (a, b) => Number(b.weight ?? 0) - Number(a.weight ?? 0),
  service_provider: (a, b) => Number(b.is_verified === true) - Number(a.is_verified === true),
};

// Compares two entities of a kind in the default order.
function compareDefault(kind: Kind, a: Entity, b: Entity): number {
  return byKind[kind](a, b) || compareCodePoints(a.id, b.id);
}

/** A copy of the entities sorted in the default order of their kind. */
export function sortDefault(kind: Kind, entities: readonly Entity[]): Entity[] {
  return [...entities].sort((a, b) => compareDefault(kind, a, b));
}
