/**
 * Where worker threads start from: a worker module beside its caller, by its compiled
 * name (`./write-worker.js`) and the caller's `import.meta.url`; `undefined` when running
 * from the TypeScript sources (tests), where there is no compiled module to start: the
 * caller then does the work in its own thread.
 */
export function compiledWorkerUrl(file: string, callerUrl: string): URL | undefined {
  return callerUrl.endsWith('.js') ? new URL(file, callerUrl) : undefined;
}
