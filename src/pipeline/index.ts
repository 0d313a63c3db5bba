/**
 * The door of `pipeline` (the build's stages in rooms; their clock, an entity's served layout, and the source formats): what other rooms
 * may use of it.
 */
export { SERVED_LAYOUT_VERSION, sourceFieldsOf } from './served-layout.js';
export { SOURCE_FORMATS } from './source-formats.js';
export { StageClock } from './stage-clock.js';
export type { BuildProgress, BuildStage } from './stage-clock.js';
