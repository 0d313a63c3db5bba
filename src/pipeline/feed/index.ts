/** The door of `pipeline/feed`: what other rooms may use of it. */
export { advanceFeed, entityDigests, readFeedState, renderFeed } from './changes.js';
export type { FeedState } from './changes.js';
export { checkShrink } from './shrink-guard.js';
