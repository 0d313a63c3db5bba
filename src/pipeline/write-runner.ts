/**
 * Runs batches of {@link WriteTask}s: in worker threads, so assembling and the file
 * system calls of both cores overlap with rendering in the main thread, or in the main
 * thread itself. Entity bytes live in shared memory, so workers receive only recipes.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compiledWorkerUrl } from './compiled-worker.js';
import { TaskWriter, type TaskWriterOptions, type WriteTask } from './write-task.js';

/** Takes batches of tasks; `run` resolves once the batch is accepted, `finish` once all are done. */
export interface TaskRunner {
  run(tasks: WriteTask[]): Promise<void>;
  /** Waits for every batch; rejects with the first failure. */
  finish(): Promise<void>;
  /** Stops the workers (after `finish`, or to give up). */
  close(): Promise<void>;
  /** Tasks done so far. */
  readonly done: number;
  /** Tasks whose file was hard-linked from the previous site. */
  readonly linked: number;
}

/** A message from a worker: a batch done, or the error that stopped it. */
export type WorkerReply =
  | { done: number; linked: number }
  | { error: { message: string; code?: string; syscall?: string; path?: string; stack?: string } };

const WORKER_URL = compiledWorkerUrl('write-worker.js');
const IN_FLIGHT_PER_WORKER = 2;

/** How many worker threads to write with: one per core (at most 4), none on a single core. */
export function defaultWriterThreads(): number {
  const cores = availableParallelism();
  return WORKER_URL !== undefined && cores > 1 ? Math.min(cores, 4) : 0;
}

/** Starts a runner with `threads` workers (0: in the main thread). */
export function startRunner(options: TaskWriterOptions, threads: number): TaskRunner {
  return threads > 0 && WORKER_URL !== undefined ? new WorkerRunner(WORKER_URL, options, threads) : new InlineRunner(options);
}

class InlineRunner implements TaskRunner {
  done = 0;
  linked = 0;
  private readonly writer: TaskWriter;

  constructor(options: TaskWriterOptions) {
    this.writer = new TaskWriter(options);
  }

  async run(tasks: WriteTask[]): Promise<void> {
    for (const task of tasks) if (this.writer.run(task)) this.linked++;
    this.done += tasks.length;
  }

  async finish(): Promise<void> {}
  async close(): Promise<void> {}
}

class WorkerRunner implements TaskRunner {
  done = 0;
  linked = 0;
  private readonly workers: { worker: Worker; inFlight: number }[];
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(url: URL, options: TaskWriterOptions, threads: number) {
    this.workers = Array.from({ length: threads }, () => {
      const slot = { worker: new Worker(url, { workerData: options }), inFlight: 0 };
      slot.worker.on('message', (reply: WorkerReply) => {
        slot.inFlight--;
        if ('error' in reply) this.fail(Object.assign(new Error(reply.error.message), reply.error));
        else {
          this.done += reply.done;
          this.linked += reply.linked;
        }
        this.signal();
      });
      slot.worker.on('error', (error) => this.fail(error));
      slot.worker.on('exit', (code) => code !== 0 && this.fail(new Error(`a writer thread exited with code ${code}`)));
      return slot;
    });
  }

  async run(tasks: WriteTask[]): Promise<void> {
    for (;;) {
      if (this.failure) throw this.failure;
      const slot = this.workers.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
      if (slot.inFlight < IN_FLIGHT_PER_WORKER) {
        slot.inFlight++;
        slot.worker.postMessage(tasks);
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  async finish(): Promise<void> {
    while (!this.failure && this.workers.some((slot) => slot.inFlight > 0)) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((slot) => slot.worker.terminate()));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.signal();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
