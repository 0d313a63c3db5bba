/** The door of `pipeline/model`: what other rooms may use of it. */
export { modelEntities } from './model.js';
export { entityServer } from './served-entity.js';
export { validateRecords } from './validate.js';
