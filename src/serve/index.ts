/** The door of `serve`: what other rooms may use of it. */
export { serve } from './serve.js';
export type { PreviewServer, ServeOptions } from './serve.js';
