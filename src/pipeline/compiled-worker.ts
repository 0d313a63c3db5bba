/** Where the build's worker threads start from. */

/**
 * The URL of a worker module of this folder, by its compiled name (`write-worker.js`), or
 * `undefined` when running from the TypeScript sources (tests), where there is no
 * compiled module to start: the caller then does the work in its own thread.
 */
export function compiledWorkerUrl(file: string): URL | undefined {
  const url = new URL(`./${file}`, import.meta.url);
  return import.meta.url.endsWith('.js') ? url : undefined;
}
