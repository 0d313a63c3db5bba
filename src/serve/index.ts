/** The door of `serve` (the preview server): what other rooms may use of it. */
export { fileStore } from './file-store.js';
export { serve } from './serve.js';
export type { PreviewServer, ServeOptions } from './serve.js';
