/**
 * The door of `pipeline` (the build's stages in rooms; their clock, and an entity's served layout): what other rooms
 * may use of it.
 */
export { SERVED_LAYOUT_VERSION, sourceFieldsOf } from './served-layout.js';
export { StageClock } from './stage-clock.js';
export type { BuildProgress, BuildStage } from './stage-clock.js';
