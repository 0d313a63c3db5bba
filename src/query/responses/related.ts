/** A relation filter naming an entity the site does not have (docs/api.md#relations): a 404 naming the id. */
import { relationOf, type DatasetQuery, type Relation } from '../semantics/index.js';
import { type Dataset } from '../dataset/index.js';

/** The message of the 404 for a relation filter whose id no entity of the related kind has. */
export function missingRelated(relation: Relation, id: string): string {
  return `${relation}: no ${relation} has the id ${JSON.stringify(id)}; search type=${relation} for the ids`;
}

/** The message of the 404 the query gets over `dataset`, when its relation filter names an id no entity has. */
export function unknownRelated(dataset: Dataset, query: DatasetQuery): string | undefined {
  const related = relationOf(query);
  if (related === undefined) return undefined;
  const held = dataset.entities[related.relation].some((entity) => entity.id === related.id);
  return held ? undefined : missingRelated(related.relation, related.id);
}
