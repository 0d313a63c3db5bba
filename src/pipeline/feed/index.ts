/**
 * The door of `pipeline/feed` (the changes feed's state across builds, and the shrink guard that reads it): what other
 * rooms may use of it.
 */
export { advanceFeed, entityDigests, readFeedState, renderFeed } from './changes.js';
export type { FeedState } from './changes.js';
export { checkShrink } from './shrink-guard.js';
