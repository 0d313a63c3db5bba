/** The door of `pipeline/render`: what other rooms may use of it. */
export { planListings } from './plan.js';
export type { PagedListing } from './plan.js';
export { renderDocuments, serializeDataset } from './render.js';
export type { RecordsInput, RenderedSite } from './render.js';
export { renderTermsAside } from './terms-aside.js';
