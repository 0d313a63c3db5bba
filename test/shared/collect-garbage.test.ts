/**
 * collectGarbage collects now: an object reachable only through a WeakRef is gone after it,
 * in the main thread and in a worker thread (where the term shards are made).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/shared/index.js';

// A WeakRef to an object of 8 MB that nothing else holds, made in a turn of its own: a WeakRef's target is kept to the end of the turn that made it, or that read it.
async function weaklyHeld(): Promise<WeakRef<object>> {
  const held = new WeakRef({ payload: new Array(1 << 20).fill(0) });
  await nextTurn();
  return held;
}

describe('collectGarbage', () => {
  it('collects an object nothing holds, at once', async () => {
    const held = await weaklyHeld();
    expect(held.deref()).toBeDefined();
    await nextTurn(); // deref keeps its target to the end of the turn too
    collectGarbage();
    expect(held.deref()).toBeUndefined();
  });

  it('collects in a worker thread too', async () => {
    // The worker runs the compiled module, as the build's threads do.
    const url = pathToFileURL(path.resolve('lib/shared/collect-garbage.js')).href;
    const script = `
      const { parentPort } = require('node:worker_threads');
      import(${JSON.stringify(url)}).then(async ({ collectGarbage }) => {
        const held = new WeakRef({ payload: new Array(1 << 20).fill(0) });
        await new Promise((resume) => setImmediate(resume));
        const before = held.deref() !== undefined;
        await new Promise((resume) => setImmediate(resume));
        collectGarbage();
        parentPort.postMessage([before, held.deref() !== undefined]);
      });`;
    const worker = new Worker(script, { eval: true });
    const [before, after] = await new Promise<[boolean, boolean]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect([before, after]).toEqual([true, false]);
  });
});
