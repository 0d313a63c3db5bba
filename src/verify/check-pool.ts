/**
 * Runs batches of document checks (check-batch.ts) on every core: in worker threads when
 * running the compiled CLI, in the calling thread otherwise (tests from the sources).
 * The dumps' bytes live in shared memory, so a batch carries only what to compare.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compiledWorkerUrl } from '../compiled-worker.js';
import { runChecks, type Check, type CheckContext, type CheckOutcome } from './check-batch.js';

/** Takes batches of checks and gathers the documents that failed them. */
export interface CheckPool {
  /** Resolves once the batch is accepted: at once in the calling thread, when a worker has room otherwise. */
  submit(batch: Check[]): Promise<void>;
  /** Waits for every batch and stops the workers; the failed documents, in no set order. */
  finish(): Promise<CheckOutcome[]>;
}

/** A worker's reply: a batch's failed documents, or the error that stopped it. */
export type CheckReply = { outcomes: CheckOutcome[] } | { error: string };

const WORKER_URL = compiledWorkerUrl('./check-worker.js', import.meta.url);
const IN_FLIGHT_PER_WORKER = 2;

/** Starts a pool of one worker a core (none when there is one core or no compiled worker). */
export function startCheckPool(context: CheckContext, threads = availableParallelism()): CheckPool {
  return WORKER_URL !== undefined && threads > 1 ? new WorkerPool(WORKER_URL, context, threads) : new InlinePool(context);
}

class InlinePool implements CheckPool {
  private readonly outcomes: CheckOutcome[] = [];
  constructor(private readonly context: CheckContext) {}

  async submit(batch: Check[]): Promise<void> {
    this.outcomes.push(...runChecks(batch, this.context));
  }

  async finish(): Promise<CheckOutcome[]> {
    return this.outcomes;
  }
}

class WorkerPool implements CheckPool {
  private readonly slots: { worker: Worker; inFlight: number }[];
  private readonly outcomes: CheckOutcome[] = [];
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(url: URL, context: CheckContext, threads: number) {
    this.slots = Array.from({ length: threads }, () => {
      const slot = { worker: new Worker(url, { workerData: context }), inFlight: 0 };
      slot.worker.on('message', (reply: CheckReply) => {
        slot.inFlight--;
        if ('error' in reply) this.failure ??= new Error(reply.error);
        else this.outcomes.push(...reply.outcomes);
        this.signal();
      });
      slot.worker.on('error', (error) => {
        this.failure ??= error;
        this.signal();
      });
      return slot;
    });
  }

  async submit(batch: Check[]): Promise<void> {
    for (;;) {
      if (this.failure) throw this.failure;
      const slot = this.slots.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
      if (slot.inFlight < IN_FLIGHT_PER_WORKER) {
        slot.inFlight++;
        slot.worker.postMessage(batch);
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  async finish(): Promise<CheckOutcome[]> {
    try {
      while (!this.failure && this.slots.some((slot) => slot.inFlight > 0)) await new Promise<void>((resolve) => (this.wake = resolve));
      if (this.failure) throw this.failure;
      return this.outcomes;
    } finally {
      await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    }
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
