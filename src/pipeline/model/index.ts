/**
 * The door of `pipeline/model` (stages 2 and 3, validate and model: zod per record, ids and relations, the entities):
 * what other rooms may use of it.
 */
export { modelEntities } from './model.js';
export { entityServer } from './served-entity.js';
export { validateRecords } from './validate.js';
