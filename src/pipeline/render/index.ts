/**
 * The door of `pipeline/render` (stages 4 and 5, plan and render: which listings exist, every document as a stream):
 * what other rooms may use of it.
 */
export { planListings } from './plan.js';
export { renderDocuments, serializeDataset } from './render.js';
export type { RecordsInput, RenderedSite } from './render.js';
export { renderTermsAside } from './terms-aside.js';
