/**
 * Runs batches of document checks (check-batch.ts) on every core: in worker threads when
 * running the compiled CLI, in the calling thread otherwise (tests from the sources).
 * The dumps' bytes live in shared memory, so a batch carries only what to compare.
 */
import { availableParallelism } from 'node:os';
import { compiledWorkerUrl, WorkerSlots } from '../shared/index.js';
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

/** Starts a pool of one worker a core (none when there is one core or no compiled worker). */
export function startCheckPool(context: CheckContext, threads = availableParallelism()): CheckPool {
  return WORKER_URL !== undefined && threads > 1
    ? new WorkerPool(WORKER_URL, context, threads)
    : new InlinePool(context);
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
  private readonly workers: WorkerSlots<Check[], CheckReply>;
  private readonly outcomes: CheckOutcome[] = [];

  constructor(url: URL, context: CheckContext, threads: number) {
    this.workers = new WorkerSlots<Check[], CheckReply>(url, context, threads, {
      name: 'a checker thread',
      reply: (reply) => {
        if ('error' in reply) return new Error(reply.error);
        this.outcomes.push(...reply.outcomes);
        return undefined;
      },
    });
  }

  submit(batch: Check[]): Promise<void> {
    return this.workers.post(batch);
  }

  async finish(): Promise<CheckOutcome[]> {
    try {
      await this.workers.idle();
      return this.outcomes;
    } finally {
      await this.workers.terminate();
    }
  }
}
