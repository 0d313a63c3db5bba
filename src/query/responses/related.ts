/** A relation filter naming an entity the site does not have (docs/api.md#relations): a 404 naming the ids. */
import { relationOf, type DatasetQuery, type Relation } from '../semantics/index.js';
import { type Dataset } from '../dataset/index.js';

/** The message of the 404 for a relation filter naming ids (`missing`, at least one) that no entity of the related kind has. */
export function missingRelated(relation: Relation, missing: readonly string[]): string {
  const ids = missing.map((id) => JSON.stringify(id)).join(', ');
  return `${relation}: no ${relation} has the id${missing.length === 1 ? '' : 's'} ${ids}; search type=${relation} for the ids`;
}

/** The message of the 404 the query gets over `dataset`, when its relation filter names an id no entity has. */
export function unknownRelated(dataset: Dataset, query: DatasetQuery): string | undefined {
  const related = relationOf(query);
  if (related === undefined) return undefined;
  const held = new Set(dataset.entities[related.relation].map((entity) => entity.id));
  const missing = related.ids.filter((id) => !held.has(id));
  return missing.length === 0 ? undefined : missingRelated(related.relation, missing);
}
