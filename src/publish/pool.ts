/** Bounded parallelism for the requests of a publish. */

/**
 * Runs `task` on every item, at most `limit` at once. After the first failure no new task
 * starts; the ones under way are awaited, then that failure is thrown.
 */
export async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== undefined) throw failure.error;
}

/** `call` made to run at most `limit` at once: a call past the limit waits for one under way to end. */
export function limitConcurrency<A, R>(call: (arg: A) => Promise<R>, limit: number): (arg: A) => Promise<R> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (arg) => {
    if (running >= limit) await new Promise<void>((resume) => waiting.push(resume));
    running++;
    try {
      return await call(arg);
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
