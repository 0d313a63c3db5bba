/** A verify thread: runs the batches of document checks it is sent (see check-pool.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { runChecks, type Check, type CheckContext } from './check-batch.js';
import type { CheckReply } from './check-pool.js';

const context = workerData as CheckContext;

parentPort!.on('message', (batch: Check[]) => {
  let reply: CheckReply;
  try {
    reply = { outcomes: runChecks(batch, context) };
  } catch (error) {
    reply = { error: (error as Error).stack ?? String(error) };
  }
  parentPort!.postMessage(reply);
});
