/**
 * The door of `publish` (the site sent to an S3-compatible bucket, and publish --check): what other rooms may use of
 * it.
 */
export { checkPublished } from './check.js';
export type { Difference, PublishedCheck } from './check.js';
export type { PublishCredentials, PublishOptions } from './options.js';
export { publishSite } from './publish.js';
export type { PublishResult } from './publish.js';
export { readPublishedManifest } from './published-manifest.js';
